import type { Browser, Page } from 'playwright-core';
import { signup, startTestApp, tokenFromMail, type TestApp } from '../support/test-app';
import { expectAccessible } from './support/accessibility';
import { appAndBrowser, describeInBrowser, launchBrowser, newPage } from './support/browser';

/**
 * User journeys in real headless Chromium against the started platform (web + API in one process),
 * with mail delivered over SMTP to the test's own server. Short session TTL only where a journey needs it.
 */
describeInBrowser('browser journeys', () => {
  const { app, browser } = appAndBrowser();

  const signIn = async (page: Page, login: string, password = 'Demo2026!') => {
    await page.goto('/login');
    await page.getByLabel('Email o RUT').fill(login);
    await page.getByLabel('Contraseña', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
  };

  it('sign up -> verification mail -> verify -> sign in -> /dashboard', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    const person = signup();
    await page.goto('/register');
    await page.getByRole('button', { name: 'Crear cuenta' }).waitFor();
    await expectAccessible(page, 'sign up');
    await page.getByLabel('Email laboral').fill(person.workEmail);
    await page.getByLabel('RUT').fill(person.rut);
    await page.getByLabel('Nombre', { exact: true }).fill(person.name);
    await page.getByLabel('Primer apellido').fill(person.firstLastName);
    await page.getByLabel('Segundo apellido').fill(person.secondLastName);
    await page.getByLabel('Email personal').fill(person.personalEmail);
    await page.getByLabel('Cargo').selectOption('collaborator');
    await page.getByLabel('Teléfono').fill('912345678');
    await page.getByLabel('Contraseña', { exact: true }).fill(person.password);
    await page.getByLabel('Confirmar contraseña').fill(person.password);
    await page.getByLabel(/Acepto los términos/).check();
    await page.getByRole('button', { name: 'Crear cuenta' }).click();

    const mail = await app.mail.waitFor((m) => m.to.includes(person.workEmail));
    const link = new URL(/https?:\/\/\S+verify-email\?token=\S+/.exec(mail.text)![0]);
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByText(/email fue confirmado/i).waitFor();
    await expectAccessible(page, 'email verified');

    await signIn(page, person.workEmail, person.password);
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Mi panel' }).waitFor();
    await expectAccessible(page, 'dashboard');
    expect(errors).toEqual([]);
    await context.close();
    expect(tokenFromMail(mail.text)).toContain('.');
  });

  it('admin -> /backoffice -> assigns a role -> the history shows it with the actor', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'admin@demo.cl');
    await page.waitForURL('**/backoffice');
    await page.goto('/backoffice/users');
    await page.getByLabel('Buscar').fill('usuario@demo.cl');
    await page.getByLabel('Buscar').press('Enter');
    await page.getByRole('link', { name: /Valentina/ }).click();
    await page.getByRole('heading', { name: 'Roles', exact: true }).waitFor();
    await page.getByRole('group', { name: 'Roles del usuario' }).getByLabel('Colaborador').check();
    await page.getByLabel('Motivo del cambio').fill('Ingresa al convenio de su empresa');
    await page.getByRole('button', { name: 'Guardar roles' }).click();
    const history = page.getByRole('region', { name: 'Historial de cambios de roles' }).or(page.locator('section[aria-labelledby="historial-roles"]'));
    await history.getByText('Ingresa al convenio de su empresa').waitFor();
    await expectAccessible(page, 'user detail after a role change');
    await expect(
      history
        .getByText(/Andrés Muñoz/)
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a collaborator opening /backoffice lands on /forbidden', async () => {
    const { context, page } = await newPage(browser, app.url);
    await signIn(page, 'colaborador@demo.cl');
    await page.waitForURL('**/dashboard');
    await page.goto('/backoffice');
    await page.waitForURL('**/forbidden');
    await page.getByRole('heading', { name: 'Acceso denegado' }).waitFor();
    await expectAccessible(page, 'forbidden');
    await context.close();
  });

  it('a visitor opening /dashboard lands on /login', async () => {
    const { context, page } = await newPage(browser, app.url);
    await page.goto('/dashboard');
    await page.waitForURL(/\/login(\?|$)/);
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    await expectAccessible(page, 'sign in');
    await context.close();
  });
});

describeInBrowser('expired session', () => {
  let app: TestApp;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  beforeAll(async () => {
    app = await startTestApp();
    ({ browser, close: closeBrowser } = await launchBrowser());
  });
  afterAll(async () => {
    await closeBrowser?.();
    await app?.stop();
  });

  it('an expired session lands on /login with the toast', async () => {
    const { context, page } = await newPage(browser, app.url);
    await page.goto('/login');
    await page.getByLabel('Email o RUT').fill('admin@demo.cl');
    await page.getByLabel('Contraseña', { exact: true }).fill('Demo2026!');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL('**/backoffice');
    // The server's clock moves past the session's 15 minutes of idle time while the page stays open; the next
    // screen's API call gets a 401, the one shared refresh fails too, and the app ends the session as expired.
    app.clock.advance(16 * 60 * 1000);
    // Clicked at once, without waiting for the link to be stable: a poll of the back office (notifications) may
    // meet the 401 first, and the app then leaves the page before the click.
    await page.evaluate(() => document.querySelector<HTMLAnchorElement>('a[href="/backoffice/users"]')?.click());
    await page.getByText('Su sesión ha expirado. Por favor ingrese nuevamente.').first().waitFor();
    await page.waitForURL(/\/login(\?|$)/);
    await context.close();
  });
});
