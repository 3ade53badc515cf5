import { SmtpSink } from '../../adapters/smtp/smtp-sink';
import { expectAccessible } from './support/accessibility';
import { appAndBrowser, describeInBrowser, newPage, signIn } from './support/browser';

/**
 * Email administration in Chromium (issue 13): an admin points the SMTP settings at a relay that does not
 * answer, sends a test mail that fails, finds it among the failed mails, repairs the settings and retries it.
 */
describeInBrowser('email administration', () => {
  const { app, browser } = appAndBrowser();

  it('changes the SMTP settings, sees a failed test mail and retries it once the relay answers', async () => {
    const dead = new SmtpSink();
    const deadPort = await dead.listen(0);
    await dead.close();
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'admin@demo.cl');
    await page.goto('/backoffice');
    await page.getByRole('navigation', { name: 'Navegación del back office' }).getByRole('link', { name: 'Administración de email' }).click();
    await page.getByRole('heading', { name: 'Configuración SMTP', level: 2 }).waitFor();
    const smtp = page.getByRole('form', { name: 'Configuración SMTP' });
    await smtp.getByLabel('Puerto').waitFor();
    await expectAccessible(page, 'email: SMTP settings');

    await smtp.getByLabel('Puerto').fill('70000');
    await smtp.getByRole('button', { name: 'Guardar configuración SMTP' }).click();
    expect(await smtp.getByLabel('Puerto').getAttribute('aria-invalid')).toBe('true');
    await smtp.getByLabel('Puerto').fill(String(deadPort));
    await smtp.getByLabel('Reintentos máximos').fill('0');
    await smtp.getByRole('button', { name: 'Guardar configuración SMTP' }).click();
    await page.getByText('Configuración SMTP guardada: el próximo correo la usa.').waitFor();

    const test = page.getByRole('form', { name: 'Enviar correo de prueba' });
    await test.getByRole('button', { name: 'Enviar correo de prueba' }).click();
    await test.getByText('Ingrese el email de prueba.').waitFor();
    await test.getByLabel('Email de prueba').fill('prueba.journey@empresa.cl');
    await test.getByRole('button', { name: 'Enviar correo de prueba' }).click();
    await test.getByText(/No se pudo enviar el correo de prueba/).waitFor();

    // The relay is repaired: back to the app's SMTP server.
    await smtp.getByLabel('Puerto').fill(String(app.env.SMTP_PORT));
    await smtp.getByRole('button', { name: 'Guardar configuración SMTP' }).click();
    await page.getByText('Configuración SMTP guardada: el próximo correo la usa.').waitFor();

    await page.getByRole('navigation', { name: 'Secciones de correos' }).getByRole('link', { name: 'Fallidos' }).click();
    await page.getByRole('heading', { name: 'Fallidos', level: 2 }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'prueba.journey@empresa.cl' });
    await row.getByText('Fallido').waitFor();
    await expectAccessible(page, 'email: failed mails');
    await row.getByRole('button', { name: 'Reintentar el correo a prueba.journey@empresa.cl' }).click();
    await page.getByText('Reintentando el correo a prueba.journey@empresa.cl.').waitFor();
    await app.mail.waitFor((m) => m.to.includes('prueba.journey@empresa.cl'));

    await page.getByRole('navigation', { name: 'Secciones de correos' }).getByRole('link', { name: 'Historial' }).click();
    await page.getByRole('heading', { name: 'Historial', level: 2 }).waitFor();
    await page.getByRole('row').filter({ hasText: 'prueba.journey@empresa.cl' }).getByText('Enviado', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('edits a template with a preview, and reads the analytics beside their table', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'admin@demo.cl');
    await page.goto('/backoffice/email/templates');
    await page.getByRole('button', { name: 'Editar la plantilla Restablecer contraseña' }).click();
    const editor = page.getByRole('form', { name: 'Editar plantilla Restablecer contraseña' });
    await editor.getByLabel('Asunto').fill('Su nueva contraseña, {{name}} {{token}}');
    await editor.getByRole('button', { name: 'Guardar plantilla' }).click();
    await editor.getByText(/Variables no permitidas: \{\{token\}\}/).waitFor();
    await editor.getByLabel('Asunto').fill('Su nueva contraseña, {{name}}');
    // Leaving with unsaved changes asks first (the guard's dialog is drawn); "Seguir editando" keeps the draft.
    await page.getByRole('navigation', { name: 'Secciones de correos' }).getByRole('link', { name: 'Analítica' }).click();
    const leave = page.getByRole('dialog', { name: '¿Salir sin guardar?' });
    await leave.getByRole('button', { name: 'Seguir editando' }).click();
    await leave.waitFor({ state: 'hidden' });
    expect(await editor.getByLabel('Asunto').inputValue()).toBe('Su nueva contraseña, {{name}}');
    await editor.getByRole('button', { name: 'Vista previa' }).click();
    await page.getByText('Su nueva contraseña, María').waitFor();
    await expectAccessible(page, 'email: template editor');
    await editor.getByRole('button', { name: 'Guardar plantilla' }).click();
    await page.getByText('Plantilla «Restablecer contraseña» guardada.').waitFor();

    await page.getByRole('navigation', { name: 'Secciones de correos' }).getByRole('link', { name: 'Analítica' }).click();
    await page.getByRole('table', { name: 'Correos por estado' }).waitFor();
    await expectAccessible(page, 'email: analytics');
    expect(errors).toEqual([]);
    await context.close();
  });
});
