import { signup, startTestApp, tokenFromMail, type TestApp } from '../support/test-app';

/** Issue 7, items 3 (revocation), 8 (passwords), 10 (names) and 18 (the spec's auth paths). */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ DEMO_CATALOGUE: 'off' });
});
afterAll(() => app.stop());

const tokenLogin = (login: string, path = '/api/v1/auth/jwt/login') => app.client().post(path, { login, password: 'Demo2026!' }, { 'x-csrf-token': '' });
const bearerFor = (accessToken: string) => {
  const c = app.client();
  c.bearer = accessToken;
  return c;
};

describe('revocation takes effect at once (item 3)', () => {
  it('after POST /auth/jwt/logout the access token of that family is refused on the next request', async () => {
    const login = await tokenLogin('asesor@demo.cl');
    const holder = bearerFor(login.body.access_token);
    expect((await holder.get('/api/v1/auth/jwt/me')).status).toBe(200);
    expect((await holder.post('/api/v1/auth/jwt/logout')).status).toBe(200);
    const after = await holder.get('/api/v1/auth/jwt/me');
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ code: 'TOKEN_INVALID', message: 'Su sesión no es válida. Ingrese nuevamente.' });
    // Another sign-in of the same user is another family and keeps working.
    const other = await tokenLogin('asesor@demo.cl');
    expect((await bearerFor(other.body.access_token).get('/api/v1/auth/jwt/validate')).status).toBe(200);
  });

  it('a reused refresh token revokes the family: every access token issued in it stops working', async () => {
    const c = app.client();
    const login = await tokenLogin('auditor@demo.cl');
    const rotated = await c.post('/api/v1/auth/refresh', { refresh_token: login.body.refresh_token }, { 'x-csrf-token': '' });
    expect(rotated.status).toBe(200);
    expect((await bearerFor(rotated.body.access_token).get('/api/v1/auth/jwt/validate')).status).toBe(200);
    expect((await c.post('/api/v1/auth/refresh', { refresh_token: login.body.refresh_token }, { 'x-csrf-token': '' })).status).toBe(401);
    expect((await bearerFor(rotated.body.access_token).get('/api/v1/auth/jwt/validate')).status).toBe(401);
    expect((await bearerFor(login.body.access_token).get('/api/v1/auth/jwt/validate')).status).toBe(401);
  });
});

describe("the spec's auth paths (item 18)", () => {
  it('POST /auth/cookie/logout without the /api/v1 prefix signs out', async () => {
    const c = app.client();
    await c.login('usuario@demo.cl');
    const res = await c.post('/auth/cookie/logout');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Sesión cerrada exitosamente' });
    expect((await c.get('/api/v1/auth/session')).body).toEqual({ valid: false });
  });

  it.each(['/api/v1/auth/cookie/login', '/auth/cookie/login'])(
    'token-mode sign-in at %s answers access_token, refresh_token, user, expires_in',
    async (path) => {
      const res = await tokenLogin('22.222.222-2', path);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        access_token: expect.any(String),
        refresh_token: expect.any(String),
        expires_in: 900,
        token_type: 'Bearer',
        user: { email: 'admin@demo.cl' },
      });
      expect(res.headers.getSetCookie().some((h) => h.startsWith('sid='))).toBe(false);
      expect((await bearerFor(res.body.access_token).get('/api/v1/auth/jwt/me')).body.data.user.email).toBe('admin@demo.cl');
    },
  );

  it('the cookie login at /api/v1/auth/cookie/login is unchanged, CSRF included', async () => {
    const c = app.client();
    expect((await c.post('/api/v1/auth/cookie/login', { email: 'usuario@demo.cl', password: 'Demo2026!' }, { 'x-csrf-token': '' })).status).toBe(419);
    const res = await c.post('/api/v1/auth/cookie/login', { email: 'usuario@demo.cl', password: 'Demo2026!' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { user: { email: 'usuario@demo.cl' } } });
    expect(c.cookie('sid')).toBeDefined();
  });

  it('a malformed token-mode body gets the field errors of its own shape', async () => {
    const res = await app.client().post('/api/v1/auth/cookie/login', { login: 'admin@demo.cl' }, { 'x-csrf-token': '' });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual([expect.objectContaining({ field: 'password', code: 'REQUIRED' })]);
  });
});

const PASSWORD_ERRORS = {
  common: {
    field: 'password',
    code: 'PASSWORD_TOO_COMMON',
    message: 'Esta contraseña es muy común o aparece en filtraciones conocidas. Elija otra menos predecible.',
  },
  blank: { field: 'password', code: 'PASSWORD_BLANK', message: 'La contraseña no puede estar formada solo por espacios.' },
  identity: { field: 'password', code: 'PASSWORD_MATCHES_IDENTITY', message: 'La contraseña no puede ser su email ni su RUT.' },
};

describe('password policy on sign-up, reset and change (item 8)', () => {
  const register = (password: string, overrides: Record<string, unknown> = {}) =>
    app.client().post('/api/v1/auth/register', signup({ password, passwordConfirmation: password, ...overrides }));

  it.each([
    ['password', 'common'],
    ['12345678', 'common'],
    ['        ', 'blank'],
  ] as const)('sign-up refuses %j (%s) with a clear Spanish field error', async (password, kind) => {
    const res = await register(password);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: [PASSWORD_ERRORS[kind]] });
  });

  it('sign-up refuses the work email or the RUT as password', async () => {
    const body = signup();
    expect((await register(body.workEmail, { workEmail: body.workEmail, rut: body.rut })).body.fieldErrors).toEqual([PASSWORD_ERRORS.identity]);
    expect((await register(body.rut.replace('-', ''), { workEmail: body.workEmail, rut: body.rut })).body.fieldErrors).toEqual([PASSWORD_ERRORS.identity]);
  });

  it("the README's demo password passes the policy", async () => {
    expect((await register('Demo2026!')).status).toBe(201);
    expect((await app.client().login('colaborador@demo.cl')).status).toBe(200);
  });

  it('reset and change refuse a common password; nothing changes', async () => {
    const c = app.client();
    const body = signup();
    await c.post('/api/v1/auth/register', body);
    await c.post('/api/v1/auth/forgot-password', { email: body.workEmail });
    const mail = await app.mail.waitFor((m) => m.to.includes(body.workEmail) && m.subject.startsWith('Restablezca'));
    const reset = await c.post('/api/v1/auth/reset-password', { token: tokenFromMail(mail.text), password: 'password', passwordConfirmation: 'password' });
    expect(reset.status).toBe(400);
    expect(reset.body.fieldErrors).toEqual([PASSWORD_ERRORS.common]);
    // The link still works for an acceptable password (it also verifies the email).
    expect(
      (await c.post('/api/v1/auth/reset-password', { token: tokenFromMail(mail.text), password: 'Otra-Clave-2026', passwordConfirmation: 'Otra-Clave-2026' }))
        .status,
    ).toBe(200);

    const me = app.client();
    await me.login(body.workEmail, 'Otra-Clave-2026');
    const change = await me.post('/api/v1/me/password', { currentPassword: 'Otra-Clave-2026', password: '12345678', passwordConfirmation: '12345678' });
    expect(change.status).toBe(400);
    expect(change.body.fieldErrors).toEqual([PASSWORD_ERRORS.common]);
    expect((await app.client().post('/api/v1/auth/cookie/login', { email: body.workEmail, password: 'Otra-Clave-2026' })).status).toBe(200);
  });
});

describe('changing the password ends every other session (issue 47.7)', () => {
  /** A fresh account (its own password), signed in `n` ways: cookie sessions and token-mode families. */
  const account = async () => {
    const body = signup();
    const c = app.client();
    await c.post('/api/v1/auth/register', body);
    const mail = await app.mail.waitFor((m) => m.to.includes(body.workEmail) && /token=/.test(m.text));
    await c.post('/api/v1/auth/verify-email', { token: tokenFromMail(mail.text) });
    return body;
  };
  const cookieSession = async (email: string, password: string) => {
    const c = app.client();
    expect((await c.login(email, password)).status).toBe(200);
    return c;
  };
  const tokens = async (email: string, password: string) =>
    (await app.client().post('/api/v1/auth/jwt/login', { login: email, password }, { 'x-csrf-token': '' })).body as {
      access_token: string;
      refresh_token: string;
    };
  const refresh = (token: string) => app.client().post('/api/v1/auth/refresh', { refresh_token: token }, { 'x-csrf-token': '' });

  it('from a cookie session: the other cookie sessions, access tokens and refresh tokens are refused; this session goes on', async () => {
    const { workEmail, password } = await account();
    const here = await cookieSession(workEmail, password);
    const laptop = await cookieSession(workEmail, password);
    const phone = await tokens(workEmail, password);
    expect((await laptop.get('/api/v1/auth/cookie/profile')).status).toBe(200);
    expect((await bearerFor(phone.access_token).get('/api/v1/auth/jwt/validate')).status).toBe(200);

    const changed = await here.post('/api/v1/me/password', {
      currentPassword: password,
      password: 'Nueva-Clave-Propia-47',
      passwordConfirmation: 'Nueva-Clave-Propia-47',
    });
    expect(changed.status).toBe(200);

    expect((await laptop.get('/api/v1/auth/cookie/profile')).status).toBe(401);
    expect((await bearerFor(phone.access_token).get('/api/v1/auth/jwt/validate')).status).toBe(401);
    expect((await refresh(phone.refresh_token)).status).toBe(401);
    expect((await here.get('/api/v1/auth/cookie/profile')).status).toBe(200);
    expect((await app.client().login(workEmail, 'Nueva-Clave-Propia-47')).status).toBe(200);
  });

  it('from a token: the other families and every cookie session end; this family keeps refreshing', async () => {
    const { workEmail, password } = await account();
    const browser = await cookieSession(workEmail, password);
    const other = await tokens(workEmail, password);
    const mine = await tokens(workEmail, password);
    const changed = await bearerFor(mine.access_token).post('/api/v1/me/password', {
      currentPassword: password,
      password: 'Nueva-Clave-Propia-48',
      passwordConfirmation: 'Nueva-Clave-Propia-48',
    });
    expect(changed.status).toBe(200);
    expect((await browser.get('/api/v1/auth/cookie/profile')).status).toBe(401);
    expect((await bearerFor(other.access_token).get('/api/v1/auth/jwt/validate')).status).toBe(401);
    expect((await refresh(other.refresh_token)).status).toBe(401);
    expect((await bearerFor(mine.access_token).get('/api/v1/auth/jwt/validate')).status).toBe(200);
    expect((await refresh(mine.refresh_token)).status).toBe(200);
  });

  it.each([
    ['María2026!', 'PASSWORD_BUILT_FROM_NAME'],
    ['rojas.vidal.1990', 'PASSWORD_BUILT_FROM_NAME'],
    ['aaaaaaaaaaaa', 'PASSWORD_REPEATED_CHARACTER'],
    ['Clave\u0000Segura-2026', 'PASSWORD_CONTROL_CHARACTERS'],
    ['Clave\nSegura-2026', 'PASSWORD_CONTROL_CHARACTERS'],
  ])('refuses %j as the new password (%s), with the Spanish message, and keeps the old one', async (next, code) => {
    const { workEmail, password } = await account();
    const here = await cookieSession(workEmail, password);
    const res = await here.post('/api/v1/me/password', { currentPassword: password, password: next, passwordConfirmation: next });
    expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(res.body.fieldErrors).toEqual([{ field: 'password', code, message: expect.stringMatching(/^La contraseña /) }]);
    expect((await app.client().login(workEmail, password)).status).toBe(200);
  });
});

describe('names are letters, spaces, apostrophes and hyphens (item 10)', () => {
  it.each(['-0', "x'); DROP TABLE users;--", '1=1', 'Ana <b>'])('profile and sign-up refuse %j', async (name) => {
    const c = app.client();
    await c.login('usuario@demo.cl');
    const res = await c.patch('/api/v1/me/profile', { firstLastName: name });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual([{ field: 'firstLastName', code: 'INVALID_NAME', message: 'Use solo letras, espacios, apóstrofos y guiones.' }]);
    expect((await app.client().post('/api/v1/auth/register', signup({ name }))).body.fieldErrors).toEqual([
      expect.objectContaining({ field: 'name', code: 'INVALID_NAME' }),
    ]);
  });

  it("accepts accents, ñ, apostrophes and hyphens: María José O'Higgins Pérez-Cotapos", async () => {
    const c = app.client();
    await c.login('usuario@demo.cl');
    const res = await c.patch('/api/v1/me/profile', { name: 'María José', firstLastName: "O'Higgins", secondLastName: 'Pérez-Cotapos Ñuñez' });
    expect(res.status).toBe(200);
  });
});
