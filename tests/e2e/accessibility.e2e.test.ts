import type { Page } from 'playwright-core';
import { wcagViolations, switchTheme, currentTheme } from './support/accessibility';
import { appAndBrowser, describeInBrowser, networkQuiet, newPage, signIn } from './support/browser';

/**
 * Every screen of the app, as each kind of person reaches it, checked by axe-core (WCAG 2.1 A/AA) in the
 * light and the dark theme: no serious or critical violation anywhere.
 */
describeInBrowser('accessibility of every screen, both themes', () => {
  const { app, browser } = appAndBrowser();

  /** A screen is ready when its heading shows and nothing is loading any more. */
  const open = async (page: Page, path: string) => {
    await page.goto(path);
    await page.locator('main h1').first().waitFor();
    await networkQuiet(page);
    await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
  };

  /** Checks each screen in both themes; collects every violation so one run lists them all. */
  const tour = async (page: Page, who: string, paths: readonly string[]) => {
    const found: string[] = [];
    const check = async (screen: string) => {
      const start = await currentTheme(page);
      for (const mode of [start, start === 'dark' ? 'light' : 'dark'] as const) {
        await switchTheme(page, mode);
        found.push(...(await wcagViolations(page)).map((line) => `[${who} ${screen}, ${mode}] ${line}`));
      }
    };
    for (const path of paths) {
      await open(page, path);
      await check(path);
    }
    return found;
  };

  it('public screens, as a visitor', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    const found = await tour(page, 'visitor', [
      '/',
      '/projects',
      '/projects/parque-nunoa',
      '/login',
      '/register',
      '/auth/forgot-password',
      '/auth/reset-password?token=x.y',
      '/auth/resend-verification',
      '/terms',
      '/privacy',
      '/contact',
      '/forbidden',
      '/no-existe',
    ]);
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the buyer's screens", async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'colaborador@demo.cl', '/dashboard');
    const found = await tour(page, 'buyer', [
      '/dashboard',
      '/dashboard/favorites',
      '/dashboard/quotes',
      '/dashboard/reservations',
      '/dashboard/alerts',
      '/dashboard/documents',
      '/dashboard/profile',
      '/projects/parque-nunoa?unit=parque-nunoa-302',
    ]);
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the back office, as an admin', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'admin@demo.cl', '/backoffice');
    const found = await tour(page, 'admin', [
      '/backoffice',
      '/backoffice/users',
      '/backoffice/role-changes',
      '/backoffice/mailbox',
      '/backoffice/projects',
      '/backoffice/featured',
      '/backoffice/payments',
      '/backoffice/quotes',
      '/backoffice/reservations',
      '/backoffice/email',
    ]);
    await page.goto('/backoffice/users');
    await page.getByRole('link', { name: /Valentina/ }).click();
    await page.getByRole('heading', { name: 'Roles', exact: true }).waitFor();
    await networkQuiet(page);
    for (const mode of ['light', 'dark'] as const) {
      await switchTheme(page, mode);
      found.push(...(await wcagViolations(page)).map((l) => `[admin user detail, ${mode}] ${l}`));
    }
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the company portal', async () => {
    const { context, page, errors } = await newPage(browser, app.url);
    await signIn(page, 'empresa@demo.cl', '/company-portal');
    const found = await tour(page, 'company', [
      '/company-portal',
      '/company-portal/listings',
      '/company-portal/analytics',
      '/company-portal/team',
      '/company-portal/settings',
    ]);
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
