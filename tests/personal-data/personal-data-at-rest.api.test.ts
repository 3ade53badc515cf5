import fs from 'node:fs';
import path from 'node:path';
import { signup, startTestApp, tokenFromMail, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

/** What a copy of the data directory would hold of a SQLite file: the file and its WAL. */
const rawText = (name: string) =>
  [name, `${name}-wal`]
    .map((file) => path.join(app.dataDir, file))
    .filter((file) => fs.existsSync(file))
    .map((file) => fs.readFileSync(file).toString('utf8'))
    .join('\n');

describe('personal data at rest (embedded mode)', () => {
  it('after sign-up the event log holds no name, email, RUT or phone in clear, while the API shows them', async () => {
    const body = signup({ name: 'Xiomara', firstLastName: 'Quintanilla', secondLastName: 'Zuazagoitia', phone: '9 7531 8642' });
    const c = app.client();
    const registered = await c.post('/api/v1/auth/register', body);
    expect(registered.status).toBe(201);
    const verify = tokenFromMail((await app.mail.waitFor((m) => m.to.includes(body.workEmail))).text);
    expect((await c.post('/api/v1/auth/verify-email', { token: verify })).status).toBe(200);

    // Sign-in finds the user through the identity claims, by email and by RUT.
    const login = await c.post('/api/v1/auth/cookie/login', { email: body.workEmail, password: body.password });
    expect(login.status).toBe(200);
    expect(login.body.data.user).toMatchObject({ email: body.workEmail, rut: body.rut, name: 'Xiomara', first_last_name: 'Quintanilla' });
    expect((await app.client().post('/api/v1/auth/cookie/login', { email: body.rut, password: body.password })).status).toBe(200);
    expect((await c.get('/api/v1/auth/cookie/profile')).body).toMatchObject({ email: body.workEmail, rut: body.rut });

    const events = rawText('events.sqlite');
    expect(events).toContain(registered.body.data.userId); // the pseudonymous subject id stays readable
    for (const clear of [body.workEmail, body.personalEmail, body.rut, body.rut.split('-')[0], 'Xiomara', 'Quintanilla', 'Zuazagoitia', '975318642'])
      expect(events).not.toContain(clear);
    // The keys live apart, wrapped: the key file holds nothing of the person either.
    expect(rawText('keys.sqlite')).not.toContain(body.workEmail);
  });

  it('a second sign-up with the same email or RUT is still refused', async () => {
    const body = signup();
    expect((await app.client().post('/api/v1/auth/register', body)).status).toBe(201);
    const sameRut = await app.client().post('/api/v1/auth/register', signup({ rut: body.rut }));
    expect(sameRut.status).toBe(409);
    expect(sameRut.body.code).toBe('RUT_ALREADY_EXISTS');
    const sameEmail = await app.client().post('/api/v1/auth/register', signup({ workEmail: body.workEmail }));
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.code).toBe('EMAIL_ALREADY_EXISTS');
  });
});
