import { CompanyMembershipService } from '../../application/companies/company-membership-service';
import { foldStream } from '../../kernel/command-handling/handle-command';
import { identityClaimDecider, identityClaimStream } from '../../domain/accounts/identity-claim';
import { chileDay } from '../../domain/shared/chile-day';
import { startTestApp, type TestApp } from '../support/test-app';
import type { ApiClient } from '../support/api-client';
import { createBuyers, events, payAtSandbox, readModelsCaughtUp, signedIn } from '../support/buyers';

/** The dashboards over real HTTP: figures, read-your-writes, who reads, and the server's company scoping on every route. */
let app: TestApp;
const c: Record<string, ApiClient> = {};
let employer: ApiClient;
let orphan: ApiClient;
// The dashboards' days are Chile's (America/Santiago), not UTC's.
const today = chileDay(new Date());
const range = `from=${today}&to=${today}`;
const head = async () => ({ 'x-min-position': String(await events(app).headPosition()) });

beforeAll(async () => {
  app = await startTestApp();
  for (const email of [
    'admin@demo.cl',
    'analista@demo.cl',
    'auditor@demo.cl',
    'superadmin@demo.cl',
    'empresa@demo.cl',
    'asesor@demo.cl',
    'usuario@demo.cl',
    'colaborador@demo.cl',
  ]) {
    c[email] = app.client();
    await c[email].login(email);
  }
  // A company user of the partner employer Banco Andino, and one with no company at all.
  const [employerEmail, orphanEmail] = await createBuyers(app, 2, ['company']);
  const userId = foldStream(identityClaimDecider, await events(app).readStream(identityClaimStream('email', employerEmail))).ownerId!;
  await new CompanyMembershipService(events(app)).grant(userId, 'banco-andino', {
    now: new Date(),
    actorId: 'test',
    actorRoles: ['admin'],
    correlationId: 'test-membership',
  });
  employer = await signedIn(app, employerEmail);
  orphan = await signedIn(app, orphanEmail);
  await readModelsCaughtUp(app);
});
afterAll(() => app.stop());

const sales = (client: ApiClient, q = '', headers: Record<string, string> = {}) => client.get(`/api/v1/analytics/sales?${range}${q}`, headers);

describe('sales analytics', () => {
  let before: { started: number; confirmed: number; revenueCLP: number };
  let after: Awaited<ReturnType<typeof sales>>['body'];

  beforeAll(async () => {
    before = (await sales(c['analista@demo.cl'])).body.totals;
    // colaborador@demo.cl (Banco Andino, 150 UF) reserves and pays a unit of Mirador Providencia (Inmobiliaria Andes).
    const unit = (await app.client().get('/api/v1/projects/mirador-providencia/units?available=true')).body.items[0];
    const started = await c['colaborador@demo.cl'].post('/api/v1/reservations', { unitId: unit.id });
    expect(started.status).toBe(201);
    await payAtSandbox(c['colaborador@demo.cl'], started.body.payment, 'approve');
    // The next read, with the position just written, already shows the paid reservation (read-your-writes).
    after = (await sales(c['analista@demo.cl'], '', await head())).body;
  });

  it('a paid reservation shows on the next read: totals, series, by project, real-estate and partner company, funnel', () => {
    expect(after.totals.started).toBe(before.started + 1);
    expect(after.totals.confirmed).toBe(before.confirmed + 1);
    expect(after.totals.revenueCLP).toBeGreaterThan(before.revenueCLP);
    expect(Object.keys(after.totals).sort()).toEqual(['cancelled', 'confirmed', 'expired', 'revenueCLP', 'revenueUF', 'started']);
    expect(after.series).toEqual([expect.objectContaining({ period: today, confirmed: after.totals.confirmed })]);
    expect(after.byProject.find((p: { projectId: string }) => p.projectId === 'mirador-providencia')).toMatchObject({
      realEstateCompanyId: 'inmobiliaria-andes',
      confirmed: expect.any(Number),
    });
    expect(after.byRealEstateCompany.find((r: { companyId: string }) => r.companyId === 'inmobiliaria-andes')).toMatchObject({
      companyName: 'Inmobiliaria Andes SpA',
    });
    expect(after.byPartnerCompany.find((r: { companyId: string }) => r.companyId === 'banco-andino')).toMatchObject({
      companyName: 'Banco Andino S.A.',
      contributionCommittedUF: 150,
    });
    expect(after.funnel).toMatchObject({ reservations: after.totals.started, confirmed: after.totals.confirmed });
    expect(after.contribution.committedUF).toBeGreaterThanOrEqual(150);
    expect(after.scope).toBeNull();
  });

  it('filters by project, real-estate company and partner company; week and month granularity', async () => {
    const analyst = c['analista@demo.cl'];
    expect((await sales(analyst, '&projectId=mirador-providencia')).body.totals.confirmed).toBeGreaterThanOrEqual(1);
    expect(
      (await sales(analyst, '&realEstateCompanyId=constructora-pacifico')).body.byProject.map((p: { realEstateCompanyId: string }) => p.realEstateCompanyId),
    ).not.toContain('inmobiliaria-andes');
    expect((await sales(analyst, '&partnerCompanyId=retail-austral')).body.totals.confirmed).toBe(0);
    expect((await sales(analyst, '&granularity=month')).body.series[0].period).toBe(`${today.slice(0, 7)}-01`);
    expect((await sales(analyst, '&granularity=week')).body.series).toHaveLength(1);
  });

  it('refuses bad input with 400 and the spec error object', async () => {
    for (const q of [
      'from=2026-02-30&to=2026-03-01',
      'from=2026-03-01&to=2026-02-01',
      `${range}&granularity=year`,
      'to=2026-01-01',
      'from=2020-01-01&to=2026-01-01',
      `${range}&projectId=no valido`,
    ]) {
      const res = await c['analista@demo.cl'].get(`/api/v1/analytics/sales?${q}`);
      expect([q, res.status, res.body.code]).toEqual([q, 400, 'VALIDATION_FAILED']);
    }
  });

  it('a rebuild of the projection from scratch gives the same numbers', async () => {
    const rebuilt = await c['superadmin@demo.cl'].post('/api/v1/admin/projections/sales-analytics/rebuild', {});
    expect(rebuilt.status).toBe(200);
    expect((await sales(c['analista@demo.cl'], '', await head())).body).toEqual(after);
  });

  it('project page views are counted in memory and recorded as one event per flush', async () => {
    const visitsBefore = (await sales(c['analista@demo.cl'], '&projectId=parque-nunoa')).body.funnel.visits;
    for (let i = 0; i < 3; i++) expect((await app.client().get('/api/v1/projects/parque-nunoa')).status).toBe(200);
    const headBefore = await events(app).headPosition();
    const position = await app.platform.pageViews.flush();
    expect(position).toBe(headBefore + 1);
    const [event] = (await events(app).readAll({ fromPosition: position - 1, limit: 5 })).filter((e) => e.globalPosition === position);
    expect(event).toMatchObject({ type: 'ProjectPageViewsCounted', data: { counts: { 'parque-nunoa': 3 } } });
    expect((await sales(c['analista@demo.cl'], '&projectId=parque-nunoa', { 'x-min-position': String(position) })).body.funnel.visits).toBe(visitsBefore + 3);
  });

  it("a signed-in buyer's project visits reach their lead's timeline at the flush (one per project and day)", async () => {
    for (let i = 0; i < 2; i++) expect((await c['colaborador@demo.cl'].get('/api/v1/projects/costanera-vina')).status).toBe(200);
    expect((await c['analista@demo.cl'].get('/api/v1/projects/costanera-vina')).status).toBe(200); // staff are not prospects
    await app.platform.pageViews.flush();
    const at = await head();
    const [lead] = (await c['analista@demo.cl'].get('/api/v1/leads?search=colaborador@demo.cl', at)).body.items;
    const detail = (await c['analista@demo.cl'].get(`/api/v1/leads/${lead.id}`, at)).body;
    expect(detail.timeline.filter((t: { kind: string; projectId: string }) => t.kind === 'website_visit' && t.projectId === 'costanera-vina')).toHaveLength(1);
    expect(detail.websiteVisits).toBeGreaterThanOrEqual(1);
    expect((await c['analista@demo.cl'].get('/api/v1/leads?search=analista@demo.cl', at)).body.items).toEqual([]);
  });
});

describe('who reads the dashboards', () => {
  it('analysts, auditors and administrators read every route; buyers and advisors do not', async () => {
    for (const email of ['analista@demo.cl', 'auditor@demo.cl', 'admin@demo.cl', 'superadmin@demo.cl'])
      for (const path of [`/analytics/sales?${range}`, `/analytics/leads?${range}`, '/analytics/filters', '/analytics/employer?companyId=banco-andino'])
        expect([email, path, (await c[email].get(`/api/v1${path}`)).status]).toEqual([email, path, 200]);
    for (const email of ['usuario@demo.cl', 'asesor@demo.cl', 'colaborador@demo.cl'])
      for (const path of [`/analytics/sales?${range}`, `/analytics/leads?${range}`, '/analytics/filters', '/analytics/employer'])
        expect([email, path, (await c[email].get(`/api/v1${path}`)).status]).toEqual([email, path, 403]);
  });
});

describe('a company user sees only their own company, on every analytics route', () => {
  it('sales: a real-estate company sees its projects only, whatever it asks for', async () => {
    const mine = (await sales(c['empresa@demo.cl'], '', await head())).body;
    expect(mine.scope).toEqual({ companyId: 'inmobiliaria-andes', kind: 'real_estate' });
    expect(mine.totals.confirmed).toBeGreaterThanOrEqual(1);
    expect(new Set(mine.byProject.map((p: { realEstateCompanyId: string }) => p.realEstateCompanyId))).toEqual(new Set(['inmobiliaria-andes']));
    expect(mine.byRealEstateCompany.map((r: { companyId: string }) => r.companyId)).toEqual(['inmobiliaria-andes']);
    const asked = (await sales(c['empresa@demo.cl'], '&realEstateCompanyId=constructora-pacifico')).body;
    expect(asked.totals).toEqual(mine.totals);
    expect((await sales(c['empresa@demo.cl'], '&projectId=vista-vitacura')).body.totals.started).toBe(0);
  });

  it('sales: a partner employer sees its collaborators’ reservations and the contribution it committed', async () => {
    const mine = (await sales(employer)).body;
    expect(mine.scope).toEqual({ companyId: 'banco-andino', kind: 'employer' });
    expect(mine.byPartnerCompany.map((r: { companyId: string }) => r.companyId)).toEqual(['banco-andino']);
    expect(mine.contribution.committedUF).toBeGreaterThanOrEqual(150);
    expect((await sales(employer, '&partnerCompanyId=retail-austral')).body.totals).toEqual(mine.totals);
  });

  it('a company user without a company sees zeros', async () => {
    const none = (await sales(orphan)).body;
    expect(none.totals).toEqual({ started: 0, confirmed: 0, expired: 0, cancelled: 0, revenueUF: 0, revenueCLP: 0 });
    expect(none.byProject).toEqual([]);
    expect((await orphan.get(`/api/v1/analytics/leads?${range}`)).body.total).toBe(0);
    expect((await orphan.get('/api/v1/analytics/filters')).body).toMatchObject({ projects: [], realEstateCompanies: [], partnerCompanies: [] });
    expect((await orphan.get('/api/v1/analytics/employer')).status).toBe(404);
  });

  it('leads: a real-estate company sees the leads of its projects; an employer those of its collaborators', async () => {
    await app.client().post('/api/v1/contact-requests', {
      name: 'Lead Vitacura',
      email: 'lead.vitacura@gmail.com',
      phone: '+56 9 8765 4321',
      preferredContactMethod: 'both',
      preferredTime: 'any',
      termsAccepted: true,
      projectId: 'vista-vitacura',
    });
    const contact = await app.client().post('/api/v1/contact-requests', {
      name: 'Lead Providencia',
      email: 'lead.providencia@gmail.com',
      phone: '+56 9 8765 4321',
      preferredContactMethod: 'both',
      preferredTime: 'any',
      termsAccepted: true,
      projectId: 'mirador-providencia',
    });
    const at = { 'x-min-position': contact.headers.get('x-event-position')! };
    const all = (await c['analista@demo.cl'].get(`/api/v1/analytics/leads?${range}`, at)).body;
    const andes = (await c['empresa@demo.cl'].get(`/api/v1/analytics/leads?${range}`, at)).body;
    const pacifico = (await c['analista@demo.cl'].get(`/api/v1/analytics/leads?${range}&projectId=vista-vitacura`, at)).body;
    expect(andes.scope).toEqual({ companyId: 'inmobiliaria-andes', kind: 'real_estate' });
    expect(andes.total).toBeGreaterThanOrEqual(1);
    expect(andes.total).toBeLessThan(all.total);
    expect(pacifico.total).toBeGreaterThanOrEqual(1);
    expect((await c['empresa@demo.cl'].get(`/api/v1/analytics/leads?${range}&projectId=vista-vitacura`, at)).body.total).toBe(0);
    // colaborador@demo.cl reserved (a lead of theirs): the employer sees it and nothing else.
    const bank = (await employer.get(`/api/v1/analytics/leads?${range}`, at)).body;
    expect(bank.scope).toEqual({ companyId: 'banco-andino', kind: 'employer' });
    expect(bank.total).toBe(1);
    expect(all.firstContact.promiseHours).toBe(24);
    expect(all.scoreDistribution.map((b: { band: string }) => b.band)).toEqual(['0-19', '20-39', '40-59', '60-79', '80-100']);
  });

  it('filters and the employer overview are scoped too', async () => {
    const andes = (await c['empresa@demo.cl'].get('/api/v1/analytics/filters')).body;
    expect(new Set(andes.projects.map((p: { realEstateCompanyId: string }) => p.realEstateCompanyId))).toEqual(new Set(['inmobiliaria-andes']));
    expect(andes.realEstateCompanies).toEqual([{ id: 'inmobiliaria-andes', name: 'Inmobiliaria Andes SpA' }]);
    expect(andes.partnerCompanies).toEqual([]);
    expect((await c['empresa@demo.cl'].get('/api/v1/analytics/employer?companyId=banco-andino')).status).toBe(404);
    const bank = await employer.get('/api/v1/analytics/employer?companyId=retail-austral');
    expect(bank.body).toMatchObject({ companyId: 'banco-andino', collaborators: { total: expect.any(Number), withAccount: 1 } });
    expect(bank.body.campaigns.map((x: { id: string }) => x.id)).toEqual(['vivienda-banco-andino-2026']);
    expect((await employer.get('/api/v1/analytics/filters')).body.partnerCompanies).toEqual([{ id: 'banco-andino', name: 'Banco Andino S.A.' }]);
    expect((await c['analista@demo.cl'].get('/api/v1/analytics/filters')).body.realEstateCompanies.length).toBeGreaterThanOrEqual(3);
  });
});
