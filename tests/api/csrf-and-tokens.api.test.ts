import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ DEMO_CATALOGUE: 'off' });
});
afterAll(() => app.stop());

describe('CSRF in cookie mode', () => {
  it('refuses a state-changing request without a token: 419', async () => {
    const res = await app.client().post('/api/v1/auth/cookie/login', { email: 'admin@demo.cl', password: 'Demo2026!' }, { 'x-csrf-token': '' });
    expect(res.status).toBe(419);
    expect(res.body.code).toBe('CSRF_TOKEN_INVALID');
  });

  it('a token minted before login is stale after it (the session changed): 419, a new one works', async () => {
    const c = app.client();
    const before = await c.csrf();
    await c.login('admin@demo.cl');
    const stale = await c.post('/api/v1/auth/cookie/extend', undefined, { 'x-csrf-token': before });
    expect(stale.status).toBe(419);
    await c.csrf();
    expect((await c.post('/api/v1/auth/cookie/extend')).status).toBe(200);
  });

  it("a token from another browser's secret does not pass", async () => {
    const a = app.client();
    const b = app.client();
    const tokenOfA = await a.csrf();
    await b.csrf();
    expect((await b.post('/api/v1/auth/forgot-password', { email: 'x@y.cl' }, { 'x-csrf-token': tokenOfA })).status).toBe(419);
  });
});

describe('cookie session lifecycle', () => {
  it('session, refresh, extend and logout', async () => {
    const c = app.client();
    expect((await c.get('/api/v1/auth/session')).body).toEqual({ valid: false });
    const login = await c.login('colaborador@demo.cl', 'Demo2026!', true);
    const session = await c.get('/api/v1/auth/session');
    expect(session.body).toMatchObject({ valid: true, isRemembered: true, expiresAt: expect.any(String) });
    expect(new Date(session.body.expiresAt).getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
    expect(login.headers.getSetCookie().find((h) => h.startsWith('sid='))).toMatch(/Expires=/i);
    const refreshed = await c.post('/api/v1/auth/cookie/refresh');
    expect(refreshed.body).toMatchObject({ success: true, data: { expires_at: expect.any(String) } });
    expect((await c.post('/api/v1/auth/cookie/extend')).status).toBe(200);
    const out = await c.post('/api/v1/auth/cookie/logout');
    expect(out.body).toEqual({ success: true, message: 'Sesión cerrada exitosamente' });
    expect((await c.get('/api/v1/auth/session')).body).toEqual({ valid: false });
    expect((await c.get('/api/v1/auth/cookie/profile')).status).toBe(401);
  });

  it('a stolen cookie of a logged-out session opens nothing', async () => {
    const c = app.client();
    await c.login('usuario@demo.cl');
    const sid = c.cookie('sid')!;
    await c.post('/api/v1/auth/cookie/logout');
    const thief = app.client();
    thief.setCookie('sid', sid);
    const res = await thief.get('/api/v1/auth/cookie/profile');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('SESSION_EXPIRED');
  });
});

describe('token mode', () => {
  it('login, me, validate, rotating refresh, and reuse of a rotated token revokes the family', async () => {
    const c = app.client();
    const login = await c.post('/api/v1/auth/jwt/login', { login: '22.222.222-2', password: 'Demo2026!' }, { 'x-csrf-token': '' });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ token_type: 'Bearer', expires_in: 900, user: { email: 'admin@demo.cl', role: 'admin' } });
    const [, payload] = login.body.access_token.split('.');
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toMatchObject({ roles: ['admin'], permissions: expect.arrayContaining(['roles:manage']) });

    const bearer = app.client();
    bearer.bearer = login.body.access_token;
    expect((await bearer.get('/api/v1/auth/jwt/validate')).status).toBe(200);
    expect((await bearer.get('/api/v1/auth/jwt/me')).body.data.user.email).toBe('admin@demo.cl');
    expect((await bearer.get('/api/v1/users?perPage=1')).status).toBe(200);
    expect((await bearer.post('/api/v1/auth/cookie/extend')).status).toBe(401); // no cookie session behind a bearer

    const rotated = await c.post('/api/v1/auth/refresh', { refresh_token: login.body.refresh_token }, { 'x-csrf-token': '' });
    expect(rotated.status).toBe(200);
    expect(rotated.body.refresh_token).not.toBe(login.body.refresh_token);
    const replay = await c.post('/api/v1/auth/refresh', { refresh_token: login.body.refresh_token }, { 'x-csrf-token': '' });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('TOKEN_INVALID');
    // The legitimate holder's newer token died with the family.
    expect((await c.post('/api/v1/auth/refresh', { refresh_token: rotated.body.refresh_token }, { 'x-csrf-token': '' })).status).toBe(401);
  });

  it('a tampered bearer token is 401 TOKEN_INVALID', async () => {
    const c = app.client();
    c.bearer = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.firma-falsa';
    const res = await c.get('/api/v1/auth/jwt/validate');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'TOKEN_INVALID', message: 'Su sesión no es válida. Ingrese nuevamente.' });
  });
});
