import { randomUUID } from 'node:crypto';
import { reservationOwingRefund } from '../api/audit-support';
import { createBuyers, payAtSandbox, signedIn } from '../support/buyers';
import { expectAccessible, wcagViolations } from './support/accessibility';
import { appAndBrowser, describeInBrowser, newPage, signIn } from './support/browser';

/**
 * The auditor's journey (issue 11): a buyer reserves and pays at the sandbox Webpay; the auditor opens
 * Auditoría > Pagos, filters by that reservation, follows it to its Historial and sees the confirmation,
 * who did it and when.
 */
describeInBrowser('auditor journey', () => {
  const { app, browser } = appAndBrowser();

  it('a buyer pays a reservation; the auditor finds it in Pagos and reads its history', async () => {
    const unit = (await app.client().get('/api/v1/projects/parque-nunoa/units?available=true')).body.items[0] as { id: string; unitNumber: string };

    // The buyer reserves and pays at the sandbox gateway.
    const buyer = await newPage(browser, app.url);
    await signIn(buyer.page, 'usuario@demo.cl', '/dashboard');
    await buyer.page.goto(`/projects/parque-nunoa?unit=${unit.id}`);
    await buyer.page.getByRole('button', { name: `Reservar unidad ${unit.unitNumber}` }).click();
    await buyer.page.getByRole('dialog', { name: 'Confirmar reserva' }).getByRole('button', { name: 'Confirmar y pagar' }).click();
    await buyer.page.waitForURL('**/payments/sandbox/pay**');
    await buyer.page.getByRole('button', { name: 'Aprobar pago' }).click();
    await buyer.page.waitForURL(/\/payment\/result\?.*status=confirmed/);
    await buyer.page.getByRole('heading', { name: '¡Reserva confirmada!' }).waitFor();
    const reservationId = new URL(buyer.page.url()).searchParams.get('reservationId')!;
    expect(reservationId).toBeTruthy();
    await buyer.context.close();

    // The auditor opens Auditoría > Pagos from the back office's sidebar.
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'auditor@demo.cl');
    await page.goto('/backoffice');
    const nav = page.getByRole('navigation', { name: 'Navegación del back office' });
    await nav.getByRole('link', { name: 'Pagos' }).click();
    await page.waitForURL('**/backoffice/payments');
    await page.getByRole('heading', { level: 1, name: 'Pagos' }).waitFor();
    await page.getByRole('table', { name: 'Libro de pagos' }).getByRole('row').nth(1).waitFor();
    await expectAccessible(page, 'payments ledger');

    // Filters by the reservation (the filter goes into the URL): its three steps, newest first.
    await page.getByLabel('Reserva (ID)').fill(reservationId);
    await page.getByRole('button', { name: 'Aplicar filtros' }).click();
    await page.waitForURL(new RegExp(`reservationId=${reservationId}`));
    const table = page.getByRole('table', { name: 'Libro de pagos' });
    await table.getByRole('cell', { name: 'Pasarela: pago aprobado' }).waitFor();
    await table.getByRole('cell', { name: 'Reserva confirmada', exact: true }).first().waitFor();
    expect(await table.locator('tbody tr').count()).toBe(3);
    await expectAccessible(page, 'payments ledger, filtered');

    // Follows the reservation to its history: the confirmation, by whom and when.
    await table
      .getByRole('link', { name: new RegExp(`^Reserva ${reservationId.slice(0, 8)}`) })
      .first()
      .click();
    await page.waitForURL(new RegExp(`/backoffice/reservations/${reservationId}`));
    await page.getByRole('tab', { name: 'Historial', selected: true }).waitFor();
    const history = page.getByRole('table', { name: 'Historial de la reserva' });
    const confirmed = history.getByRole('row').filter({ hasText: 'Reserva confirmada' });
    await confirmed.waitFor();
    expect(await confirmed.textContent()).toMatch(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}.*Reserva confirmada.*Sistema/);
    const paid = history.getByRole('row').filter({ hasText: 'Pago aprobado por la pasarela' });
    expect(await paid.textContent()).toMatch(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}.*Pago aprobado por la pasarela.*Valentina Castro Núñez/);
    await history.getByRole('row').filter({ hasText: 'Estado: Pago iniciado → Confirmada' }).waitFor();
    await expectAccessible(page, 'reservation history');

    // The summary tab, by keyboard.
    await page.getByRole('tab', { name: 'Historial' }).press('ArrowLeft');
    await page.getByRole('tab', { name: 'Resumen', selected: true }).waitFor();
    await page.getByText('Valentina Castro Núñez (usuario@demo.cl)').waitFor();
    await expectAccessible(page, 'reservation summary');
    // Auditors read; they are offered no action on the reservation.
    expect(await page.getByRole('heading', { name: 'Acciones' }).count()).toBe(0);

    // Comercial > Reservas lists it too; the auditor cannot record refunds.
    await nav.getByRole('link', { name: 'Reservas' }).click();
    await page
      .getByRole('table', { name: 'Reservas' })
      .getByRole('link', { name: `Edificio Parque Ñuñoa, unidad ${unit.unitNumber}` })
      .waitFor();
    await expectAccessible(page, 'reservations list');
    await nav.getByRole('link', { name: 'Cotizaciones' }).click();
    await page.getByRole('heading', { level: 1, name: 'Cotizaciones' }).waitFor();
    await page.getByRole('table', { name: 'Cotizaciones' }).waitFor();
    await expectAccessible(page, 'quotes list');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an admin cancels a paid reservation with a reason, refunds it through the gateway and extends another hold; each shows in the Historial with who and why', async () => {
    const units = (await app.client().get('/api/v1/projects/parque-nunoa/units?available=true')).body.items as { id: string; unitNumber: string }[];
    // Two buyers of their own (one active reservation each).
    const [buyer, other] = await Promise.all((await createBuyers(app, 2)).map((email) => signedIn(app, email)));
    const paid = await buyer.post('/api/v1/reservations', { unitId: units[0].id });
    expect((await payAtSandbox(buyer, paid.body.payment, 'approve')).result).toContain('status=confirmed');
    const unpaid = await other.post('/api/v1/reservations', { unitId: units[1].id });
    expect(unpaid.status).toBe(201);

    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'admin@demo.cl');
    await page.goto(`/backoffice/reservations/${paid.body.reservationId}`);
    const actions = page.getByRole('region', { name: 'Acciones' });
    await actions.getByRole('button', { name: 'Cancelar reserva' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancelar reserva' });
    await cancel.getByText(`¿Cancelar la reserva de la unidad ${units[0].unitNumber} de Edificio Parque Ñuñoa`, { exact: false }).waitFor();
    await cancel.getByText('queda pendiente de reembolso', { exact: false }).waitFor();
    await cancel.getByRole('button', { name: 'Cancelar reserva' }).click();
    await cancel.getByText('Escriba el motivo (al menos 3 caracteres): queda en el historial.').waitFor();
    expect(await wcagViolations(page)).toEqual([]);
    await cancel.getByLabel('Motivo').fill('El banco rechazó el crédito hipotecario');
    await cancel.getByRole('button', { name: 'Cancelar reserva' }).click();
    await cancel.waitFor({ state: 'hidden' });
    await page.getByText('Reserva cancelada. La unidad quedó disponible.').waitFor();
    await page
      .getByRole('definition')
      .filter({ hasText: /^Cancelada$/ })
      .waitFor();

    // The payment is owed back: refunded through the gateway from the same screen.
    await actions.getByRole('button', { name: 'Reembolsar pago' }).click();
    const refund = page.getByRole('dialog', { name: 'Reembolsar pago' });
    await refund.getByText(/^¿Reembolsar \$500\.000 a .+ por la reserva de la unidad/).waitFor();
    await refund.getByLabel('Motivo').fill('Crédito rechazado: se devuelve la reserva');
    await refund.getByRole('button', { name: 'Reembolsar' }).click();
    await refund.waitFor({ state: 'hidden' });
    await page.getByText('Pago reembolsado en la pasarela.').waitFor();
    await page.getByText('Reembolsado', { exact: true }).waitFor();
    expect(await page.getByRole('region', { name: 'Acciones' }).count()).toBe(0);

    await page.getByRole('tab', { name: 'Historial' }).click();
    const rows = page.getByRole('table', { name: 'Historial de la reserva' }).getByRole('row');
    expect(await rows.filter({ hasText: 'Reserva cancelada' }).textContent()).toMatch(
      /Reserva cancelada.*Andrés Muñoz Soto.*Cancelada por el equipo comercial: El banco rechazó el crédito hipotecario/,
    );
    expect(await rows.filter({ hasText: 'Reembolso registrado' }).textContent()).toMatch(
      /Reembolso registrado.*Andrés Muñoz Soto.*Crédito rechazado: se devuelve la reserva/,
    );
    await expectAccessible(page, 'reservation cancelled and refunded, history');

    // Another buyer's unpaid hold gets more time.
    await page.goto(`/backoffice/reservations/${unpaid.body.reservationId}`);
    await actions.getByRole('button', { name: 'Extender retención' }).click();
    const extend = page.getByRole('dialog', { name: 'Extender retención' });
    await extend.getByLabel('Tiempo adicional').selectOption('60');
    await extend.getByLabel('Motivo').fill('Espera la transferencia de su banco');
    await extend.getByRole('button', { name: 'Extender retención' }).click();
    await extend.waitFor({ state: 'hidden' });
    await page.getByText('Retención extendida.').waitFor();
    await page.getByRole('tab', { name: 'Historial' }).click();
    expect(await rows.filter({ hasText: 'Retención de la unidad extendida' }).textContent()).toMatch(/Andrés Muñoz Soto.*Espera la transferencia de su banco/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an admin records a refund owed on a reservation, with the gateway’s reference; it shows in its history', async () => {
    const project = (await app.client().get('/api/v1/projects/parque-nunoa')).body as { id: string };
    const reservationId = await reservationOwingRefund(app, project.id, randomUUID());

    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'admin@demo.cl');
    await page.goto(`/backoffice/reservations/${reservationId}`);
    const form = page.getByRole('region', { name: 'Registrar reembolso' });
    await form.waitFor();
    await expectAccessible(page, 'reservation owing a refund');
    await form.getByRole('button', { name: 'Registrar reembolso' }).click();
    await form.getByText('Algunos datos no son válidos. Revise el formulario.').waitFor();
    await form.getByLabel('Referencia de la pasarela').fill('TBK-ANUL-424242');
    await form.getByLabel('Motivo').fill('Reversa hecha en el portal de la pasarela');
    await form.getByRole('button', { name: 'Registrar reembolso' }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByText('Reembolsado', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Historial' }).click();
    const refunded = page.getByRole('table', { name: 'Historial de la reserva' }).getByRole('row').filter({ hasText: 'Reembolso registrado' });
    await refunded.waitFor();
    expect(await refunded.textContent()).toMatch(/Reembolso registrado.*Andrés Muñoz Soto.*Reversa hecha en el portal de la pasarela.*TBK-ANUL-424242/);
    await expectAccessible(page, 'reservation refunded, history');

    // A company's detail has its Historial too.
    await page.goto('/backoffice/companies/inmobiliaria-andes');
    await page.getByRole('table', { name: 'Historial de la empresa' }).getByRole('row').filter({ hasText: 'Empresa registrada' }).waitFor();
    await expectAccessible(page, 'company detail with its history');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a user’s detail shows the Historial of the account and its roles', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'auditor@demo.cl');
    await page.goto('/backoffice/users?search=usuario%40demo.cl');
    await page.getByRole('link', { name: 'Valentina Castro Núñez' }).click();
    const history = page.getByRole('table', { name: 'Historial de la cuenta y sus roles' });
    await history.getByRole('row').filter({ hasText: 'Cuenta creada' }).waitFor();
    expect(await history.getByRole('row').filter({ hasText: 'Cuenta creada' }).textContent()).toMatch(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}Cuenta creadaSistema/);
    await expectAccessible(page, 'user detail with its history');
    expect(errors).toEqual([]);
    await context.close();
  });
});
