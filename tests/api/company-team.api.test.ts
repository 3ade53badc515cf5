import { at, type ApiClient } from '../support/api-client';
import { signup, startTestApp, tokenFromMail, type TestApp } from '../support/test-app';

/** A company's team (issue 10: memberships managed in the back office and the portal's team section). */
let app: TestApp;
let admin: ApiClient;
let company: ApiClient;
const TEAM = '/api/v1/companies/inmobiliaria-andes/members';

beforeAll(async () => {
  app = await startTestApp({ DEMO_CATALOGUE: 'off' });
  admin = app.client();
  await admin.login('admin@demo.cl');
  company = app.client();
  await company.login('empresa@demo.cl');
});
afterAll(() => app.stop());

const person = () => {
  const s = signup();
  return {
    email: s.workEmail,
    rut: s.rut,
    name: 'Josefa',
    firstLastName: 'Pizarro',
    secondLastName: 'Lagos',
    phone: '+56 9 8765 4321',
    post: 'Ejecutiva de ventas',
  };
};

describe('a company’s team', () => {
  it('a company user invites a colleague, who chooses a password from the mail and acts for the same company; then removes them', async () => {
    const mine = await company.get(TEAM);
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((m: { email: string }) => m.email)).toContain('empresa@demo.cl');

    const colleague = person();
    const invited = await company.post(TEAM, colleague);
    expect(invited.status).toBe(201);
    const mail = await app.mail.waitFor((m) => m.to.includes(colleague.email));
    expect(mail.subject).toBe('Lo invitaron al portal de Inmobiliaria Andes SpA');
    // The link opens the screen that sets the password from its token (no email to type again).
    expect(mail.text).toMatch(/\/auth\/set-password\?token=[^\s&]+/);
    // Until they choose their password the invitation is pending, not an active account.
    const pending = (await company.get(TEAM, at(invited))).body.items.find((m: { userId: string }) => m.userId === invited.body.userId);
    expect(pending.status).toBe('pending_verification');
    const joined = app.client();
    const chosen = await joined.post('/api/v1/auth/reset-password', {
      token: tokenFromMail(mail.text),
      password: 'Equipo2026!seguro',
      passwordConfirmation: 'Equipo2026!seguro',
    });
    expect(chosen.status).toBe(200);
    await joined.login(colleague.email, 'Equipo2026!seguro');
    expect((await joined.get('/api/v1/companies/inmobiliaria-andes')).status).toBe(200);
    const listed = await company.get(TEAM, at(chosen));
    expect(listed.body.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          userId: invited.body.userId,
          email: colleague.email,
          name: 'Josefa Pizarro Lagos',
          post: 'Ejecutiva de ventas',
          status: 'active',
        }),
      ]),
    );

    const removed = await company.delete(`${TEAM}/${invited.body.userId}`);
    expect(removed.status).toBe(200);
    // The membership is read from its stream on each request: the company closes at once.
    expect((await joined.get('/api/v1/companies/inmobiliaria-andes')).status).toBe(404);
    expect((await company.get(TEAM, at(removed))).body.items.map((m: { userId: string }) => m.userId)).not.toContain(invited.body.userId);
    expect((await company.delete(`${TEAM}/${invited.body.userId}`)).status).toBe(404);
  });

  it('refuses what is not valid, an address already registered, removing oneself, and another company', async () => {
    const bad = await company.post(TEAM, { ...person(), rut: '12.345.678-0', phone: '123' });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.map((f: { field: string }) => f.field).sort()).toEqual(['phone', 'rut']);
    const taken = await company.post(TEAM, { ...person(), email: 'usuario@demo.cl' });
    expect([taken.status, taken.body.code]).toEqual([409, 'EMAIL_ALREADY_EXISTS']);
    const self = (await company.get('/api/v1/auth/cookie/profile')).body;
    const own = await company.delete(`${TEAM}/${self.id ?? self.data?.id}`);
    expect([own.status, own.body.fieldErrors[0].message]).toEqual([
      422,
      'No puede quitarse a sí mismo del equipo: pídalo a otra persona del equipo o a un administrador.',
    ]);
    const other = await admin.post('/api/v1/companies', {
      name: 'Constructora Norte SpA',
      rut: '76.543.210-3',
      kind: 'real_estate',
      description: '',
      contactEmail: 'norte@constructora.cl',
      contactPhone: '+56 2 2345 6700',
    });
    expect(other.status).toBe(201);
    expect((await company.get(`/api/v1/companies/${other.body.id}/members`, at(other))).status).toBe(404);
    expect((await company.post(`/api/v1/companies/${other.body.id}/members`, person(), at(other))).status).toBe(403);
    const buyer = app.client();
    await buyer.login('colaborador@demo.cl');
    expect((await buyer.get(TEAM)).status).toBe(404);
  });

  it('staff manage any company’s team from the back office', async () => {
    const invited = await admin.post(TEAM, person());
    expect(invited.status).toBe(201);
    expect((await admin.get(TEAM, at(invited))).body.items.map((m: { userId: string }) => m.userId)).toContain(invited.body.userId);
    expect((await admin.delete(`${TEAM}/${invited.body.userId}`)).status).toBe(200);
  });
});
