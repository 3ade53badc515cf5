import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { expectAccessible, switchTheme, wcagViolations } from './support/accessibility';
import { appAndBrowser, describeInBrowser, newPage, signIn } from './support/browser';

/**
 * The back-office kit in Chromium against the started platform: the grouped sidebar by permission, a
 * filtered list that is a link, the CSV export of what is filtered, and the confirm dialog.
 */
interface PageDocument {
  querySelector(selector: string): unknown;
  querySelectorAll(selector: string): ArrayLike<{ textContent: string | null }>;
}

/**
 * In the page: the users table has loaded (not busy), with rows, every one of them an auditor (Roles is
 * column 4). A function, not a string: the app's CSP forbids eval, which polling a string would need.
 */
const onlyAuditorsShown = (): boolean => {
  const doc = (globalThis as unknown as { document: PageDocument }).document;
  const cells = Array.from(doc.querySelectorAll('table tbody tr td:nth-child(4)'));
  return !doc.querySelector('table[aria-busy]') && cells.length > 0 && cells.every((td) => (td.textContent ?? '').includes('Auditor'));
};

/** Runs in the page: whether this element has the focus. */
const isFocused = (el: unknown): boolean => el === (el as { ownerDocument: { activeElement: unknown } }).ownerDocument.activeElement;

describeInBrowser('back-office kit', () => {
  const { app, browser } = appAndBrowser();

  const sidebarOf = async (page: Page) => {
    const nav = page.getByRole('navigation', { name: 'Navegación del back office' });
    await nav.getByRole('link', { name: 'Inicio' }).waitFor();
    return nav;
  };

  it('the sidebar groups the sections and shows an admin and an auditor only theirs', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'admin@demo.cl');
    await page.goto('/backoffice');
    let nav = await sidebarOf(page);
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Inicio',
      'Proyectos',
      'Destacados',
      'Carga masiva',
      'Cotizaciones',
      'Reservas',
      'Leads',
      'Dashboard de ventas',
      'Dashboard de leads',
      'Empresas',
      'Solicitudes de empresas',
      'Campañas',
      'Usuarios',
      'Parámetros financieros',
      'Valor UF',
      'Contenido del sitio',
      'Términos y privacidad',
      'Administración de email',
      'Centro de notificaciones',
      'Correos',
      'Auditoría de roles',
      'Pagos',
    ]);
    expect(await nav.getByRole('list', { name: 'Comunicaciones' }).getByRole('link').allTextContents()).toEqual([
      'Administración de email',
      'Centro de notificaciones',
      'Correos',
    ]);
    expect(await nav.getByRole('link', { name: 'Inicio' }).getAttribute('aria-current')).toBe('page');
    await nav.getByRole('link', { name: 'Correos' }).click();
    // The URL changes before React marks the link: wait for the mark, then check it is the only one.
    await nav.locator('a[aria-current="page"]', { hasText: 'Correos' }).waitFor();
    expect(await nav.locator('a[aria-current="page"]').allTextContents()).toEqual(['Correos']);
    await context.close();

    const auditor = await newPage(browser, app.url);
    await signIn(auditor.page, 'auditor@demo.cl');
    await auditor.page.goto('/backoffice');
    nav = await sidebarOf(auditor.page);
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Inicio',
      'Cotizaciones',
      'Reservas',
      'Leads',
      'Dashboard de ventas',
      'Dashboard de leads',
      'Usuarios',
      'Centro de notificaciones',
      'Auditoría de roles',
      'Pagos',
    ]);
    expect(
      await auditor.page
        .getByRole('main')
        .getByRole('link', { name: /correos/i })
        .count(),
    ).toBe(0);
    await auditor.page.getByRole('main').getByRole('link', { name: 'Ir a auditoría de roles' }).click();
    await auditor.page.waitForURL('**/backoffice/role-changes');
    expect(errors.concat(auditor.errors)).toEqual([]);
    await auditor.context.close();
  });

  it('a filtered users list is a link (reload keeps it) and its CSV holds exactly the filtered rows', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'admin@demo.cl');
    await page.goto('/backoffice/users');
    await page.getByLabel('Rol').selectOption('auditor');
    await page.waitForURL(/role=auditor/);
    const table = page.getByRole('table', { name: 'Lista de usuarios' });
    await page.waitForFunction(onlyAuditorsShown);
    const shownEmails = await table.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(shownEmails).toContain('auditor@demo.cl');
    expect(shownEmails).not.toContain('admin@demo.cl');

    await page.reload();
    expect(await page.getByLabel('Rol').inputValue()).toBe('auditor');
    await page.waitForFunction(onlyAuditorsShown);
    expect(await table.locator('tbody tr td:nth-child(2)').allTextContents()).toEqual(shownEmails);
    await expectAccessible(page, 'users list, filtered');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('usuarios.csv');
    const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Nombre,Email,RUT,Roles,Estado,Verificado,Fecha de registro');
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[1])
        .sort(),
    ).toEqual([...shownEmails].sort());
    expect(errors).toEqual([]);
    await context.close();
  });

  it('disabling an account asks confirmation with a reason; Escape cancels it', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'admin@demo.cl');
    await page.goto('/backoffice/users?search=asesor%40demo.cl');
    await page.getByRole('table', { name: 'Lista de usuarios' }).getByRole('link').first().click();
    const dialog = page.getByRole('dialog', { name: '¿Deshabilitar esta cuenta?' });
    // The theme toggle is behind the modal: each theme is set first, then the dialog opened and checked.
    for (const mode of ['light', 'dark'] as const) {
      await switchTheme(page, mode);
      await page.getByRole('button', { name: 'Deshabilitar cuenta' }).click();
      await dialog.waitFor();
      expect(await dialog.getByLabel('Motivo').evaluate(isFocused)).toBe(true);
      expect(await wcagViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(await page.getByRole('button', { name: 'Deshabilitar cuenta' }).evaluate(isFocused)).toBe(true);
    }

    await page.getByRole('button', { name: 'Deshabilitar cuenta' }).click();
    await dialog.getByRole('button', { name: 'Deshabilitar' }).click();
    await dialog.getByText('Indique el motivo (al menos 3 caracteres).').waitFor();
    await dialog.getByLabel('Motivo').fill('Dejó la empresa');
    await dialog.getByRole('button', { name: 'Deshabilitar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Cuenta deshabilitada. Sus sesiones abiertas se cerraron.').waitFor();
    // The account is disabled: it can no longer sign in.
    const login = await app.client().post('/api/v1/auth/cookie/login', { email: 'asesor@demo.cl', password: 'Demo2026!' });
    expect(login.body.code).toBe('ACCOUNT_DISABLED');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('leaving a roles form with unsaved changes asks first', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'admin@demo.cl');
    await page.goto('/backoffice/users?search=usuario%40demo.cl');
    await page.getByRole('table', { name: 'Lista de usuarios' }).getByRole('link').first().click();
    const userPath = new URL(page.url()).pathname;
    await page.getByLabel('Motivo del cambio').fill('Pasa a colaborador');
    const sidebar = await sidebarOf(page);
    const dialog = page.getByRole('dialog', { name: '¿Salir sin guardar?' });

    await sidebar.getByRole('link', { name: 'Correos' }).click();
    await dialog.waitFor();
    expect(await wcagViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Seguir editando' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe(userPath);
    expect(await page.getByLabel('Motivo del cambio').inputValue()).toBe('Pasa a colaborador');

    await sidebar.getByRole('link', { name: 'Correos' }).click();
    await dialog.getByRole('button', { name: 'Salir sin guardar' }).click();
    await page.waitForURL('**/backoffice/mailbox');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a role change over roles someone else changed meanwhile (412) is explained, and the current roles are loaded', async () => {
    const admin = app.client();
    await admin.login('admin@demo.cl');
    const user = (await admin.get('/api/v1/users?search=usuario%40demo.cl')).body.items[0] as { id: string; roles: string[] };
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'admin@demo.cl');
    await page.goto(`/backoffice/users/${user.id}`);
    const roles = page.getByRole('group', { name: 'Roles del usuario' });
    await roles.getByLabel('Colaborador').waitFor();

    // Another administrator makes the user an advisor while this form is open.
    const etag = (await admin.get(`/api/v1/users/${user.id}`)).headers.get('etag')!;
    const changed = await admin.put(`/api/v1/users/${user.id}/roles`, { roles: [...user.roles, 'advisor'], reason: 'Pasa a asesor' }, { 'If-Match': etag });
    expect(changed.status).toBe(200);

    await roles.getByLabel('Colaborador').check();
    await page.getByLabel('Motivo del cambio').fill('Pasa a colaborador');
    await page.getByRole('button', { name: 'Guardar roles' }).click();
    await page.getByText('Se cargaron los roles actuales del usuario. Revíselos y vuelva a guardar.').waitFor();
    await page.getByText('La información cambió mientras la editaba. Recargue e intente nuevamente.').first().waitFor();
    expect(await roles.getByLabel('Asesor').isChecked()).toBe(true);
    expect(await roles.getByLabel('Colaborador').isChecked()).toBe(false);
    await expectAccessible(page, 'user detail, roles changed meanwhile');
    expect(errors).toEqual([]);
    await context.close();
  });
});
