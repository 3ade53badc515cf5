import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { expectAccessible, switchTheme, wcagViolations } from './support/accessibility';
import { requestContact } from './support/leads';
import { appAndBrowser, describeInBrowser, networkQuiet, newPage, signIn } from './support/browser';
import { expectScreenFits } from './support/layout';
import { CompanyMembershipService } from '../../application/companies/company-membership-service';
import { foldStream } from '../../kernel/command-handling/handle-command';
import { identityClaimDecider, identityClaimStream } from '../../domain/accounts/identity-claim';
import { createBuyers, events, PASSWORD, payAtSandbox, readModelsCaughtUp, signedIn } from '../support/buyers';

/** An analyst reads the sales and lead dashboards and exports the leads; an admin works a lead; a company reads its own figures. */
describeInBrowser('analytics and leads in the browser', () => {
  const { app, browser } = appAndBrowser();
  beforeAll(async () => {
    await requestContact(app, [
      ['Rosa Tapia', 'rosa.tapia@gmail.com', 'contact'],
      ['Hugo Lira', 'hugo.lira@gmail.com', 'advisor'],
    ]);
  });

  const settled = async (page: Page, heading: string) => {
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await networkQuiet(page);
    await page.locator('[role="status"]').filter({ hasText: 'Cargando' }).first().waitFor({ state: 'detached' });
  };

  it('analista@demo.cl filters the sales dashboard and exports the leads list as CSV', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'analista@demo.cl');
    await page.goto('/backoffice');
    await page.getByRole('navigation', { name: 'Navegación del back office' }).getByRole('link', { name: 'Dashboard de ventas' }).click();
    await settled(page, 'Dashboard de ventas');
    await page.getByRole('table', { name: 'Reservas por periodo' }).waitFor();
    await expectAccessible(page, 'dashboard de ventas');

    await page.getByRole('combobox', { name: 'Agrupar por' }).selectOption('week');
    await page.waitForURL(/granularity=week/);
    await page.getByRole('combobox', { name: 'Inmobiliaria' }).selectOption('inmobiliaria-andes');
    await page.waitForURL(/realEstateCompanyId=inmobiliaria-andes/);
    await settled(page, 'Dashboard de ventas');
    await page
      .getByRole('table', { name: 'Reservas por periodo' })
      .getByRole('rowheader', { name: /^Semana del \d{2}-\d{2}-\d{4}$/ })
      .first()
      .waitFor();
    await page
      .getByRole('table', { name: 'Embudo: visitas → leads → cotizaciones → reservas → confirmadas' })
      .getByRole('rowheader', { name: 'Visitas' })
      .waitFor();
    // The filtered dashboard is a link: a reload keeps it.
    await page.reload();
    await settled(page, 'Dashboard de ventas');
    expect(await page.getByRole('combobox', { name: 'Agrupar por' }).inputValue()).toBe('week');
    expect(await page.getByRole('combobox', { name: 'Inmobiliaria' }).inputValue()).toBe('inmobiliaria-andes');

    await page.goto('/backoffice/lead-dashboard');
    await settled(page, 'Dashboard de leads');
    await page.getByRole('table', { name: 'Leads por estado' }).getByRole('rowheader', { name: 'Sin terminar' }).waitFor();
    await expectAccessible(page, 'dashboard de leads');

    await page.goto('/backoffice/leads');
    await settled(page, 'Leads');
    await page.getByRole('combobox', { name: 'Origen' }).selectOption('advisor_request');
    await page.waitForURL(/source=advisor_request/);
    // The filtered page replaces the unfiltered one: wait for it (the URL changes first).
    await page.getByRole('link', { name: 'Rosa Tapia' }).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Hugo Lira' }).waitFor();
    await expectAccessible(page, 'leads');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('leads.csv');
    const csv = fs
      .readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter(Boolean);
    expect(csv[0]).toBe(
      'Nombre,Email,Teléfono,Estado,Origen,Puntaje,Preaprobado,Asesor,Contactar antes de,Creado,RUT,Empresa,Ingreso mensual,Visitas al sitio,Documentos descargados,Mensajes de chat',
    );
    expect(csv.slice(1).map((line) => line.split(',')[0])).toEqual(['Hugo Lira']);

    await page.getByRole('link', { name: 'Hugo Lira' }).click();
    await settled(page, 'Hugo Lira');
    await page.getByRole('list', { name: 'Línea de tiempo del lead' }).waitFor();
    // The analyst reads; no move or assignment is offered.
    expect(await page.getByRole('button', { name: /Mover a/ }).count()).toBe(0);
    await expectAccessible(page, 'detalle de lead (analista)');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an admin assigns a lead and moves it with a reason through the confirmation dialog', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'admin@demo.cl', '/backoffice');
    await page.goto('/backoffice/leads?search=rosa.tapia');
    await page.getByRole('link', { name: 'Rosa Tapia' }).click();
    await settled(page, 'Rosa Tapia');
    await page.getByRole('combobox', { name: 'Asignar a asesor' }).selectOption({ label: 'Camila Herrera' });
    await page.getByRole('button', { name: 'Asignar', exact: true }).click();
    await page.getByRole('listitem').filter({ hasText: 'Asignado a Camila Herrera' }).waitFor();
    await page.getByRole('button', { name: 'Marcar preaprobado' }).click();
    await page.locator('dt:has-text("Preaprobado") + dd').filter({ hasText: /^Sí$/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Marcar preaprobado' }).count()).toBe(0);
    const dialog = page.getByRole('dialog', { name: 'Mover el lead a «Rechazado»' });
    // The dialog in both themes (the theme switch sits behind the modal: close, switch, open again).
    const found: string[] = [];
    for (const mode of ['dark', 'light'] as const) {
      await switchTheme(page, mode);
      await page.getByRole('button', { name: 'Mover a «Rechazado»' }).click();
      await dialog.getByRole('button', { name: 'Confirmar cambio' }).click();
      await dialog.getByText('Indique el motivo (al menos 3 caracteres).').waitFor();
      found.push(...(await wcagViolations(page)).map((l) => `[cambio de estado, ${mode}] ${l}`));
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
    expect(found).toEqual([]);
    await page.getByRole('button', { name: 'Mover a «Rechazado»' }).click();
    await dialog.getByLabel('Motivo').fill('Sin interés en la comuna');
    await dialog.getByRole('button', { name: 'Confirmar cambio' }).click();
    await page.getByRole('listitem').filter({ hasText: 'Sin terminar → Rechazado: Sin interés en la comuna' }).waitFor();
    await page.getByText('Este lead está cerrado').waitFor();
    expect(await page.getByRole('button', { name: /Mover a/ }).count()).toBe(0);
    await expectAccessible(page, 'detalle de lead (admin)');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a real-estate company reads the analytics of its own projects in its portal', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'empresa@demo.cl', '/company-portal');
    await settled(page, 'Panel de la empresa');
    await page.getByText('Cifras de los proyectos de su inmobiliaria.').waitFor();
    await page.getByRole('table', { name: 'Visitas, favoritos, cotizaciones y reservas por proyecto' }).waitFor();
    await expectAccessible(page, 'panel inmobiliaria');
    await page.getByRole('link', { name: 'Analítica' }).first().click();
    await settled(page, 'Analítica');
    const conversion = page.getByRole('table', { name: 'Conversión por proyecto y tipología' });
    await conversion.waitFor();
    // The rate says what it divides, and stays within 0-100 % (drawn on its own percentage axis).
    await conversion.getByRole('columnheader', { name: 'Conversión (confirmadas / reservas)' }).waitFor();
    for (const cell of await conversion.locator('tbody tr td:last-child').allTextContents())
      expect(Number(cell.replace(/[^\d,]/g, '').replace(',', '.'))).toBeLessThanOrEqual(100);
    // No company filters: the server already scopes the figures to the company.
    expect(await page.getByRole('combobox', { name: 'Inmobiliaria' }).count()).toBe(0);
    await expectAccessible(page, 'portal inmobiliaria');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a partner employer reads its collaborators, campaigns and contribution in its portal', async () => {
    const [email] = await createBuyers(app, 1, ['company']);
    const userId = foldStream(identityClaimDecider, await events(app).readStream(identityClaimStream('email', email))).ownerId!;
    await new CompanyMembershipService(events(app)).grant(userId, 'banco-andino', {
      now: new Date(),
      actorId: 'test',
      actorRoles: ['admin'],
      correlationId: 'e2e-membership',
    });
    const { context, page, errors } = await newPage(browser, app.url);
    await page.goto('/login');
    await page.getByLabel('Email o RUT').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL('**/company-portal');
    await settled(page, 'Panel de la empresa');
    await page.getByText('Cifras de los colaboradores de su empresa.').waitFor();
    await page.getByRole('table', { name: 'Resultados de campañas' }).getByRole('rowheader', { name: 'Vivienda Banco Andino 2026' }).waitFor();
    await page.getByRole('heading', { name: 'Aporte de la empresa' }).waitFor();
    await expectAccessible(page, 'portal empresa en convenio');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a partner employer lists its collaborators' reservations and quotes, filters them, sees the contribution and exports the list", async () => {
    // colaborador@demo.cl (Banco Andino, 150 UF) quotes and reserves a unit and pays it.
    const collaborator = await signedIn(app, 'colaborador@demo.cl', process.env.DEMO_PASSWORD ?? 'Demo2026!');
    const unit = (await app.client().get('/api/v1/projects/parque-nunoa/units?available=true')).body.items[0];
    expect((await collaborator.post('/api/v1/quotes', { unitId: unit.id })).status).toBe(201);
    const reservation = await collaborator.post('/api/v1/reservations', { unitId: unit.id });
    expect(reservation.status).toBe(201);
    await payAtSandbox(collaborator, reservation.body.payment, 'approve');
    const [email] = await createBuyers(app, 1, ['company']);
    const userId = foldStream(identityClaimDecider, await events(app).readStream(identityClaimStream('email', email))).ownerId!;
    await new CompanyMembershipService(events(app)).grant(userId, 'banco-andino', {
      now: new Date(),
      actorId: 'test',
      actorRoles: ['admin'],
      correlationId: 'e2e-membership-lists',
    });
    await readModelsCaughtUp(app);

    const { context, page, errors } = await newPage(browser, app.url);
    await page.goto('/login');
    await page.getByLabel('Email o RUT').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL('**/company-portal');
    await settled(page, 'Panel de la empresa');
    // The menu is an employer's: its people's quotes and reservations, no listings to publish.
    const menu = page.getByRole('navigation', { name: 'Navegación del portal de empresas' });
    await menu.getByRole('link', { name: 'Reservas' }).waitFor();
    await menu.getByRole('link', { name: 'Colaboradores y configuración' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Publicaciones' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Reservas de colaboradores y aporte' }).click();
    await settled(page, 'Reservas de colaboradores');
    const table = page.getByRole('table', { name: 'Reservas de colaboradores' });
    await table.getByRole('row').filter({ hasText: 'Parque Ñuñoa' }).filter({ hasText: 'Pagado' }).first().waitFor();
    await page
      .locator('dt:has-text("Aporte pagado") + dd')
      .filter({ hasText: /^UF 1[\d.]*,00 \(/ })
      .waitFor();
    await expectAccessible(page, 'reservas de colaboradores');

    await page.getByRole('combobox', { name: 'Estado', exact: true }).selectOption('expired');
    await page.getByRole('button', { name: 'Aplicar filtros' }).click();
    await page.waitForURL(/status=expired/);
    await page.getByText('Sus colaboradores no tienen reservas con estos filtros.').waitFor();
    await page
      .locator('dt:has-text("Aporte pagado") + dd')
      .filter({ hasText: /^UF 0,00 \(0 / })
      .waitFor();
    await page.getByRole('combobox', { name: 'Estado', exact: true }).selectOption('confirmed');
    await page.getByRole('button', { name: 'Aplicar filtros' }).click();
    await page.waitForURL(/status=confirmed/);
    await table.getByRole('row').filter({ hasText: 'Parque Ñuñoa' }).first().waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('reservas-colaboradores.csv');
    const csv = fs
      .readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter(Boolean);
    expect(csv[0]).toBe('Colaborador,Proyecto,Unidad,Solicitada,Estado,Pago,Precio unidad,Monto reserva,Aporte empresa');
    // Amounts as people read them (es-CL), quoted where the decimal comma would split the cell.
    expect(csv.slice(1).every((line) => line.includes('Confirmada') && line.endsWith(',"UF 150,00"'))).toBe(true);

    await page.goto('/company-portal/quotes?project=parque');
    await settled(page, 'Cotizaciones de colaboradores');
    await page
      .getByRole('table', { name: 'Cotizaciones de colaboradores' })
      .getByRole('row')
      .filter({ hasText: 'Parque Ñuñoa' })
      .filter({ hasText: 'UF 150,00' })
      .first()
      .waitFor();
    await expectAccessible(page, 'cotizaciones de colaboradores');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a real-estate company lists its projects' quotes and reservations from its own menu; its settings offer no collaborators (issue 46, item 12)", async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'empresa@demo.cl', '/company-portal');
    await settled(page, 'Panel de la empresa');
    const menu = page.getByRole('navigation', { name: 'Navegación del portal de empresas' });
    await menu.getByRole('link', { name: 'Publicaciones' }).waitFor();

    await menu.getByRole('link', { name: 'Reservas' }).click();
    await settled(page, 'Reservas de sus proyectos');
    // The collaborator's paid reservation of the employer's test above is on a project of Inmobiliaria Andes.
    await page
      .getByRole('table', { name: 'Reservas de sus proyectos' })
      .getByRole('row')
      .filter({ hasText: 'Parque Ñuñoa' })
      .filter({ hasText: 'Pagado' })
      .first()
      .waitFor();
    for (const failure of ['El recurso solicitado no existe.', 'No fue posible calcular el aporte.']) expect(await page.getByText(failure).count()).toBe(0);
    await expectAccessible(page, 'reservas de la inmobiliaria');
    await expectScreenFits(page, 'reservas de la inmobiliaria', () => networkQuiet(page));

    await menu.getByRole('link', { name: 'Cotizaciones' }).click();
    await settled(page, 'Cotizaciones de sus proyectos');
    await page.getByRole('table', { name: 'Cotizaciones de sus proyectos' }).getByRole('row').filter({ hasText: 'Parque Ñuñoa' }).first().waitFor();
    expect(await page.getByText('El recurso solicitado no existe.').count()).toBe(0);
    await expectScreenFits(page, 'cotizaciones de la inmobiliaria', () => networkQuiet(page));

    await menu.getByRole('link', { name: 'Configuración' }).click();
    await page.getByRole('button', { name: 'Guardar perfil' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Importar colaboradores' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Colaboradores' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
