import type { Browser } from 'playwright-core';
import type { TestApp } from '../support/test-app';
import { expectAccessible } from './support/accessibility';
import { appAndBrowser, describeInBrowser, newPage, signIn } from './support/browser';

/** The back office's site content in Chromium: an editor changes the home and announces new terms; visitors see both. */
describeInBrowser('site content', () => {
  const started = appAndBrowser();
  let app: TestApp;
  let browser: Browser;
  beforeAll(() => {
    [app, browser] = [started.app(), started.browser()];
  });

  it('an admin edits the home figures and a service step; the public home shows them, and leaving unsaved work asks first', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'admin@demo.cl');
    await page.goto('/backoffice');
    await page.getByRole('navigation', { name: 'Navegación del back office' }).getByRole('link', { name: 'Contenido del sitio' }).click();
    await page.getByRole('heading', { name: 'Portada', level: 2 }).waitFor();
    await expectAccessible(page, 'site content: hero');

    await page.getByRole('navigation', { name: 'Secciones de la portada' }).getByRole('link', { name: 'Cifras' }).click();
    await page.waitForURL('**/backoffice/content/stats');
    const clients = page.getByLabel('Clientes acompañados');
    await clients.fill('');
    await page.getByRole('button', { name: 'Guardar cifras' }).click();
    await page.getByText('Este campo es obligatorio.').waitFor();
    expect(await clients.getAttribute('aria-invalid')).toBe('true');
    await clients.fill('3450');
    // Leaving with unsaved changes is held back behind a question.
    await page.getByRole('navigation', { name: 'Secciones de la portada' }).getByRole('link', { name: 'Servicios' }).click();
    await page.getByRole('dialog', { name: '¿Salir sin guardar?' }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Seguir editando' }).click();
    await page.getByRole('button', { name: 'Guardar cifras' }).click();
    await page.getByText('Cambios guardados: la portada ya los muestra.').waitFor();

    await page.getByRole('navigation', { name: 'Secciones de la portada' }).getByRole('link', { name: 'Servicios' }).click();
    await page.getByLabel('Título').first().waitFor();
    await page.getByRole('button', { name: 'Agregar etapa' }).click();
    await page.getByRole('group', { name: 'Etapa 6' }).getByLabel('Título').fill('Entrega');
    await page.getByRole('group', { name: 'Etapa 6' }).getByLabel('Texto').fill('Recibe las llaves de su vivienda.');
    await page.getByRole('button', { name: 'Guardar servicios' }).click();
    await page.getByText('Cambios guardados: la portada ya los muestra.').waitFor();
    await expectAccessible(page, 'site content: services');

    await page.goto('/');
    await page.getByRole('heading', { name: 'Nuestras cifras' }).waitFor();
    await page.getByText('3.450', { exact: true }).waitFor();
    await page.getByRole('tab', { name: '6. Entrega' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an admin publishes new terms: visitors see the version in force and the announced one with its date', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'admin@demo.cl');
    await page.goto('/backoffice/legal');
    const terms = page.getByRole('form', { name: 'Publicar términos y condiciones' });
    await terms.getByLabel('Texto').waitFor();
    await expectAccessible(page, 'legal documents');
    await terms.getByLabel('Texto').fill('## Nuevas reglas\n\nLas reservas se pagan con Webpay.');
    await terms.getByRole('button', { name: 'Publicar nueva versión' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publicar términos y condiciones' });
    await dialog.getByText(/10 días corridos/).waitFor();
    await dialog.getByRole('button', { name: 'Publicar' }).click();
    await page.getByText(/Versión 2 publicada: rige desde el \d{2}-\d{2}-\d{4}\./).waitFor();

    await page.goto('/terms');
    await page.getByText(/Versión 1, vigente desde el/).waitFor();
    await page.getByText(/Nueva versión desde el \d{2}-\d{2}-\d{4}/).waitFor();
    await page.getByText('Leer la versión 2', { exact: false }).click();
    await page.getByRole('heading', { name: 'Nuevas reglas' }).waitFor();
    await expectAccessible(page, 'terms with an announced version');
    expect(errors).toEqual([]);
    await context.close();
  });
});
