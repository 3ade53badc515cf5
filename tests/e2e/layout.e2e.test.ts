import type { Page } from 'playwright-core';
import { payAtSandbox, readModelsCaughtUp, signedIn } from '../support/buyers';
import { requestContact } from './support/leads';
import { appAndBrowser, describeInBrowser, networkQuiet, newPage, signIn } from './support/browser';
import { screenFits } from './support/layout';

/**
 * Every screen each kind of person reaches, at 1366 and at 390 px: nothing scrolls sideways, no table is wider
 * than its box, no KPI figure is cut or wrapped. The screens hold real figures first (leads, a quote, a paid
 * reservation), since an empty table or a zero fits anywhere.
 */
describeInBrowser('every screen fits at 1366 and 390 px', () => {
  const { app, browser } = appAndBrowser();
  beforeAll(async () => {
    await requestContact(app, [
      ['Rosa Tapia Fuenzalida', 'rosa.tapia.fuenzalida@empresa-con-nombre-largo.cl', 'contact'],
      ['Hugo Lira', 'hugo.lira@gmail.com', 'advisor'],
    ]);
    const buyer = await signedIn(app, 'colaborador@demo.cl', process.env.DEMO_PASSWORD ?? 'Demo2026!');
    const unit = (await app.client().get('/api/v1/projects/parque-nunoa/units?available=true')).body.items[0];
    expect((await buyer.post('/api/v1/quotes', { unitId: unit.id })).status).toBe(201);
    const reservation = await buyer.post('/api/v1/reservations', { unitId: unit.id });
    expect(reservation.status).toBe(201);
    await payAtSandbox(buyer, reservation.body.payment, 'approve');
    await readModelsCaughtUp(app);
  });

  /** A screen is ready when its heading shows and nothing is loading any more. */
  const settle = async (page: Page) => {
    await page.locator('main h1').first().waitFor();
    await networkQuiet(page);
    await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
  };

  const tour = async (page: Page, who: string, paths: readonly string[]) => {
    const found: string[] = [];
    for (const path of paths) {
      await page.goto(path);
      // Loaded anew at each width, as a phone or a laptop opens it (a chart that follows a resized window is not the point).
      found.push(
        ...(await screenFits(page, `${who} ${path}`, async () => {
          await page.reload();
          await settle(page);
        })),
      );
    }
    return found;
  };

  const as = async (login: string | null, landing: string, paths: readonly string[]) => {
    const { context, page, errors } = await newPage(browser, app.url);
    if (login) await signIn(page, login, landing);
    const found = await tour(page, login ?? 'visitor', [landing, ...paths]);
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  };

  it('a visitor', () =>
    as(null, '/', ['/projects', '/projects/parque-nunoa', '/login', '/register', '/contact', '/terms', '/privacy', '/company-registration']));

  it('a buyer', () =>
    as('colaborador@demo.cl', '/dashboard', [
      '/projects',
      '/projects/parque-nunoa',
      '/dashboard/favorites',
      '/dashboard/quotes',
      '/dashboard/reservations',
      '/dashboard/alerts',
      '/dashboard/documents',
      '/dashboard/profile',
    ]));

  it('a super administrator', () =>
    as('superadmin@demo.cl', '/backoffice', [
      '/backoffice/projects',
      '/backoffice/featured',
      '/backoffice/project-imports',
      '/backoffice/quotes',
      '/backoffice/reservations',
      '/backoffice/leads',
      '/backoffice/sales-dashboard',
      '/backoffice/lead-dashboard',
      '/backoffice/companies',
      '/backoffice/company-registrations',
      '/backoffice/campaigns',
      '/backoffice/users',
      '/backoffice/role-changes',
      '/backoffice/financial-parameters',
      '/backoffice/uf',
      '/backoffice/content',
      '/backoffice/legal',
      '/backoffice/migrations',
      '/backoffice/email',
      '/backoffice/email/history',
      '/backoffice/email/analytics',
      '/backoffice/notifications',
      '/backoffice/mailbox',
      '/backoffice/data-requests',
      '/backoffice/payments',
    ]));

  it('an analyst, an auditor, the data protection officer and an advisor', async () => {
    await as('analista@demo.cl', '/backoffice', ['/backoffice/leads', '/backoffice/sales-dashboard', '/backoffice/lead-dashboard']);
    await as('auditor@demo.cl', '/backoffice', ['/backoffice/payments', '/backoffice/role-changes', '/dashboard']);
    await as('datos@demo.cl', '/backoffice', ['/backoffice/data-requests']);
    await as('asesor@demo.cl', '/dashboard', ['/backoffice/leads']);
  });

  it("a real-estate company's portal", () =>
    as('empresa@demo.cl', '/company-portal', [
      '/company-portal/listings',
      '/company-portal/project-imports',
      '/company-portal/analytics',
      '/company-portal/team',
      '/company-portal/settings',
    ]));
});
