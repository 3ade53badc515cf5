import { CompanyMembershipService } from '../../application/companies/company-membership-service';
import { foldStream } from '../../kernel/command-handling/handle-command';
import { identityClaimDecider, identityClaimStream } from '../../domain/accounts/identity-claim';
import { startTestApp, type TestApp } from '../support/test-app';
import type { ApiClient } from '../support/api-client';
import { createBuyers, events, payAtSandbox, readModelsCaughtUp, signedIn } from '../support/buyers';

/**
 * The employer portal's lists over real HTTP: a partner employer's company user sees its collaborators' quotes
 * and reservations, with the contribution committed and paid, and nothing of any other company's.
 */
let app: TestApp;
let banco: ApiClient; // a company user of Banco Andino (colaborador@demo.cl's employer)
let austral: ApiClient; // a company user of Retail Austral, another partner employer
let orphan: ApiClient; // a company user with no company
let realEstate: ApiClient; // empresa@demo.cl, Inmobiliaria Andes
let analyst: ApiClient;
let buyer: ApiClient;
let collaborator: ApiClient;
const ids = { quote: '', paid: '', pending: '' };

const member = async (email: string, companyId: string) => {
  const userId = foldStream(identityClaimDecider, await events(app).readStream(identityClaimStream('email', email))).ownerId!;
  await new CompanyMembershipService(events(app)).grant(userId, companyId, {
    now: new Date(),
    actorId: 'test',
    actorRoles: ['admin'],
    correlationId: `test-${companyId}`,
  });
};
const head = async () => ({ 'x-min-position': String(await events(app).headPosition()) });
const ROUTES = ['/api/v1/analytics/employer/quotes', '/api/v1/analytics/employer/reservations', '/api/v1/analytics/employer/contribution'];

beforeAll(async () => {
  app = await startTestApp();
  const [bancoEmail, australEmail, orphanEmail] = await createBuyers(app, 3, ['company']);
  await member(bancoEmail, 'banco-andino');
  await member(australEmail, 'retail-austral');
  [banco, austral, orphan] = await Promise.all([signedIn(app, bancoEmail), signedIn(app, australEmail), signedIn(app, orphanEmail)]);
  [realEstate, analyst, buyer, collaborator] = await Promise.all(
    ['empresa@demo.cl', 'analista@demo.cl', 'usuario@demo.cl', 'colaborador@demo.cl'].map((e) => signedIn(app, e, process.env.DEMO_PASSWORD ?? 'Demo2026!')),
  );
  // colaborador@demo.cl (Banco Andino, 150 UF) quotes a unit, reserves and pays one, and starts a second reservation.
  const units = (await app.client().get('/api/v1/projects/mirador-providencia/units?available=true')).body.items;
  const quote = await collaborator.post('/api/v1/quotes', { unitId: units[0].id });
  expect(quote.status).toBe(201);
  ids.quote = quote.body.id ?? quote.body.quoteId;
  const paid = await collaborator.post('/api/v1/reservations', { unitId: units[0].id });
  expect(paid.status).toBe(201);
  await payAtSandbox(collaborator, paid.body.payment, 'approve');
  ids.paid = paid.body.reservationId ?? paid.body.id;
  // Staff allow two active reservations per buyer (the back office's parameter, with a reason): a second one may start.
  const admin = await signedIn(app, 'admin@demo.cl', process.env.DEMO_PASSWORD ?? 'Demo2026!');
  const limit = await admin.get('/api/v1/financial-parameters/reservas-activas-por-comprador');
  expect(
    (
      await admin.patch(
        '/api/v1/financial-parameters/reservas-activas-por-comprador',
        { value: 2, reason: 'Compra de estacionamiento' },
        { 'If-Match': limit.headers.get('etag')! },
      )
    ).status,
  ).toBe(200);
  const pending = await collaborator.post('/api/v1/reservations', { unitId: units[1].id });
  expect(pending.status).toBe(201);
  ids.pending = pending.body.reservationId ?? pending.body.id;
  // Someone who is no collaborator of Banco Andino reserves too: never on its lists.
  const other = await buyer.post('/api/v1/reservations', { unitId: units[2].id });
  expect(other.status).toBe(201);
  await readModelsCaughtUp(app);
});
afterAll(() => app.stop());

describe("the employer portal: its collaborators' quotes and reservations", () => {
  it("a partner employer's user lists its collaborators' quotes with the contribution they counted on", async () => {
    const res = await banco.get('/api/v1/analytics/employer/quotes', await head());
    expect(res.status).toBe(200);
    const mine = res.body.items.find((q: { id: string }) => q.id === ids.quote);
    expect(mine).toMatchObject({
      projectId: 'mirador-providencia',
      projectName: expect.any(String),
      unitNumber: expect.any(String),
      status: 'valid',
      companyContributionUF: 150,
    });
    expect(mine.buyerName).toEqual(expect.any(String));
    expect(mine.priceUF).toBeGreaterThan(0);
    expect(mine.priceCLP).toBeGreaterThan(0);
    const buyers = new Set(res.body.items.map((q: { buyerId: string }) => q.buyerId));
    expect(buyers.size).toBe(1);
  });

  it('lists their reservations with price, amount and contribution, and sums the contribution committed and paid', async () => {
    const res = await banco.get('/api/v1/analytics/employer/reservations', await head());
    expect(res.status).toBe(200);
    expect(res.body.items.map((r: { id: string }) => r.id)).toContain(ids.paid);
    expect(res.body.items.find((r: { id: string }) => r.id === ids.paid)).toMatchObject({
      status: 'confirmed',
      contribution: 'paid',
      companyContributionUF: 150,
      priceUF: expect.any(Number),
      amountCLP: expect.any(Number),
    });
    expect(res.body.items.every((r: { buyerId: string }) => r.buyerId === res.body.items[0].buyerId)).toBe(true);
    const totals = (await banco.get('/api/v1/analytics/employer/contribution')).body;
    expect(totals).toMatchObject({ companyId: 'banco-andino', paid: res.body.items.filter((r: { contribution: string }) => r.contribution === 'paid').length });
    expect(totals.paidUF).toBe(150 * totals.paid);
    // The contribution is a benefit per person: the paid reservation carries it, the second one under way commits none.
    expect(res.body.items.find((r: { id: string }) => r.id === ids.pending)).toMatchObject({ contribution: 'none', companyContributionUF: 0 });
    expect(totals.committed).toBe(totals.paid);
    expect(totals.committedUF).toBe(150);
    // The same filters as the list: confirmed ones only.
    const confirmed = (await banco.get('/api/v1/analytics/employer/contribution?status=confirmed')).body;
    expect(confirmed.reservations).toBe(confirmed.paid);
    expect((await banco.get('/api/v1/analytics/employer/contribution?status=expired')).body).toMatchObject({ reservations: 0, committedUF: 0, paidUF: 0 });
  });

  it('filters (status, project, buyer, dates) and pages like the back office lists', async () => {
    expect((await banco.get('/api/v1/analytics/employer/reservations?status=expired')).body.total).toBe(0);
    expect((await banco.get('/api/v1/analytics/employer/reservations?project=mirador')).body.total).toBeGreaterThan(0);
    expect((await banco.get('/api/v1/analytics/employer/quotes?from=2000-01-01&to=2000-01-02')).body.total).toBe(0);
    expect((await banco.get('/api/v1/analytics/employer/quotes?perPage=1')).body).toMatchObject({ perPage: 1, page: 1 });
  });

  it('another employer sees only its own: never Banco Andino’s, even when it asks for it', async () => {
    for (const path of ROUTES) {
      const asked = await austral.get(`${path}?companyId=banco-andino`);
      expect(asked.status).toBe(200);
      if ('items' in asked.body) expect(asked.body.items).toEqual([]);
      else expect(asked.body).toMatchObject({ companyId: 'retail-austral', reservations: 0 });
    }
    // And Banco Andino asking for Retail Austral still gets Banco Andino's.
    expect((await banco.get('/api/v1/analytics/employer/contribution?companyId=retail-austral')).body.companyId).toBe('banco-andino');
    expect((await banco.get('/api/v1/analytics/employer/reservations?companyId=retail-austral')).body.items.map((r: { id: string }) => r.id)).toContain(
      ids.paid,
    );
  });

  it('a real-estate company user and a company user without a company have no employer (404, nothing of Banco Andino); buyers have no access (403)', async () => {
    for (const path of ROUTES) {
      for (const client of [realEstate, orphan]) {
        const res = await client.get(`${path}?companyId=banco-andino`);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String), severity: expect.any(String) });
      }
      const res = await buyer.get(`${path}?companyId=banco-andino`);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'FORBIDDEN', message: 'No tiene permisos para acceder a este contenido.' });
    }
  });

  it('analysts read any employer they name; without a company it is 404', async () => {
    expect((await analyst.get('/api/v1/analytics/employer/reservations?companyId=banco-andino')).body.items.map((r: { id: string }) => r.id)).toContain(
      ids.paid,
    );
    expect((await analyst.get('/api/v1/analytics/employer/contribution?companyId=retail-austral')).body).toMatchObject({
      companyId: 'retail-austral',
      reservations: 0,
    });
    for (const path of ROUTES) expect((await analyst.get(path)).status).toBe(404);
  });

  it('refuses bad input with 400 and the spec error object', async () => {
    for (const q of ['status=nope', 'from=ayer', 'perPage=1000', 'sort=buyer', 'unknown=1']) {
      const res = await banco.get(`/api/v1/analytics/employer/reservations?${q}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: expect.any(String), message: expect.any(String), fieldErrors: expect.any(Array) });
    }
  });
});

describe("the real-estate company portal: its projects' quotes and reservations (issue 46, item 12)", () => {
  const RE_ROUTES = ['/api/v1/analytics/real-estate/quotes', '/api/v1/analytics/real-estate/reservations'];
  let otherQuote = '';
  beforeAll(async () => {
    // A quote on a project of another real-estate company (Constructora Pacífico): never on Inmobiliaria Andes' lists.
    const [unit] = (await app.client().get('/api/v1/projects/vista-vitacura/units?available=true')).body.items;
    const quote = await buyer.post('/api/v1/quotes', { unitId: unit.id });
    expect(quote.status).toBe(201);
    otherQuote = quote.body.id ?? quote.body.quoteId;
    await readModelsCaughtUp(app);
  });

  it("empresa@demo.cl lists the quotes and reservations of its own projects, whoever the buyer, and nothing of another company's", async () => {
    const quotes = await realEstate.get('/api/v1/analytics/real-estate/quotes?companyId=constructora-pacifico');
    expect(quotes.status).toBe(200);
    expect(quotes.body.items.map((q: { id: string }) => q.id)).toContain(ids.quote);
    expect(quotes.body.items.map((q: { id: string }) => q.id)).not.toContain(otherQuote);
    expect(new Set(quotes.body.items.map((q: { projectId: string }) => q.projectId))).toEqual(new Set(['mirador-providencia']));
    const reservations = await realEstate.get('/api/v1/analytics/real-estate/reservations');
    expect(reservations.status).toBe(200);
    expect(reservations.body.items.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([ids.paid, ids.pending]));
    // The buyer who is nobody's collaborator reserved on the same project: the real-estate company sees that one too.
    expect(reservations.body.total).toBe(3);
    expect(reservations.body.items.find((r: { id: string }) => r.id === ids.paid)).toMatchObject({
      projectId: 'mirador-providencia',
      status: 'confirmed',
      priceUF: expect.any(Number),
      amountCLP: expect.any(Number),
    });
    expect(reservations.body.items[0].priceUF).toBeGreaterThan(0);
    expect((await realEstate.get('/api/v1/analytics/real-estate/reservations?status=expired')).body.total).toBe(0);
  });

  it('a partner employer and a company user without a company have none (404); buyers no access (403); analysts name one', async () => {
    for (const path of RE_ROUTES) {
      for (const client of [banco, orphan]) expect((await client.get(`${path}?companyId=inmobiliaria-andes`)).status).toBe(404);
      expect((await buyer.get(path)).status).toBe(403);
      expect((await analyst.get(path)).status).toBe(404);
    }
    const named = await analyst.get('/api/v1/analytics/real-estate/quotes?companyId=constructora-pacifico');
    expect(named.body.items.map((q: { id: string }) => q.id)).toEqual([otherQuote]);
  });
});
