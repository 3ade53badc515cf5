import { signup, startTestApp, tokenFromMail, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ DEMO_CATALOGUE: 'off' });
});
afterAll(() => app.stop());

describe('sign up -> verification mail over SMTP -> verify -> sign in', () => {
  it('walks the whole journey with email and with RUT', async () => {
    const c = app.client();
    const body = signup();
    const registered = await c.post('/api/v1/auth/register', body);
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({ success: true, data: { userId: expect.any(String) } });
    expect(Number(registered.headers.get('x-event-position'))).toBeGreaterThan(0);

    const unverified = await c.post('/api/v1/auth/cookie/login', { email: body.workEmail, password: body.password });
    expect(unverified.status).toBe(403);
    expect(unverified.body.code).toBe('EMAIL_NOT_VERIFIED');

    const mail = await app.mail.waitFor((m) => m.to.includes(body.workEmail));
    expect(mail.subject).toBe('Confirme su email');
    expect(mail.text).toContain('http://localhost:3000/auth/verify-email?token=');
    const verified = await c.post('/api/v1/auth/verify-email', { token: tokenFromMail(mail.text) });
    expect(verified.status).toBe(200);

    const login = await c.post('/api/v1/auth/cookie/login', { email: body.workEmail.toUpperCase(), password: body.password });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({
      success: true,
      message: '¡Inicio de sesión exitoso!',
      data: {
        user: {
          email: body.workEmail,
          rut: body.rut,
          name: 'María',
          first_last_name: 'Rojas',
          second_last_name: 'Vidal',
          role: 'user',
          roles: [{ id: 7, name: 'user', display_name: 'Usuario' }],
        },
        permissions: expect.arrayContaining(['dashboard:access']),
        expires_at: expect.any(String),
        redirect_to: '/dashboard',
      },
    });
    const cookie = login.headers.getSetCookie().find((h) => h.startsWith('sid='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const profile = await c.get('/api/v1/auth/cookie/profile');
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({
      id: registered.body.data.userId,
      email: body.workEmail,
      rut: body.rut,
      role: 'user',
      userInfo: { verified: true, status: 'active' },
    });

    const byRut = app.client();
    const [bodyPart, dv] = body.rut.split('-');
    const dotted = `${bodyPart.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${dv}`;
    expect((await byRut.post('/api/v1/auth/cookie/login', { email: dotted, password: body.password })).status).toBe(200);
  });

  it('a second click on the verification link is not an error', async () => {
    const c = app.client();
    const body = signup();
    await c.post('/api/v1/auth/register', body);
    const token = tokenFromMail((await app.mail.waitFor((m) => m.to.includes(body.workEmail))).text);
    expect((await c.post('/api/v1/auth/verify-email', { token })).status).toBe(200);
    expect((await c.post('/api/v1/auth/verify-email', { token })).status).toBe(200);
  });

  it('refuses a forged verification token with TOKEN_INVALID', async () => {
    const res = await app.client().post('/api/v1/auth/verify-email', { token: '00000000-0000-0000-0000-000000000000.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'TOKEN_INVALID', message: 'Su sesión no es válida. Ingrese nuevamente.' });
  });

  it('resend-verification sends a new link that works, and the old one stops working', async () => {
    const c = app.client();
    const body = signup();
    await c.post('/api/v1/auth/register', body);
    const first = tokenFromMail((await app.mail.waitFor((m) => m.to.includes(body.workEmail))).text);
    expect((await c.post('/api/v1/auth/resend-verification', { email: body.workEmail })).status).toBe(200);
    const second = await app.mail.waitFor((m) => m.to.includes(body.workEmail) && tokenFromMail(m.text) !== first);
    expect((await c.post('/api/v1/auth/verify-email', { token: first })).status).toBe(400);
    expect((await c.post('/api/v1/auth/verify-email', { token: tokenFromMail(second.text) })).status).toBe(200);
  });
});

describe('uniqueness and credentials', () => {
  it('a RUT already registered answers 409 RUT_ALREADY_EXISTS with the catalogue message and actions', async () => {
    const c = app.client();
    const first = signup();
    await c.post('/api/v1/auth/register', first);
    const res = await c.post('/api/v1/auth/register', signup({ rut: first.rut }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: 'RUT_ALREADY_EXISTS',
      message: 'Este RUT ya se encuentra registrado en nuestro sistema.',
      severity: 'error',
      fieldErrors: [{ field: 'rut', code: 'RUT_ALREADY_EXISTS', message: 'Este RUT ya se encuentra registrado en nuestro sistema.' }],
      actions: ['Iniciar sesión', 'Recuperar contraseña', 'Contactar soporte'],
    });
  });

  it('an email already registered answers 409 and releases the RUT it had claimed (nothing half-written)', async () => {
    const c = app.client();
    const first = signup();
    await c.post('/api/v1/auth/register', first);
    const second = signup({ workEmail: first.workEmail });
    expect((await c.post('/api/v1/auth/register', second)).body.code).toBe('EMAIL_ALREADY_EXISTS');
    // The RUT of the refused sign-up is free again: the same person can sign up with another email.
    expect((await c.post('/api/v1/auth/register', { ...second, workEmail: `otra.${second.workEmail}` })).status).toBe(201);
  });

  it('wrong password and unknown account both answer 401 INVALID_CREDENTIALS', async () => {
    const c = app.client();
    for (const email of ['admin@demo.cl', 'nadie@demo.cl', '12.345.678-5']) {
      const res = await c.post('/api/v1/auth/cookie/login', { email, password: 'incorrecta' });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Email o contraseña incorrectos.' });
    }
  });
});

describe('password reset', () => {
  it('answers the same for unknown and known emails, and only the known one gets mail', async () => {
    const c = app.client();
    const unknown = await c.post('/api/v1/auth/forgot-password', { email: 'no-existe@demo.cl' });
    const known = await c.post('/api/v1/auth/forgot-password', { email: 'usuario@demo.cl' });
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    await app.mail.waitFor((m) => m.to.includes('usuario@demo.cl') && m.subject === 'Restablezca su contraseña');
    expect(app.mail.list().some((m) => m.to.includes('no-existe@demo.cl'))).toBe(false);
  });

  it('resets once with the emailed token and ends the other sessions', async () => {
    const body = signup();
    const c = app.client();
    await c.post('/api/v1/auth/register', body);
    await c.post('/api/v1/auth/verify-email', { token: tokenFromMail((await app.mail.waitFor((m) => m.to.includes(body.workEmail))).text) });
    const other = app.client();
    await other.login(body.workEmail, body.password);
    await c.post('/api/v1/auth/forgot-password', { email: body.workEmail });
    const mail = await app.mail.waitFor((m) => m.to.includes(body.workEmail) && m.subject === 'Restablezca su contraseña');
    const token = tokenFromMail(mail.text);
    const reset = await c.post('/api/v1/auth/reset-password', { token, email: body.workEmail, password: 'NuevaClave9', passwordConfirmation: 'NuevaClave9' });
    expect(reset.status).toBe(200);
    expect((await other.get('/api/v1/auth/cookie/profile')).status).toBe(401);
    expect((await c.post('/api/v1/auth/cookie/login', { email: body.workEmail, password: body.password })).status).toBe(401);
    await c.login(body.workEmail, 'NuevaClave9');
    const again = await c.post('/api/v1/auth/reset-password', { token, password: 'OtraClave99', passwordConfirmation: 'OtraClave99' });
    expect(again.body.code).toBe('TOKEN_INVALID');
  });
});

describe('demo collaborator', () => {
  it('belongs to a partner company that contributes to the down payment (shown in the profile)', async () => {
    const c = app.client();
    await c.login('colaborador@demo.cl');
    const profile = await c.get('/api/v1/auth/cookie/profile', { 'x-min-position': '1' });
    expect(profile.body).toMatchObject({
      role: 'collaborator',
      userInfo: { company: { id: 'banco-andino', name: 'Banco Andino S.A.' }, company_contribution_uf: 150, plan: 'Plan Vivienda 2026' },
    });
  });
});
