import sharp from 'sharp';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { expectAccessible, switchTheme, wcagViolations } from './support/accessibility';
import { moveByKeyboard } from './support/keyboard-drag';
import { appAndBrowser, describeInBrowser, newPage, signIn } from './support/browser';

/**
 * The catalogue's back office in Chromium against the started platform (demo catalogue seeded): a project
 * created with a unit and enabled reaches the public explore page; a stale edit is refused and explained;
 * the featured order changed by keyboard is the home page's; the real-estate portal lists only its company's.
 */
interface PageDocument {
  querySelector(selector: string): unknown;
  querySelectorAll(selector: string): ArrayLike<{ textContent: string | null }>;
}

/** In the page: the projects table has loaded (not busy) with rows. A function: the app's CSP forbids eval. */
const projectRowsShown = (): boolean => {
  const doc = (globalThis as unknown as { document: PageDocument }).document;
  return !doc.querySelector('table[aria-busy]') && doc.querySelectorAll('table tbody tr th a').length > 0;
};

/** In the page: the loaded projects table shows only rows of this build status (its 5th column). */
const onlyBuildStatusShown = (label: string): boolean => {
  const doc = (globalThis as unknown as { document: PageDocument }).document;
  const cells = Array.from(doc.querySelectorAll('table tbody tr td:nth-child(5)'));
  return !doc.querySelector('table[aria-busy]') && cells.length > 0 && cells.every((c) => c.textContent === label);
};

const isFocused = (el: unknown): boolean => el === (el as { ownerDocument: { activeElement: unknown } }).ownerDocument.activeElement;

const PROJECT_NAME = 'Torre Mirador Andino';

/** Fills the new-project form's required fields as a person would. */
const fillProject = async (page: Page) => {
  const form = page.getByRole('form', { name: 'Nuevo proyecto' });
  await form.getByLabel('Nombre del proyecto').fill(PROJECT_NAME);
  await form.getByLabel('Inmobiliaria', { exact: true }).selectOption('inmobiliaria-andes');
  await form.getByLabel('Fecha de entrega').fill('2028-03');
  await form.getByLabel('Dirección').fill('Av. Grecia 1500');
  await form.getByLabel('Región').selectOption('13');
  await form.getByLabel('Comuna').selectOption('13120');
  await form.getByLabel('Ciudad').fill('Santiago');
  await form.getByLabel('Latitud').fill('-33,4601');
  await form.getByLabel('Longitud').fill('-70,5932');
  await form.getByLabel('Valor de la reserva (CLP)').fill('250000');
  await form.getByLabel('Descripción', { exact: true }).fill('Departamentos con vista a la cordillera.');
  await form.getByLabel('Teléfono de contacto').fill('+56 2 2654 3210');
  await form.getByLabel('Operador', { exact: true }).fill('Camila Herrera');
};

describeInBrowser('catalogue operations (back office and real-estate portal)', () => {
  const { app, browser } = appAndBrowser();

  it('an admin creates a project with a unit, enables it after confirming, and buyers find it on /projects', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    page.setDefaultTimeout(10_000);
    await signIn(page, 'admin@demo.cl');
    await page.goto('/backoffice');
    const nav = page.getByRole('navigation', { name: 'Navegación del back office' });
    await nav.getByRole('link', { name: 'Destacados' }).waitFor();
    expect(await nav.getByRole('list', { name: 'Catálogo' }).getByRole('link').allTextContents()).toEqual(['Proyectos', 'Destacados', 'Carga masiva']);
    await nav.getByRole('link', { name: 'Proyectos' }).click();
    await page.waitForFunction(projectRowsShown);
    await page.getByLabel('Construcción').selectOption('IMMEDIATE_DELIVERY');
    await page.waitForURL(/buildStatus=IMMEDIATE_DELIVERY/);
    // The router commits the new URL before React renders its list: wait for the filtered rows themselves.
    await page.waitForFunction(onlyBuildStatusShown, 'Entrega inmediata');
    expect(new Set(await page.getByRole('table', { name: 'Lista de proyectos' }).locator('tbody tr td:nth-child(5)').allTextContents())).toEqual(
      new Set(['Entrega inmediata']),
    );
    await expectAccessible(page, 'projects list');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('proyectos.csv');
    const csv = fs
      .readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(csv[0]).toBe('Proyecto,Inmobiliaria,Comuna,Tipo,Construcción,Unidades disponibles,Estado,Modificado');
    expect(csv.length - 1).toBe(Number(/(\d+) resultados?/.exec((await page.getByText(/resultados?$/).textContent()) ?? '')?.[1]));
    expect(csv.slice(1).every((line) => line.includes(',Entrega inmediata,'))).toBe(true);

    await page.getByRole('link', { name: 'Nuevo proyecto' }).click();
    const form = page.getByRole('form', { name: 'Nuevo proyecto' });
    await form.getByRole('button', { name: 'Crear proyecto' }).click();
    // The contract's schema speaks before the server: the first mistake gets the focus.
    await page.waitForFunction(isFocused, await form.getByLabel('Nombre del proyecto').elementHandle());
    expect(await form.getByLabel('Nombre del proyecto').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'new project form, with errors');
    await fillProject(page);
    await form.getByRole('button', { name: 'Crear proyecto' }).click();
    // The schema lets an empty email through; the server refuses it, and says so at the field.
    const email = form.getByLabel('Email de contacto');
    await page.waitForFunction((el) => (el as { getAttribute(n: string): string | null }).getAttribute('aria-invalid') === 'true', await email.elementHandle());
    expect(await form.getByText('Ingrese un email válido.').count()).toBe(1);
    await email.fill('ventas@andes.cl');
    expect(await email.getAttribute('aria-invalid')).toBeNull();
    await form.getByRole('button', { name: 'Crear proyecto' }).click();
    await page.getByText('Proyecto creado.').waitFor();
    await page.getByText('Deshabilitado: no visible').waitFor();
    // Paid online by default; no commerce code yet: the sandbox takes its reservations, and the screen says the code is missing.
    await page
      .getByRole('status')
      .filter({ hasText: 'Sin código de comercio Webpay' })
      .getByText(/las reservas funcionan y se pagan en la pasarela de pruebas/)
      .waitFor();
    expect(await page.getByLabel('Reserva pagada en línea (Webpay)').isChecked()).toBe(true);
    const projectUrl = new URL(page.url()).pathname;
    expect(projectUrl).toMatch(/^\/backoffice\/projects\/[\w-]+$/);
    await expectAccessible(page, 'project form');

    await page
      .getByRole('navigation', { name: 'Secciones del proyecto' })
      .getByRole('link', { name: /Unidades/ })
      .click();
    await page.getByRole('button', { name: 'Nueva unidad' }).click();
    const unitForm = page.getByRole('form', { name: 'Nueva unidad' });
    await unitForm.getByLabel('Número de unidad').fill('1201');
    await unitForm.getByLabel('Tipología').fill('2D2B');
    await unitForm.getByLabel('Dormitorios').fill('2');
    await unitForm.getByLabel('Baños').fill('2');
    await unitForm.getByLabel('Piso').fill('12');
    await unitForm.getByLabel('Superficie interior (m²)').fill('61,5');
    await unitForm.getByLabel('Precio lista (UF)').fill('4.300');
    await unitForm.getByLabel('Precio con descuento (UF)').fill('4100');
    expect(await wcagViolations(page)).toEqual([]);
    await unitForm.getByRole('button', { name: 'Agregar unidad' }).click();
    const units = page.getByRole('table', { name: 'Unidades del proyecto' });
    await units.getByRole('rowheader', { name: '1201' }).waitFor();

    // Quick edit of the prices in the row.
    await page.getByRole('button', { name: 'Editar precios de la unidad 1201' }).click();
    await page.getByLabel('Precio con descuento de la unidad 1201 (UF)').fill('4050');
    await page.getByRole('button', { name: 'Guardar precios de la unidad 1201' }).click();
    await page.getByText('Precios de la unidad 1201 guardados.').waitFor();
    await units.getByText('UF 4.050,00').waitFor();
    await expectAccessible(page, 'project units');

    // A picture and the unit's floor plan, from the project's own sections.
    await page.getByRole('navigation', { name: 'Secciones del proyecto' }).getByRole('link', { name: 'Imágenes' }).click();
    await page.getByRole('heading', { name: `Imágenes: ${PROJECT_NAME}`, level: 1 }).waitFor();
    const picture = await sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 30, g: 110, b: 170 } } })
      .png()
      .toBuffer();
    await page.getByLabel('Nombre', { exact: true }).fill('Fachada del edificio');
    await page.getByLabel('Archivo de imagen').setInputFiles({ name: 'fachada.png', mimeType: 'image/png', buffer: picture });
    await page.getByText('Imagen Fachada del edificio subida.').waitFor();
    await page.goto(`${projectUrl}/floor-plans`);
    await page.getByRole('heading', { name: `Planos: ${PROJECT_NAME}`, level: 1 }).waitFor();
    const plan = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 250, g: 250, b: 250 } } })
      .png()
      .toBuffer();
    await page.getByLabel('Archivos de planos').setInputFiles({ name: 'planta-1201.png', mimeType: 'image/png', buffer: plan });
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByRole('group', { name: 'Unidades de planta-1201.png' }).getByRole('checkbox').first().check();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByRole('button', { name: 'Subir planos' }).click();
    await page.getByText('Se subieron 1 de 1 planos.').waitFor();
    await page.goto(`${projectUrl}/units`);
    await page.getByRole('table', { name: 'Unidades del proyecto' }).getByRole('rowheader', { name: '1201' }).waitFor();

    // Enabling asks first and says what buyers will see.
    const dialog = page.getByRole('dialog', { name: '¿Habilitar este proyecto?' });
    for (const mode of ['dark', 'light'] as const) {
      await switchTheme(page, mode);
      await page.getByRole('button', { name: 'Habilitar proyecto' }).click();
      await dialog.getByText(/visible para todos los usuarios/).waitFor();
      expect(await wcagViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }
    await page.getByRole('button', { name: 'Habilitar proyecto' }).click();
    await dialog.getByRole('button', { name: 'Habilitar' }).click();
    await page.getByText('Visible para compradores').waitFor();

    const buyer = await newPage(browser, app.url);
    await buyer.page.goto('/projects');
    await buyer.page.getByLabel('Buscar por nombre').fill(PROJECT_NAME);
    await buyer.page.getByRole('link', { name: PROJECT_NAME }).first().click();
    await buyer.page.getByRole('heading', { name: PROJECT_NAME, level: 1 }).waitFor();
    await buyer.page.getByRole('img', { name: 'Fachada del edificio' }).first().waitFor();
    // Reservable online at once, though the project has no Webpay commerce code (sandbox).
    await buyer.page.getByRole('button', { name: 'Seleccionar unidad 1201' }).click();
    await buyer.page.getByRole('button', { name: 'Inicie sesión para reservar' }).waitFor();
    expect(await buyer.page.getByText('se coordina directamente con la sala de ventas').count()).toBe(0);
    expect(errors.concat(buyer.errors)).toEqual([]);
    await buyer.context.close();
    await context.close();
  });

  it('an edit over a version someone else changed is refused (412) and explained, with the way to reload', async () => {
    const admin = app.client();
    await admin.login('admin@demo.cl');
    const list = await admin.get('/api/v1/backoffice/projects?search=Parque&perPage=1');
    const { id, name } = list.body.items[0] as { id: string; name: string };
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'admin@demo.cl');
    await page.goto(`/backoffice/projects/${id}`);
    const form = page.getByRole('form', { name: `Datos del proyecto ${name}` });
    await form.getByLabel('Nombre del proyecto').waitFor();

    const current = await admin.get(`/api/v1/backoffice/projects/${id}`);
    const changed = await admin.patch(`/api/v1/projects/${id}`, { operator: 'Otra Persona' }, { 'If-Match': current.headers.get('etag')! });
    expect(changed.status).toBe(200);

    await form.getByLabel('Ciudad').fill('Santiago Centro');
    await form.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText('Otra persona modificó este proyecto mientras usted lo editaba.').waitFor();
    await expectAccessible(page, 'project form, conflict');
    await page.getByRole('button', { name: 'Recargar proyecto' }).click();
    // Leaving the changes behind was asked for: the current version shows, with the other person's change.
    await page
      .getByRole('form', { name: `Datos del proyecto ${name}` })
      .getByLabel('Operador', { exact: true })
      .and(page.locator('[value="Otra Persona"]'))
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a unit a buyer holds keeps its price: the server’s refusal (409) is shown; leaving an edited form asks first', async () => {
    const admin = app.client();
    await admin.login('admin@demo.cl');
    const created = await admin.post('/api/v1/projects', {
      name: 'Condominio Los Aromos',
      realEstate: { companyId: 'inmobiliaria-andes' },
      address: 'Los Aromos 120',
      regionCode: '13',
      communeCode: '13120',
      city: 'Santiago',
      latitude: -33.45,
      longitude: -70.6,
      deliveryDate: '2027-09',
      buildStatus: 'GREEN_STATUS',
      assetType: 'department',
      description: '',
      features: [],
      relevantFeatures: [],
      reservationPrice: 300000,
      reservationToDownPayment: false,
      webpayToken: null,
      contactEmail: 'ventas@andes.cl',
      contactPhone: '+56 2 2654 3210',
      operator: 'Camila',
      secondaryOperator: null,
      totalUnits: 1,
      addedValue: '',
      capitalGain: 0,
      commercialStatus: 'on_sale',
      directSale: false,
      enteredDate: '2026-11-20',
      reservationPaid: true,
      comments: '',
      quantityOfUnits: 1,
    });
    const projectId = created.body.id as string;
    const unit = await admin.post(`/api/v1/projects/${projectId}/units`, {
      unitNumber: '301',
      typology: '2D2B',
      model: 'A',
      bedrooms: 2,
      bathrooms: 2,
      orientation: 'Norte',
      floor: 3,
      parkingLot: 1,
      store: 1,
      regularPrice: 4200,
      discountPrice: null,
      footVoucherPrice: null,
      realEstateContribution: 0,
      innerSurface: 58,
      outerSurface: 7,
      constructionFoot: 0,
      constructionPaymentFees: 0,
      deedPercentage: 10,
      deedFees: 1,
      downPaymentPercentage: 20,
      creditPostSaleMaxPercentage: 80,
      creditPostSaleRate: 4,
      creditPostSaleMaxFees: 360,
      estimatedRents: [],
      minimumPledgePercentage: 10,
      minimumPledgeFees: 1,
      minimumFoot: 0,
      minimumCredit: 0,
      creditInterestRate: 4.3,
      maximumCreditInstallments: 360,
      minimumPromise: 0,
      minimumPromiseQuota: 1,
    });
    const enabled = await admin.post(`/api/v1/projects/${projectId}/enable`);
    const buyer = app.client();
    await buyer.login('usuario@demo.cl');
    const held = await buyer.post('/api/v1/reservations', { unitId: unit.body.id }, { 'x-min-position': enabled.headers.get('x-event-position') ?? '0' });
    expect(held.status).toBe(201);

    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'admin@demo.cl');
    await page.goto(`/backoffice/projects/${projectId}/units`);
    await page.getByRole('table', { name: 'Unidades del proyecto' }).getByText('En proceso').waitFor();
    await page.getByRole('button', { name: 'Editar precios de la unidad 301' }).click();
    await page.getByLabel('Precio lista de la unidad 301 (UF)').fill('3900');
    await page.getByRole('button', { name: 'Guardar precios de la unidad 301' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'No se guardó el cambio' });
    await refusal.getByText(/Un comprador tiene esta unidad en proceso de reserva o reservada/).waitFor();
    await page.getByRole('table', { name: 'Unidades del proyecto' }).getByText('UF 4.200,00').waitFor();

    await page.getByRole('navigation', { name: 'Secciones del proyecto' }).getByRole('link', { name: 'Datos del proyecto' }).click();
    await page.getByLabel('Ciudad').fill('Providencia');
    await page.getByRole('navigation', { name: 'Navegación del back office' }).getByRole('link', { name: 'Destacados' }).click();
    const leave = page.getByRole('dialog', { name: '¿Salir sin guardar?' });
    await leave.getByRole('button', { name: 'Seguir editando' }).click();
    expect(new URL(page.url()).pathname).toBe(`/backoffice/projects/${projectId}`);
    expect(await page.getByLabel('Ciudad').inputValue()).toBe('Providencia');
    // Hiding the project meanwhile keeps what is being typed, and the edit still saves.
    await page.getByRole('button', { name: 'Deshabilitar proyecto' }).click();
    await page.getByRole('dialog', { name: '¿Deshabilitar este proyecto?' }).getByRole('button', { name: 'Deshabilitar' }).click();
    await page.getByText('Deshabilitado: no visible').waitFor();
    expect(await page.getByLabel('Ciudad').inputValue()).toBe('Providencia');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText('Proyecto guardado.').waitFor();
    expect(await page.getByLabel('Ciudad').inputValue()).toBe('Providencia');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the featured order changed with the keyboard is saved and is the order of GET /projects/featured', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    page.setDefaultTimeout(8_000);
    await signIn(page, 'admin@demo.cl');
    await page.goto('/backoffice/featured');
    const list = page.getByRole('list', { name: 'Proyectos destacados en orden' });
    await list.getByRole('listitem').first().waitFor();
    const names = async () => list.locator('li .name').allTextContents();
    const before = await names();
    expect(before.length).toBeGreaterThan(1);
    await expectAccessible(page, 'featured projects');

    await page.getByRole('button', { name: `Bajar ${before[0]}` }).focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: `${before[0]} quedó en la posición 2 de ${before.length}.` })
      .waitFor();
    // The moved project keeps the focus, so Enter again moves it one more place.
    expect(await page.getByRole('button', { name: `Bajar ${before[0]}` }).evaluate(isFocused)).toBe(true);
    let after = [before[1], before[0], ...before.slice(2)];
    expect(await names()).toEqual(after);
    // Drag and drop by keyboard too: space takes the handle, an arrow moves it, space drops it.
    await page.getByRole('button', { name: `Arrastrar ${after[2]}` }).focus();
    await page.keyboard.press('Space');
    await page.locator(`button[aria-pressed="true"][aria-label="Arrastrar ${after[2]}"]`).waitFor();
    await moveByKeyboard(page, 'ArrowUp', `${after[2]} sobre la posición 3 de ${after.length}.`, `${after[2]} sobre la posición 2 de ${after.length}.`);
    await page.keyboard.press('Space');
    after = [after[0], after[2], after[1], ...after.slice(3)];
    await page.waitForFunction((expected) => {
      const doc = (globalThis as unknown as { document: PageDocument }).document;
      return (
        Array.from(doc.querySelectorAll('li .name'))
          .map((el) => el.textContent)
          .join('|') === expected
      );
    }, after.join('|'));
    await page.getByRole('button', { name: 'Guardar orden' }).click();
    await page.getByText('Orden de destacados guardado').waitFor();

    const featured = await app.client().get('/api/v1/projects/featured?limit=50');
    const shown = (featured.body.items as { name: string }[]).map((p) => p.name);
    expect(shown).toEqual(after.filter((n) => shown.includes(n)));
    expect(shown.slice(0, 2)).toEqual(after.slice(0, 2));
    await page.reload();
    await list.getByRole('listitem').first().waitFor();
    expect(await names()).toEqual(after);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the real-estate portal lists only its company’s projects (empresa@demo.cl: Inmobiliaria Andes)', async () => {
    const admin = app.client();
    await admin.login('admin@demo.cl');
    const andes = await admin.get('/api/v1/backoffice/projects?realEstateCompanyId=inmobiliaria-andes&perPage=100');
    const all = await admin.get('/api/v1/backoffice/projects?perPage=1');
    expect(all.body.total).toBeGreaterThan(andes.body.total);

    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'empresa@demo.cl', '/company-portal');
    await page.getByRole('navigation', { name: 'Navegación del portal de empresas' }).getByRole('link', { name: 'Publicaciones' }).click();
    await page.waitForFunction(projectRowsShown);
    const table = page.getByRole('table', { name: 'Lista de proyectos' });
    await page.goto('/company-portal/listings?perPage=50');
    await page.waitForFunction(projectRowsShown);
    expect(await table.locator('tbody tr').count()).toBe(andes.body.total);
    const companies = new Set(await table.locator('tbody tr td:nth-child(2)').allTextContents());
    expect(companies).toEqual(new Set(['Inmobiliaria Andes SpA']));
    expect(await page.getByLabel('Inmobiliaria', { exact: true }).count()).toBe(0);
    await expectAccessible(page, 'portal listings');

    // A new listing can only be its own company's.
    await page.getByRole('link', { name: 'Nuevo proyecto' }).click();
    const company = page.getByRole('form', { name: 'Nuevo proyecto' }).getByLabel('Inmobiliaria', { exact: true });
    await company.waitFor();
    expect(await company.inputValue()).toBe('inmobiliaria-andes');
    expect(await company.locator('option').allTextContents()).toEqual(['Elija una inmobiliaria', 'Inmobiliaria Andes SpA']);
    await page.goBack();
    await page.waitForFunction(projectRowsShown);
    await table.getByRole('link').first().click();
    await page.getByRole('form', { name: /^Datos del proyecto / }).waitFor();
    // The portal's own project links its pictures and plans in the portal (the server scopes them to the company).
    expect(await page.getByRole('navigation', { name: 'Secciones del proyecto' }).getByRole('link', { name: 'Imágenes' }).getAttribute('href')).toMatch(
      /^\/company-portal\/listings\/[\w-]+\/images$/,
    );
    await expectAccessible(page, 'portal listing form');
    expect(errors).toEqual([]);
    await context.close();
  });
});
