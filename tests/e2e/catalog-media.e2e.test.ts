import fs from 'node:fs';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { expectAccessible } from './support/accessibility';
import { moveByKeyboard } from './support/keyboard-drag';
import { appAndBrowser, describeInBrowser, newPage, signIn } from './support/browser';

/**
 * The catalogue's files in Chromium: an admin uploads a picture to a demo project (thumbnail, primary mark,
 * keyboard reorder that survives a reload, a disguised file refused), a floor plan through the 3-step bulk
 * upload, and projects in bulk from the downloaded template (completed, then a file with a bad row reported).
 */
describeInBrowser('catalogue media', () => {
  const { app, browser } = appAndBrowser();
  let project: { id: string; name: string };
  beforeAll(async () => {
    const admin = app.client();
    await admin.login('admin@demo.cl');
    const list = await admin.get('/api/v1/backoffice/projects?perPage=50');
    project = list.body.items.find((p: { units: { total: number } }) => p.units.total > 1);
  });

  const galleryNames = (page: Page) =>
    page
      .getByRole('list', { name: 'Imágenes de Galería' })
      .getByRole('img')
      .evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt')));

  it('an admin uploads a picture, sees its thumbnail, marks it primary, moves it by keyboard (kept after reload); a renamed text file is refused', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'admin@demo.cl');
    await page.goto(`/backoffice/projects/${project.id}/images`);
    await page.getByRole('heading', { name: `Imágenes: ${project.name}`, level: 1 }).waitFor();
    await expectAccessible(page, 'project images');

    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 200, g: 90, b: 40 } } })
      .png()
      .toBuffer();
    await page.getByLabel('Nombre', { exact: true }).fill('Fachada de prueba');
    await page.getByLabel('Archivo de imagen').setInputFiles({ name: 'fachada.png', mimeType: 'image/png', buffer: png });
    await page.getByText('Imagen Fachada de prueba subida.').waitFor();
    const thumb = page.getByRole('list', { name: 'Imágenes de Galería' }).getByRole('img', { name: 'Fachada de prueba' });
    expect(await thumb.getAttribute('loading')).toBe('lazy');
    expect(await thumb.getAttribute('src')).toMatch(/^\/files\//);
    await page.waitForFunction(
      (img) =>
        !!img && (img as unknown as { complete: boolean; naturalWidth: number }).complete && (img as unknown as { naturalWidth: number }).naturalWidth > 0,
      await thumb.elementHandle(),
    );
    expect(await galleryNames(page)).toEqual(['Vista exterior', 'Áreas comunes', 'Entorno', 'Fachada de prueba']);

    await page.getByRole('button', { name: 'Marcar Fachada de prueba como principal' }).click();
    await page.getByRole('status').filter({ hasText: 'Fachada de prueba es ahora la principal de Galería.' }).waitFor();
    const gallery = page.getByRole('list', { name: 'Imágenes de Galería' });
    expect(await gallery.getByText('Imagen principal', { exact: true }).count()).toBe(1);
    expect(await gallery.getByRole('listitem').filter({ hasText: 'Fachada de prueba' }).getByText('Imagen principal', { exact: true }).count()).toBe(1);

    await page.getByRole('button', { name: 'Mover Fachada de prueba antes' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: '«Fachada de prueba» quedó en la posición 3 de 4 en Galería.' }).waitFor();
    expect(await galleryNames(page)).toEqual(['Vista exterior', 'Áreas comunes', 'Fachada de prueba', 'Entorno']);
    await page.reload();
    await page.getByRole('list', { name: 'Imágenes de Galería' }).waitFor();
    expect(await galleryNames(page)).toEqual(['Vista exterior', 'Áreas comunes', 'Fachada de prueba', 'Entorno']);

    // The drag handle by keyboard too (dnd-kit: Espacio takes it, an arrow moves it, Espacio drops it).
    await page.getByRole('button', { name: 'Arrastrar Vista exterior para reordenar' }).focus();
    await page.keyboard.press('Space');
    await moveByKeyboard(page, 'ArrowRight', 'Vista exterior sobre la posición 1 de 4.', 'Vista exterior sobre la posición 2 de 4.');
    await page.keyboard.press('Space');
    await page.getByRole('status').filter({ hasText: '«Vista exterior» quedó en la posición 2 de 4 en Galería.' }).waitFor();
    await page.reload();
    await page.getByRole('list', { name: 'Imágenes de Galería' }).waitFor();
    expect(await galleryNames(page)).toEqual(['Áreas comunes', 'Vista exterior', 'Fachada de prueba', 'Entorno']);

    await page.getByLabel('Archivo de imagen').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('esto no es una imagen\n') });
    await page.getByRole('alert').filter({ hasText: 'Tipo de archivo no permitido: use JPG, PNG, GIF, SVG o WEBP.' }).waitFor();
    expect(await galleryNames(page)).toHaveLength(4);

    await page.getByRole('button', { name: 'Renombrar Fachada de prueba' }).click();
    await page.getByRole('dialog', { name: 'Renombrar imagen' }).getByLabel('Nuevo nombre').fill('Fachada norte');
    await page.getByRole('button', { name: 'Guardar nombre' }).click();
    await page.getByRole('status').filter({ hasText: 'Imagen renombrada a Fachada norte.' }).waitFor();
    await page.getByRole('button', { name: 'Eliminar Fachada norte' }).click();
    await page.getByRole('dialog', { name: 'Eliminar imagen' }).getByRole('button', { name: 'Eliminar imagen' }).click();
    await page.getByText('Se eliminó la imagen Fachada norte.').waitFor();
    expect(await galleryNames(page)).toEqual(['Áreas comunes', 'Vista exterior', 'Entorno']);
    await page.getByLabel('Categoría de Entorno').selectOption('additional');
    await page.getByRole('status').filter({ hasText: 'Entorno pasó a Adicionales.' }).waitFor();
    await page.getByRole('list', { name: 'Imágenes de Adicionales' }).getByRole('img', { name: 'Entorno' }).waitFor();
    expect(await galleryNames(page)).toEqual(['Áreas comunes', 'Vista exterior']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an admin uploads several pictures at once into one category; a GIF among them is refused before sending', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'admin@demo.cl');
    await page.goto(`/backoffice/projects/${project.id}/images`);
    const bulk = page.getByRole('form', { name: 'Carga masiva de imágenes' });
    await bulk.waitFor();
    const image = (r: number) =>
      sharp({ create: { width: 300, height: 200, channels: 3, background: { r, g: 120, b: 60 } } })
        .png()
        .toBuffer();
    await bulk.getByLabel('Categoría de las imágenes').selectOption('project');
    await bulk.getByLabel('Imágenes', { exact: true }).setInputFiles([
      { name: 'salon.png', mimeType: 'image/png', buffer: await image(10) },
      { name: 'animacion.gif', mimeType: 'image/gif', buffer: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64') },
    ]);
    await bulk.getByText('«animacion.gif»: Tipo de archivo no permitido: use JPG o PNG.').waitFor();
    await bulk.getByLabel('Imágenes', { exact: true }).setInputFiles([
      { name: 'salon.png', mimeType: 'image/png', buffer: await image(10) },
      { name: 'terraza.png', mimeType: 'image/png', buffer: await image(200) },
    ]);
    await expectAccessible(page, 'bulk pictures');
    await bulk.getByRole('button', { name: 'Subir imágenes' }).click();
    await page.getByText('Se subieron 2 imágenes.').waitFor();
    const names = await page
      .getByRole('list', { name: 'Imágenes de Proyecto' })
      .getByRole('img')
      .evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt')));
    expect(names).toEqual(expect.arrayContaining(['salon', 'terraza']));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an admin uploads a floor plan in the 3-step bulk flow, assigned to a unit; an SVG is refused and an unassigned file holds the flow', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'admin@demo.cl');
    await page.goto(`/backoffice/projects/${project.id}/floor-plans`);
    await page.getByRole('heading', { name: `Planos: ${project.name}`, level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Plantillas por tipología y modelo' }).waitFor();
    await expectAccessible(page, 'floor plans');

    const files = page.getByLabel('Archivos de planos');
    await files.setInputFiles({ name: 'plano.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
    await page.getByRole('alert').filter({ hasText: '«plano.svg»: Tipo de archivo no permitido: use JPG, PNG, GIF, WEBP o PDF.' }).waitFor();
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 250, g: 250, b: 250 } } })
      .png()
      .toBuffer();
    await files.setInputFiles({ name: 'planta-especial.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByRole('heading', { name: 'Paso 2: Asignar' }).waitFor();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByRole('alert').filter({ hasText: 'Asigne cada plano al menos a una unidad. Falta: «planta-especial.png».' }).waitFor();
    const unitsGroup = page.getByRole('group', { name: 'Unidades de planta-especial.png' });
    const firstUnit = unitsGroup.getByRole('checkbox').first();
    const unitLabel = (await unitsGroup.locator('label').first().textContent()) ?? '';
    const unitNumber = /Unidad (\S+)/.exec(unitLabel)![1];
    await firstUnit.check();
    await expectAccessible(page, 'bulk floor plans: assign');
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByRole('heading', { name: 'Paso 3: Confirmar' }).waitFor();
    await page.getByRole('button', { name: 'Subir planos' }).click();
    await page.getByText('Se subieron 1 de 1 planos.').waitFor();
    const own = page.getByRole('table', { name: 'Planos propios de unidades (reemplazan la plantilla)' });
    await own
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: unitNumber, exact: true }) })
      .getByRole('link', { name: 'Ver planta-especial' })
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an admin imports the downloaded CSV template (completed, with its count), then a file with a bad row (rejected rows reported and exported)', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'admin@demo.cl');
    await page.goto('/backoffice');
    await page.getByRole('navigation', { name: 'Navegación del back office' }).getByRole('link', { name: 'Carga masiva' }).click();
    await page.getByRole('heading', { name: 'Carga masiva de proyectos', level: 1 }).waitFor();
    await expectAccessible(page, 'project import');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Descargar plantilla CSV' }).click()]);
    const template = fs.readFileSync((await download.path())!, 'utf8');
    await page.getByLabel('Archivo de proyectos').setInputFiles({ name: 'plantilla-proyectos.csv', mimeType: 'text/csv', buffer: Buffer.from(template) });
    await page.getByText('Carga completada').waitFor();
    await page.getByText('2 unidades creadas en 1 proyecto; 0 filas rechazadas.').waitFor();
    const bar = page.getByRole('progressbar', { name: 'Avance de la carga masiva' });
    expect([await bar.getAttribute('value'), await bar.getAttribute('max')]).toEqual(['2', '2']);
    await page.getByText('Procesadas 2 de 2 filas (100 %)').waitFor();
    await expectAccessible(page, 'project import: completed');

    const lines = template
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter(Boolean);
    const price = lines[0].split(',').indexOf('precio_lista_uf');
    const last = lines[2].split(',');
    last[price] = '-5';
    const bad = [lines[0], lines[1], last.join(',')].join('\r\n');
    await page.getByLabel('Archivo de proyectos').setInputFiles({ name: 'con-error.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await page.getByRole('heading', { name: '3. Avance: con-error.csv' }).waitFor();
    await page.getByText('0 unidades creadas en 0 proyectos; 1 fila rechazada.').waitFor();
    const rejected = page.getByRole('table', { name: 'Filas rechazadas' });
    await rejected.getByRole('row').filter({ hasText: 'El precio está fuera del rango permitido.' }).getByRole('rowheader', { name: '3' }).waitFor();
    await expectAccessible(page, 'project import: rejected rows');
    const [exported] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar filas rechazadas (CSV)' }).click()]);
    expect(fs.readFileSync((await exported.path())!, 'utf8')).toContain(
      'Fila,Campo,Motivo\r\n3,Precio lista en UF (precio_lista_uf),El precio está fuera del rango permitido.',
    );

    const recent = page.getByRole('table', { name: 'Cargas recientes' });
    await recent.getByRole('row').filter({ hasText: 'con-error.csv' }).getByText('Completada').waitFor();
    await recent.getByRole('link', { name: 'plantilla-proyectos.csv' }).click();
    await page.getByRole('heading', { name: '3. Avance: plantilla-proyectos.csv' }).waitFor();
    await page.getByText('2 unidades creadas en 1 proyecto; 0 filas rechazadas.').waitFor();

    // An upload the server has not answered yet can be cancelled from its progress bar.
    await page.route('**/api/v1/project-imports', (route) => (route.request().method() === 'POST' ? undefined : route.continue()));
    await page.getByLabel('Archivo de proyectos').setInputFiles({ name: 'lenta.csv', mimeType: 'text/csv', buffer: Buffer.from(template) });
    await page.getByRole('progressbar', { name: 'Subiendo lenta.csv' }).waitFor();
    await page.getByRole('button', { name: 'Cancelar carga' }).click();
    await page.getByRole('alert').filter({ hasText: 'Carga cancelada.' }).waitFor();
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    await page.getByLabel('Archivo de proyectos').setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('hola') });
    await page.getByRole('alert').filter({ hasText: 'Tipo de archivo no permitido: use CSV o Excel (.xlsx).' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a real-estate company user reaches the same import wizard and its own projects’ pictures from its portal, not another company’s', async () => {
    const admin = app.client();
    await admin.login('admin@demo.cl');
    const own = (await admin.get('/api/v1/backoffice/projects?realEstateCompanyId=inmobiliaria-andes&perPage=1')).body.items[0];
    const other = (await admin.get('/api/v1/backoffice/projects?perPage=50')).body.items.find(
      (p: { realEstate: { companyId: string } }) => p.realEstate.companyId !== 'inmobiliaria-andes',
    );
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'empresa@demo.cl', '/company-portal');
    await page.goto(`/company-portal/listings/${own.id}/images`);
    await page.getByRole('heading', { name: `Imágenes: ${own.name}`, level: 1 }).waitFor();
    await page.goto(`/company-portal/listings/${other.id}/floor-plans`);
    await page.getByText('El recurso solicitado no existe.').waitFor();
    await page.goto('/company-portal');
    await page.getByRole('navigation', { name: 'Navegación del portal de empresas' }).getByRole('link', { name: 'Carga masiva' }).click();
    await page.getByRole('heading', { name: 'Carga masiva de proyectos', level: 1 }).waitFor();
    await expectAccessible(page, 'company portal project import');
    expect(errors).toEqual([]);
    await context.close();
  });
});
