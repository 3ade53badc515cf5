import type { Page } from 'playwright-core';
import { expectAccessible, wcagViolations } from './support/accessibility';
import { appAndBrowser, describeInBrowser, newPage } from './support/browser';

/**
 * The buyer's journey in real headless Chromium against the started platform (web + API in one process,
 * the sandbox payment gateway's pages, mail over SMTP to the test's own server).
 */
describeInBrowser('buyer journey', () => {
  const { app, browser } = appAndBrowser();

  const PROJECT = '/projects/parque-nunoa';
  const unitPage = (unitNumber: string) => `${PROJECT}?unit=parque-nunoa-${unitNumber}`;

  const fillLogin = async (page: Page, login: string, password = 'Demo2026!') => {
    await page.getByLabel('Email o RUT').fill(login);
    await page.getByLabel('Contraseña', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
  };

  const signIn = async (page: Page, login: string) => {
    await page.goto('/login');
    await fillLogin(page, login);
    await page.waitForURL('**/dashboard');
  };

  /** The monthly dividend the calculator shows (the headline, an aria-live status). */
  const dividend = (page: Page) => page.getByRole('status').filter({ hasText: /^UF .* · \$/ });

  it('filters, opens a project, simulates, signs in as the collaborator, reserves, pays and sees it confirmed; another buyer sees the unit reserved', async () => {
    const { context, page, errors } = await newPage(browser, app.url);

    // A visitor filters the catalogue: departments in Ñuñoa (both in the URL).
    await page.goto('/projects');
    await page.getByText(/\d+ proyectos encontrados/).waitFor();
    await expectAccessible(page, 'explore');
    await page
      .getByRole('group', { name: 'Tipo de propiedad' })
      .getByLabel(/^Departamento/)
      .click();
    await page.waitForURL(/propertyType=department/);
    await page.getByLabel('Comuna').selectOption('13120');
    await page.waitForURL(/commune=13120/);
    await page.getByText('1 proyecto encontrado').waitFor();
    await page.getByRole('link', { name: 'Edificio Parque Ñuñoa' }).click();
    await page.waitForURL(`**${PROJECT}`);
    await page.getByRole('heading', { level: 1, name: 'Edificio Parque Ñuñoa' }).waitFor();

    // The calculator works before choosing a unit (spec §9 defaults), then with a unit's price.
    await dividend(page).waitFor();
    await page.getByRole('button', { name: 'Seleccionar unidad 301' }).click();
    await page.waitForURL(/unit=parque-nunoa-301/);
    await page.getByText(/Unidad 301, precio normal/).waitFor();
    const before = await dividend(page).textContent();
    await page.getByLabel('Pie (% del precio)').fill('30');
    await dividend(page)
      .filter({ hasNotText: before ?? '' })
      .waitFor();
    await page.getByText(/Valores en pesos con la UF del \d{2}-\d{2}-\d{4}/).waitFor();
    await expectAccessible(page, 'project page, unit selected');

    // Another buyer has the same unit open (the catalogue says available) before the collaborator reserves it.
    const other = await newPage(browser, app.url);
    await signIn(other.page, 'usuario@demo.cl');
    await other.page.goto(unitPage('301'));
    await other.page.getByRole('button', { name: 'Reservar unidad 301' }).waitFor();

    // Reserving asks the visitor to sign in, and comes back to the same unit.
    await page.getByRole('button', { name: 'Inicie sesión para reservar' }).click();
    await page.waitForURL(/\/login\?redirect=/);
    await expectAccessible(page, 'sign in');
    await fillLogin(page, 'colaborador@demo.cl');
    await page.waitForURL(/\/projects\/parque-nunoa\?unit=parque-nunoa-301/);
    // Signed in as a collaborator: the company's contribution is part of the down payment.
    await page.getByText(/su empresa aporta UF 150,00/).waitFor();

    // The quote PDF by email arrives over SMTP.
    await page.getByRole('button', { name: 'Enviar cotización PDF a mi email' }).click();
    await page
      .getByText(/Enviamos la cotización a colaborador@demo.cl/)
      .first()
      .waitFor();
    const mail = await app.mail.waitFor((m) => m.to.includes('colaborador@demo.cl') && m.attachments.some((a) => a.contentType === 'application/pdf'));
    expect(mail.attachments[0].content.subarray(0, 5).toString()).toBe('%PDF-');

    // Reserve: first the summary to confirm (nothing is held yet), then the steps, then the sandbox Webpay page.
    await page.getByRole('button', { name: 'Reservar unidad 301' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmar reserva' });
    const summary = confirm.getByRole('definition');
    await summary.filter({ hasText: /^301, Edificio Parque Ñuñoa$/ }).waitFor();
    await summary.filter({ hasText: /^UF [\d.]+,\d{2} · \$[\d.]+$/ }).waitFor();
    await summary.filter({ hasText: /^\$500\.000 en Webpay/ }).waitFor();
    await summary.filter({ hasText: 'La unidad queda a su nombre por 15 minutos mientras paga' }).waitFor();
    await summary.filter({ hasText: 'Si el banco no aprueba su crédito hipotecario' }).waitFor();
    await summary.filter({ hasText: 'Puede anular sin costo mientras no pague' }).getByRole('link', { name: 'Términos y condiciones' }).waitFor();
    await confirm.getByText(/Pesos con la UF del \d{2}-\d{2}-\d{4}/).waitFor();
    expect(await wcagViolations(page)).toEqual([]);
    // Going back holds nothing; the other buyer still sees the unit available.
    await confirm.getByRole('button', { name: 'Volver' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Reservar unidad 301' }).click();
    await confirm.getByRole('button', { name: 'Confirmar y pagar' }).click();
    await page.getByRole('list', { name: 'Progreso de la reserva' }).waitFor();
    await page.waitForURL('**/payments/sandbox/pay**');
    await page.getByRole('heading', { name: /Webpay Plus/ }).waitFor();

    // Meanwhile the other buyer tries the same unit: 409 with the catalogue's message and actions.
    await other.page.getByRole('button', { name: 'Reservar unidad 301' }).click();
    await other.page.getByText('Esta unidad ya fue reservada por otro cliente.').waitFor();
    await other.page.getByRole('button', { name: 'Explorar otras unidades' }).waitFor();
    await other.page.getByRole('button', { name: 'Contactar a ventas' }).waitFor();
    await expectAccessible(other.page, 'project page, unit already reserved');
    // ...and asks to be told if it frees up ("Configurar alertas"): an availability alert is set.
    await other.page.getByRole('button', { name: 'Configurar alertas' }).click();
    await other.page.getByText('Le avisaremos por correo cuando la unidad 301 se libere.').waitFor();

    // The collaborator approves the payment and lands on the confirmed page.
    await page.getByRole('button', { name: 'Aprobar pago' }).click();
    await page.waitForURL(/\/payment\/result\?.*status=confirmed/);
    await page.getByRole('heading', { name: '¡Reserva confirmada!' }).waitFor();
    await page.getByText(/la unidad 301 del proyecto Edificio Parque Ñuñoa quedó reservada a su nombre/).waitFor();
    await page.getByRole('link', { name: 'Descargar comprobante (PDF)' }).waitFor();
    await expectAccessible(page, 'payment confirmed');

    // The other buyer now sees the unit reserved, and cannot reserve it.
    await other.page.goto(unitPage('301'));
    const aside = other.page.locator('section[aria-labelledby="titulo-su-unidad"]');
    await aside.getByText('Reservada', { exact: true }).waitFor();
    expect(await other.page.getByRole('button', { name: 'Reservar unidad 301' }).isDisabled()).toBe(true);
    await other.page.getByRole('row', { name: /^301 / }).getByText('Reservada').waitFor();
    // Their alert waits in "Mis alertas", removable.
    await other.page.goto('/dashboard/alerts');
    const alertRow = other.page.getByRole('row', { name: /Edificio Parque Ñuñoa.*Unidad 301/ });
    await alertRow.getByText('Activa').waitFor();
    await alertRow.getByRole('button', { name: 'Quitar alerta de la unidad 301 de Edificio Parque Ñuñoa' }).waitFor();
    await expectAccessible(other.page, 'my alerts');
    // Removing it asks first (the kit's confirm dialog); the row goes once the server has removed it.
    await alertRow.getByRole('button', { name: 'Quitar alerta de la unidad 301 de Edificio Parque Ñuñoa' }).click();
    const removeDialog = other.page.getByRole('dialog', { name: 'Quitar alerta' });
    await removeDialog.getByText('¿Quitar alerta de la unidad 301 de Edificio Parque Ñuñoa? Ya no le avisaremos por correo.').waitFor();
    expect(await wcagViolations(other.page)).toEqual([]);
    await removeDialog.getByRole('button', { name: 'Quitar alerta' }).click();
    await removeDialog.waitFor({ state: 'hidden' });
    await other.page.getByText('Alerta quitada.').waitFor();
    await alertRow.waitFor({ state: 'detached' });

    // My reservations lists it as confirmed.
    await page.getByRole('link', { name: 'Ver mis reservas' }).click();
    await page
      .getByRole('row', { name: /Edificio Parque Ñuñoa.*301/ })
      .getByText('Confirmada', { exact: true })
      .waitFor();
    await expectAccessible(page, 'my reservations');

    expect(errors).toEqual([]);
    expect(other.errors).toEqual([]);
    await other.context.close();
    await context.close();
  });

  it('a rejected payment ends on the failure page with "try again", which starts over at the gateway', async () => {
    // Another buyer than the first journey's: the collaborator's confirmed reservation is their one active reservation.
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'usuario@demo.cl');
    await page.goto(unitPage('303'));
    await page.getByRole('button', { name: 'Reservar unidad 303' }).click();
    await page.getByRole('dialog', { name: 'Confirmar reserva' }).getByRole('button', { name: 'Confirmar y pagar' }).click();
    await page.waitForURL('**/payments/sandbox/pay**');
    await page.getByRole('button', { name: 'Rechazar pago' }).click();

    await page.waitForURL(/\/payment\/result\?.*status=failed/);
    await page.getByRole('heading', { name: 'Su pago no pudo ser procesado' }).waitFor();
    await expectAccessible(page, 'payment failed');
    const tryAgain = page.getByRole('button', { name: 'Intentar nuevamente' });
    await tryAgain.waitFor();
    // The failed payment released the unit: trying again holds it anew and goes back to the gateway.
    await page.locator('button:not([disabled])', { hasText: 'Intentar nuevamente' }).waitFor();
    await tryAgain.click();
    await page.waitForURL('**/payments/sandbox/pay**');
    // Voiding the purchase at Webpay is the buyer's choice, not a failure: its own heading and message, no card advice.
    await page.getByRole('button', { name: 'Anular compra y volver al comercio' }).click();
    await page.waitForURL(/\/payment\/result\?.*status=cancelled/);
    await page.getByRole('heading', { name: 'Compra anulada' }).waitFor();
    await page.getByText('Usted anuló la compra en Webpay: no se hizo ningún cargo y la reserva quedó anulada.', { exact: false }).waitFor();
    expect(await page.getByText('Su pago no pudo ser procesado').count()).toBe(0);
    expect(await page.getByText('Verifique los datos de su tarjeta').count()).toBe(0);
    await page.getByRole('link', { name: 'Volver al proyecto' }).waitFor();
    await expectAccessible(page, 'purchase voided');
    await page.goto('/dashboard/reservations');
    await page
      .getByRole('row', { name: /Edificio Parque Ñuñoa.*303/ })
      .filter({ hasText: 'Cancelada' })
      .waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('a hold left at the gateway is cancelled from "Mis reservas", after a confirmation, and the unit is free again', async () => {
    const unit = (await app.client().get('/api/v1/projects/parque-nunoa/units?available=true')).body.items[0] as { id: string; unitNumber: string };
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'usuario@demo.cl');
    await page.goto(`${PROJECT}?unit=${unit.id}`);
    await page.getByRole('button', { name: `Reservar unidad ${unit.unitNumber}` }).click();
    await page.getByRole('dialog', { name: 'Confirmar reserva' }).getByRole('button', { name: 'Confirmar y pagar' }).click();
    await page.waitForURL('**/payments/sandbox/pay**');

    await page.goto('/dashboard/reservations');
    const row = page.getByRole('row', { name: new RegExp(`Edificio Parque Ñuñoa.*Unidad ${unit.unitNumber}`) });
    await row.getByRole('button', { name: 'Anular' }).click();
    const dialog = page.getByRole('dialog', { name: 'Anular reserva' });
    await dialog.getByText(`¿Anular la reserva de la unidad ${unit.unitNumber} de Edificio Parque Ñuñoa?`, { exact: false }).waitFor();
    expect(await wcagViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Anular reserva' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Reserva anulada. La unidad quedó disponible nuevamente.').waitFor();
    await row.getByText('Cancelada', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: 'Anular' }).count()).toBe(0);
    const again = (await app.client().get('/api/v1/projects/parque-nunoa/units?available=true')).body.items as { id: string }[];
    expect(again.map((u) => u.id)).toContain(unit.id);

    expect(errors).toEqual([]);
    await context.close();
  });
});
