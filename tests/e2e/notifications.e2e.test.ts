import type { Page } from 'playwright-core';
import { expectAccessible, wcagViolations } from './support/accessibility';
import { appAndBrowser, describeInBrowser, newPage, signIn } from './support/browser';

/**
 * Notifications in Chromium: a buyer sets their preferences (the server's refusals at their fields), allows
 * the browser's notifications, and sees their confirmed reservation arrive in the bell and as a browser
 * notification without reloading; staff read their notifications in the back office's Centro de notificaciones.
 */
describeInBrowser('notifications', () => {
  // Web Notifications: only the full browser has them (the headless shell denies every permission).
  const { app, browser } = appAndBrowser('full');

  /** Records what the app shows through the Notification API (headless Chromium shows nothing to look at). */
  const RECORD_BROWSER_NOTIFICATIONS = `(() => {
    const Real = window.Notification;
    window.__shown = [];
    class Recorded {
      constructor(title, options) { window.__shown.push({ title, body: options && options.body }); }
      close() {}
      static get permission() { return Real.permission; }
      static requestPermission() { return Real.requestPermission(); }
    }
    window.Notification = Recorded;
  })();`;
  const shown = (page: Page) => page.evaluate<{ title: string; body: string }[]>('window.__shown');

  const channels = (page: Page) => page.getByRole('group', { name: 'Canales' });
  const categories = (page: Page) => page.getByRole('group', { name: 'Categorías' });

  it('a buyer changes their preferences (refusals shown at their fields), then sees a notification appear when their reservation is confirmed', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await context.addInitScript(RECORD_BROWSER_NOTIFICATIONS);
    await signIn(page, 'usuario@demo.cl', '/dashboard');

    // From the bell to the preferences.
    const bell = page.getByRole('button', { name: /^Notificaciones, \d+ sin leer$/ });
    await bell.click();
    await page.getByRole('region', { name: 'Notificaciones' }).getByRole('link', { name: 'Preferencias de notificación' }).click();
    await page.getByRole('heading', { name: 'Preferencias de notificación', level: 1 }).waitFor();
    await page.getByText('Estado del permiso:').getByText('No configurado').waitFor();
    await expectAccessible(page, 'notification preferences');

    // Nothing left on: both refusals at their groups; quiet hours that end when they start: at "Hasta".
    await channels(page).getByLabel('Navegador').uncheck();
    for (const label of ['Sistema', 'Proyectos', 'Campañas', 'Seguridad']) await categories(page).getByLabel(label).uncheck();
    await page.getByLabel('No avisarme en este horario (salvo lo urgente)').check();
    await page.getByLabel('Desde').fill('08:00');
    await page.getByLabel('Hasta').fill('08:00');
    await page.getByRole('button', { name: 'Guardar preferencias' }).click();
    await channels(page).getByText('Debe mantener al menos un canal de notificación activo.').waitFor();
    await categories(page).getByText('Debe mantener al menos una categoría de notificaciones activa.').waitFor();
    await page.getByText('El inicio y el fin del horario de silencio no pueden ser iguales.').waitFor();
    expect(await channels(page).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Hasta').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'notification preferences with refusals');

    // Fixed: browser and SMS, projects and security, a daily digest, no quiet hours.
    await channels(page).getByLabel('Navegador').check();
    await channels(page).getByLabel('SMS').check();
    await categories(page).getByLabel('Proyectos').check();
    await categories(page).getByLabel('Seguridad').check();
    await page.getByRole('radio', { name: 'Resumen diario' }).check();
    await page.getByLabel('No avisarme en este horario (salvo lo urgente)').uncheck();
    await page.getByRole('button', { name: 'Guardar preferencias' }).click();
    await page.getByText('Preferencias guardadas.').waitFor();
    expect(await channels(page).getAttribute('aria-invalid')).toBeNull();
    await page.reload();
    await page.getByRole('heading', { name: 'Preferencias de notificación', level: 1 }).waitFor();
    expect(await channels(page).getByLabel('SMS').isChecked()).toBe(true);
    expect(await categories(page).getByLabel('Campañas').isChecked()).toBe(false);
    expect(await page.getByRole('radio', { name: 'Resumen diario' }).isChecked()).toBe(true);

    // The browser's permission: granted now.
    await context.grantPermissions(['notifications']);
    await page.reload();
    await page.getByText('Estado del permiso:').getByText('Permitidas').waitFor();

    // Meanwhile the same buyer reserves and pays from another device: the bell and the browser tell them.
    const count = Number((await bell.textContent())?.match(/(\d+) sin leer/)?.[1] ?? '0');
    const buyer = app.client();
    await buyer.login('usuario@demo.cl');
    const [unit] = (await buyer.get('/api/v1/projects/mirador-providencia/units?available=true')).body.items.slice(-1);
    const reserved = await buyer.post('/api/v1/reservations', { unitId: unit.id });
    expect(reserved.status).toBe(201);
    const { payAtSandbox } = await import('../support/buyers');
    await payAtSandbox(buyer, reserved.body.payment, 'approve');
    const after = page.getByRole('button', { name: `Notificaciones, ${count + 1} sin leer` });
    await after.waitFor({ timeout: 25_000 });
    await after.click();
    const panel = page.getByRole('region', { name: 'Notificaciones' });
    await panel.getByText('Reserva confirmada').first().waitFor();
    await panel.getByText(`La unidad ${unit.unitNumber} de`, { exact: false }).first().waitFor();
    await page.waitForFunction(() => ((globalThis as unknown as { __shown: unknown[] }).__shown ?? []).length > 0);
    expect(await shown(page)).toEqual([{ title: 'Reserva confirmada', body: expect.stringContaining(`La unidad ${unit.unitNumber} de`) }]);
    expect(await wcagViolations(page)).toEqual([]);
    await panel.getByRole('button', { name: 'Marcar todas como leídas' }).click();
    await page.getByRole('button', { name: 'Notificaciones, 0 sin leer' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('staff read their notifications in Comunicaciones › Centro de notificaciones, filtered by category and priority, and mark them all read', async () => {
    // A role change the admin hears of (security, high).
    const superadmin = app.client();
    await superadmin.login('superadmin@demo.cl');
    const target = (await superadmin.get('/api/v1/users?search=admin@demo.cl')).body.items.find((u: { email: string }) => u.email === 'admin@demo.cl');
    const detail = await superadmin.get(`/api/v1/users/${target.id}`);
    const changed = await superadmin.put(
      `/api/v1/users/${target.id}/roles`,
      { roles: ['admin', 'advisor'], reason: 'Apoyo a ventas' },
      { 'If-Match': detail.headers.get('etag')! },
    );
    expect(changed.status).toBe(200);

    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'admin@demo.cl');
    await page.goto('/backoffice');
    await page.getByRole('navigation', { name: 'Navegación del back office' }).getByRole('link', { name: 'Centro de notificaciones' }).click();
    await page.getByRole('heading', { name: 'Centro de notificaciones', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Notificaciones' });
    await table.getByRole('rowheader', { name: 'Sus roles cambiaron' }).waitFor();
    await expectAccessible(page, 'notification center');

    await page.getByLabel('Categoría').selectOption('security');
    await page.waitForURL('**/backoffice/notifications?category=security');
    await table.getByRole('rowheader', { name: 'Sus roles cambiaron' }).waitFor();
    await page.getByLabel('Prioridad').selectOption('urgent');
    await page.getByText('No hay notificaciones con estos filtros.').waitFor();
    await page.getByLabel('Prioridad').selectOption('');
    await table.getByRole('rowheader', { name: 'Sus roles cambiaron' }).waitFor();
    await page.getByRole('button', { name: 'Marcar todas como leídas' }).click();
    await page.getByText('Sus notificaciones: 0 sin leer', { exact: false }).waitFor();
    await table.getByRole('cell', { name: 'Leída' }).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the super-admin hears of a new lead and a company registration in the back office bell, and goes from it to the lead', async () => {
    const lead = await app.client().post('/api/v1/contact-requests', {
      name: 'Rocío Fernández',
      email: 'rocio.fernandez@correo.cl',
      phone: '+56 9 7654 3210',
      preferredContactMethod: 'phone',
      preferredTime: 'morning',
      termsAccepted: true,
    });
    expect(lead.status).toBe(201);
    const { registrationApplication, PDF_BYTES } = await import('../support/company-registration');
    const applicant = app.client();
    const registration = await applicant.post('/api/v1/company-registrations', registrationApplication());
    const pdf = { name: 'rut.pdf', type: 'application/pdf', bytes: PDF_BYTES };
    await applicant.upload(`/api/v1/company-registrations/${registration.body.id}/documents`, { kind: 'rut_certificate' }, pdf);
    expect((await applicant.post(`/api/v1/company-registrations/${registration.body.id}/submit`, {})).status).toBe(200);
    await app.settled();

    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'superadmin@demo.cl', '/backoffice');
    await page.getByRole('button', { name: /^Notificaciones, [1-9]\d* sin leer$/ }).click();
    const panel = page.getByRole('region', { name: 'Notificaciones' });
    await panel.getByText('Nueva solicitud de empresa').waitFor();
    await panel.getByText('Inmobiliaria Pehuén SpA envió su solicitud de registro.', { exact: false }).waitFor();
    // This test's lead came by the contact form (an earlier test's reservation brought one too).
    const leadNotice = panel.getByRole('listitem').filter({ hasText: 'Nuevo lead sin asignar' }).filter({ hasText: 'solicitud de contacto' });
    await leadNotice.getByText('Asígnelo a un asesor', { exact: false }).waitFor();
    await leadNotice.getByRole('link', { name: 'Ver' }).click();
    await page.waitForURL(/\/backoffice\/leads\/[\w-]+$/);
    await page.getByRole('heading', { name: 'Rocío Fernández', level: 1 }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
