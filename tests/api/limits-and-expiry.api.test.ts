import { signup, startTestApp, type TestApp } from '../support/test-app';

describe('login throttling', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ DEMO_CATALOGUE: 'off', LOGIN_LIMIT_PER_ACCOUNT: '3', LOGIN_DELAY_BASE_SECONDS: '60', LOGIN_LIMIT_PER_ADDRESS: '8' });
  });
  afterAll(() => app.stop());

  it('blocks an account after repeated failures with 429 and the spec message, even with the right password', async () => {
    const c = app.client();
    for (let i = 0; i < 3; i++) expect((await c.post('/api/v1/auth/cookie/login', { email: 'asesor@demo.cl', password: 'mala' })).status).toBe(401);
    const blocked = await c.post('/api/v1/auth/cookie/login', { email: 'asesor@demo.cl', password: 'Demo2026!' });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', message: 'Ha realizado muchas solicitudes. Espere un momento e intente nuevamente.' });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits attempts per address across accounts', async () => {
    const c = app.client();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await c.post('/api/v1/auth/cookie/login', { email: `x${i}@demo.cl`, password: 'mala' })).status);
    expect(statuses).toContain(429);
  });
});

describe('session expiry', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ DEMO_CATALOGUE: 'off', SESSION_TTL_SECONDS: '60' });
  });
  afterAll(() => app.stop());

  it('an idle session expires: 401 SESSION_EXPIRED and { valid: false }', async () => {
    const c = app.client();
    await c.login('usuario@demo.cl');
    expect((await c.get('/api/v1/auth/session')).body.valid).toBe(true);
    app.clock.advance(61_000);
    const res = await c.get('/api/v1/auth/cookie/profile');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'SESSION_EXPIRED', message: 'Su sesión ha expirado. Por favor ingrese nuevamente.' });
    expect((await c.get('/api/v1/auth/session')).body).toEqual({ valid: false });
  });
});

describe('uniqueness under concurrency', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ DEMO_CATALOGUE: 'off' });
  });
  afterAll(() => app.stop());

  it('50 simultaneous sign-ups with one RUT: exactly one 201, every other 409 RUT_ALREADY_EXISTS', async () => {
    const rut = signup().rut;
    const results = await Promise.all(Array.from({ length: 50 }, () => app.client().post('/api/v1/auth/register', signup({ rut }))));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 201).every((r) => r.status === 409 && r.body.code === 'RUT_ALREADY_EXISTS')).toBe(true);
  });
});
