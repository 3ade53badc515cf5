import fs from 'node:fs';
import { expectAccessible, wcagViolations } from './support/accessibility';
import { appAndBrowser, describeInBrowser, newPage, signIn } from './support/browser';

/**
 * Ley 21.719 in Chromium: a buyer downloads their data, opposes profiling and asks for erasure from "Mis
 * datos"; the data-protection officer finds the request in the desk with its legal due date and completes it.
 */
describeInBrowser('personal data (Ley 21.719)', () => {
  const { app, browser } = appAndBrowser();

  it('a buyer downloads their data, opposes profiling and requests erasure; the officer completes it from the desk', async () => {
    const buyer = await newPage(browser, app.url);
    const page = buyer.page;
    await signIn(page, 'usuario@demo.cl');
    await page.goto('/dashboard/profile');
    await page.getByRole('link', { name: 'Mis datos y privacidad' }).click();
    await page.waitForURL('**/dashboard/profile/data');
    await page.getByRole('heading', { name: 'Mis datos', level: 1 }).waitFor();
    const profiling = page.getByRole('checkbox', { name: 'Me opongo a la elaboración de perfiles' });
    await profiling.waitFor();
    await expectAccessible(page, 'mis datos');

    // Download: the JSON export, with each kind's origin, purpose, recipients and retention.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Descargar en JSON (portabilidad)' }).click()]);
    expect(download.suggestedFilename()).toBe('mis-datos.json');
    const exported = JSON.parse(fs.readFileSync((await download.path())!, 'utf8'));
    expect(exported.sections.profile).toMatchObject({
      title: 'Datos de la cuenta',
      origin: expect.any(String),
      purpose: expect.any(String),
      recipients: expect.any(String),
      retention: expect.any(String),
    });
    expect(exported.sections.profile.data).toMatchObject({ email: 'usuario@demo.cl' });

    // Oppose profiling: its own switch, the other choices untouched.
    expect(await profiling.isChecked()).toBe(false);
    await profiling.check();
    await page.getByText('Registramos su oposición a la elaboración de perfiles.').waitFor();
    expect(await profiling.isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Me opongo al uso de mis datos para marketing' }).isChecked()).toBe(false);
    await page.getByText('Historial de mis elecciones (1)').click();
    await page.getByText(/Se opuso a la elaboración de perfiles \(Elegido por el titular en "Mis datos"\)/).waitFor();

    // Erasure: what it cannot remove is said before confirming.
    await page
      .getByText(/Las reservas confirmadas y los pagos se conservan seudonimizados/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Solicitar supresión' }).click();
    const dialog = page.getByRole('dialog', { name: 'Solicitar la supresión de mis datos' });
    await dialog.getByText(/seis años/).waitFor();
    // A modal dialog holds the theme toggle behind it: checked in the theme on show.
    expect(await wcagViolations(page)).toEqual([]);
    await dialog.getByLabel('Motivo o comentario (opcional)').fill('Ya no uso la plataforma');
    await dialog.getByRole('button', { name: 'Solicitar supresión' }).click();
    await page.getByText('Solicitud enviada. La responderemos dentro de 30 días corridos.').waitFor();
    const mine = page.getByRole('table', { name: 'Mis solicitudes sobre mis datos' });
    await mine.getByRole('rowheader', { name: 'Supresión' }).waitFor();
    await page.getByRole('button', { name: 'Supresión solicitada' }).waitFor();
    await expectAccessible(page, 'mis datos: con una solicitud');
    expect(buyer.errors).toEqual([]);

    // The officer's desk.
    const officer = await newPage(browser, app.url);
    const desk = officer.page;
    await signIn(desk, 'datos@demo.cl');
    await desk.goto('/backoffice');
    await desk.getByRole('navigation', { name: 'Navegación del back office' }).getByRole('link', { name: 'Solicitudes de datos personales' }).click();
    await desk.waitForURL('**/backoffice/data-requests');
    const table = desk.getByRole('table', { name: /Solicitudes de datos personales/ });
    const link = table.getByRole('link', { name: 'Supresión · Valentina Castro Núñez' });
    await link.waitFor();
    const due = new Date(Date.now() + 30 * 24 * 3600 * 1000)
      .toLocaleDateString('es-CL', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'America/Santiago' })
      .replace(/\//g, '-');
    await table.getByRole('row').filter({ hasText: 'Supresión · Valentina Castro Núñez' }).getByText(due).waitFor();
    await expectAccessible(desk, 'desk');

    // Filters live in the URL.
    await desk.getByLabel('Tipo').selectOption('erasure');
    await desk.getByRole('button', { name: 'Aplicar filtros' }).click();
    await desk.waitForURL('**/backoffice/data-requests?kind=erasure');
    await link.waitFor();

    await link.click();
    await desk.getByRole('heading', { name: /Solicitud de supresión/ }).waitFor();
    await desk.getByText('Oposición a la elaboración de perfiles').waitFor();
    const history = desk.getByRole('table', { name: 'Historial de la solicitud' });
    await history.getByRole('rowheader', { name: 'Identidad verificada' }).waitFor();
    await expectAccessible(desk, 'desk: detail');
    await desk.getByRole('button', { name: 'Completar solicitud' }).click();
    const complete = desk.getByRole('dialog', { name: 'Completar solicitud' });
    await complete.getByText(/destruye la clave de sus datos personales/).waitFor();
    await complete.getByRole('button', { name: 'Completar' }).click();
    await complete.getByText('Escriba al menos 3 caracteres.').waitFor();
    await complete.getByLabel('Respuesta al titular').fill('Datos suprimidos conforme a la Ley 21.719');
    expect(await wcagViolations(desk)).toEqual([]);
    await complete.getByRole('button', { name: 'Completar' }).click();
    await desk.getByText('Solicitud completada.').waitFor();
    await history.getByRole('rowheader', { name: 'Respondida' }).waitFor();
    await desk.getByText(/Clave del titular destruida/).waitFor();
    await desk.getByText('La solicitud está cerrada y no admite cambios.').waitFor();
    expect(officer.errors).toEqual([]);
    await officer.context.close();
    await buyer.context.close();
  });
});
