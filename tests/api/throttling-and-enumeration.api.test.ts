import { ACCOUNTS } from '../../application/accounts/accounts.tokens';
import { resolve } from '../../kernel/ports/token';
import { outboxDrained, signup, startTestApp, type TestApp } from '../support/test-app';
import { readModelsCaughtUp } from '../support/buyers';

/** Issue 7, items 4 (enumeration), 6 (mail flooding), 7 and 12 (sign-in throttling), sign-up throttling. */
const RATE_LIMITED = { code: 'RATE_LIMIT_EXCEEDED', message: 'Ha realizado muchas solicitudes. Espere un momento e intente nuevamente.' };
const fail = (app: TestApp, email: string, headers: Record<string, string> = {}) =>
  app.client().post('/api/v1/auth/cookie/login', { email, password: 'mala-clave' }, headers);
const succeed = (app: TestApp, email: string, headers: Record<string, string> = {}) =>
  app.client().post('/api/v1/auth/cookie/login', { email, password: 'Demo2026!' }, headers);

describe('forgot-password and resend-verification do the same work for every address (item 4)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ DEMO_CATALOGUE: 'off' });
  });
  afterAll(() => app.stop());

  it('the request only queues the work, for a known and an unknown address alike; the mail follows', async () => {
    const deferred = resolve(app.platform.container, ACCOUNTS.Deferred);
    const release = deferred.hold();
    const known = await app.client().post('/api/v1/auth/forgot-password', { email: 'usuario@demo.cl' });
    const unknown = await app.client().post('/api/v1/auth/forgot-password', { email: 'nadie-aqui@demo.cl' });
    const resendKnown = await app.client().post('/api/v1/auth/resend-verification', { email: 'usuario@demo.cl' });
    const resendUnknown = await app.client().post('/api/v1/auth/resend-verification', { email: 'nadie-aqui@demo.cl' });
    // Answered while the lookup, token, event and mail of every request are still waiting.
    expect(deferred.pending).toBe(4);
    expect(app.mail.list().filter((m) => m.to.includes('usuario@demo.cl'))).toEqual([]);
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(known.body).toEqual(unknown.body);
    expect(resendKnown.body).toEqual(resendUnknown.body);
    expect(known.headers.get('x-event-position')).toBeNull();
    release();
    await deferred.idle();
    await outboxDrained(app);
    expect(
      app.mail
        .list()
        .filter((m) => m.to.includes('usuario@demo.cl'))
        .map((m) => m.subject),
    ).toEqual(['Restablezca su contraseña']);
    expect(app.mail.list().filter((m) => m.to.includes('nadie-aqui@demo.cl'))).toEqual([]);
  });
});

describe('every route that sends mail is throttled per address and per client (item 6)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ DEMO_CATALOGUE: 'off', MAIL_LIMIT_PER_RECIPIENT: '3', MAIL_LIMIT_PER_CLIENT: '8' });
  });
  afterAll(() => app.stop());

  it('25 forgot-password requests for one address send 3 mails; the rest are 429 with the spec message', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 25; i++) {
      last = await app.client().post('/api/v1/auth/forgot-password', { email: 'Asesor@Demo.cl' });
      statuses.push(last.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(last!.body).toMatchObject(RATE_LIMITED);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    await resolve(app.platform.container, ACCOUNTS.Deferred).idle();
    await outboxDrained(app);
    expect(app.mail.list().filter((m) => m.to.includes('asesor@demo.cl'))).toHaveLength(3);
  });

  it('one client cannot spread mails over many addresses either (sign-up and resend count too)', async () => {
    const statuses: number[] = [];
    // 3 mails were sent by the test above (refused requests spend nothing); 5 more reach this client's budget of 8.
    for (let i = 0; i < 3; i++) statuses.push((await app.client().post('/api/v1/auth/resend-verification', { email: `alguien${i}@demo.cl` })).status);
    for (let i = 0; i < 2; i++) statuses.push((await app.client().post('/api/v1/auth/register', signup())).status);
    expect(statuses).toEqual([200, 200, 200, 201, 201]);
    expect((await app.client().post('/api/v1/auth/forgot-password', { email: 'otro@demo.cl' })).body).toMatchObject(RATE_LIMITED);
    expect((await app.client().post('/api/v1/auth/register', signup())).status).toBe(429);
  });
});

describe('the quote-by-email route is throttled like the others', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ MAIL_LIMIT_PER_RECIPIENT: '2' });
    await readModelsCaughtUp(app);
  });
  afterAll(() => app.stop());

  it("a buyer's third quote mail within the window is 429 and not sent", async () => {
    const buyer = app.client();
    await buyer.login('colaborador@demo.cl');
    const unitId = (await app.client().get('/api/v1/projects/parque-nunoa/units?available=true')).body.items[0].id;
    const quote = (await buyer.post('/api/v1/quotes', { unitId })).body;
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await buyer.post(`/api/v1/quotes/${quote.id}/email`, {})).status);
    expect(statuses).toEqual([200, 200, 429]);
    await outboxDrained(app);
    expect(app.mail.list().filter((m) => m.subject.includes(quote.number))).toHaveLength(2);
  });
});

describe('sign-in throttling counts failures, per account and per address (items 7 and 12)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ DEMO_CATALOGUE: 'off', LOGIN_LIMIT_PER_ACCOUNT: '3', LOGIN_DELAY_BASE_SECONDS: '60', LOGIN_LIMIT_PER_ADDRESS: '16' });
  });
  afterAll(() => app.stop());

  it('an office behind one address signs in 40 times in a row: successes are not counted', async () => {
    const accounts = ['usuario@demo.cl', 'colaborador@demo.cl', 'asesor@demo.cl', 'auditor@demo.cl'];
    const statuses = await Promise.all(Array.from({ length: 40 }, (_, i) => succeed(app, accounts[i % 4]).then((r) => r.status)));
    expect(statuses.every((s) => s === 200)).toBe(true);
  });

  it('the account count holds whatever the spelling of the email', async () => {
    for (const spelling of ['Usuario@Demo.cl', ' usuario@demo.cl ', 'USUARIO@DEMO.CL']) expect((await fail(app, spelling)).status).toBe(401);
    const blocked = await succeed(app, 'usuario@demo.cl');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject(RATE_LIMITED);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(30);
  });

  it('the account count holds whatever the spelling of the RUT (dots, dash)', async () => {
    // empresa@demo.cl is RUT 33.333.333-3
    for (const spelling of ['33.333.333-3', '333333333', '33333333-3']) expect((await fail(app, spelling)).status).toBe(401);
    expect((await succeed(app, '33.333.333-3')).status).toBe(429);
    expect((await succeed(app, 'empresa@demo.cl')).status).toBe(200); // the email is another spelling too
  });

  it('a success clears the account count', async () => {
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 2; i++) expect((await fail(app, 'colaborador@demo.cl')).status).toBe(401);
      expect((await succeed(app, 'colaborador@demo.cl')).status).toBe(200);
    }
  });

  it('X-Forwarded-For is not believed without TRUST_PROXY: the address budget cannot be dodged', async () => {
    // 12 failures so far from this address; 4 more with invented forwarded addresses reach the cap of 16.
    for (let i = 0; i < 4; i++) expect((await fail(app, `nadie${i}@demo.cl`, { 'x-forwarded-for': `203.0.113.${i}` })).status).toBe(401);
    const blocked = await succeed(app, 'auditor@demo.cl', { 'x-forwarded-for': '198.51.100.7' });
    expect(blocked.status).toBe(429);
    expect((await app.client().post('/api/v1/auth/register', signup())).status).toBe(429); // sign-up shares the address budget
  });
});

describe('behind a configured proxy (TRUST_PROXY)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ DEMO_CATALOGUE: 'off', TRUST_PROXY: 'loopback', LOGIN_LIMIT_PER_ADDRESS: '3', LOGIN_LIMIT_PER_ACCOUNT: '100' });
  });
  afterAll(() => app.stop());

  it("each forwarded client has its own budget; one client's failures do not close sign-in for another", async () => {
    for (let i = 0; i < 3; i++) expect((await fail(app, `x${i}@demo.cl`, { 'x-forwarded-for': '203.0.113.10' })).status).toBe(401);
    expect((await succeed(app, 'usuario@demo.cl', { 'x-forwarded-for': '203.0.113.10' })).status).toBe(429);
    expect((await succeed(app, 'usuario@demo.cl', { 'x-forwarded-for': '203.0.113.11' })).status).toBe(200);
  });
});

describe('sign-up is throttled as sign-in is', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ DEMO_CATALOGUE: 'off', LOGIN_LIMIT_PER_ADDRESS: '3' });
  });
  afterAll(() => app.stop());

  it('"already registered" answers count against the address; then sign-up is 429', async () => {
    const taken = signup();
    expect((await app.client().post('/api/v1/auth/register', taken)).status).toBe(201);
    for (let i = 0; i < 3; i++) {
      const res = await app.client().post('/api/v1/auth/register', signup({ rut: taken.rut }));
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Este RUT ya se encuentra registrado en nuestro sistema.');
    }
    const blocked = await app.client().post('/api/v1/auth/register', signup());
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject(RATE_LIMITED);
  });
});
