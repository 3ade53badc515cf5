import { SmtpSink } from '../../adapters/smtp/smtp-sink';
import { startTestApp, type TestApp } from '../support/test-app';
import { at, type ApiClient } from '../support/api-client';
import { PDF_BYTES, registrationApplication } from '../support/company-registration';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ DEMO_CATALOGUE: 'off', MAIL_POLL_MS: '100' });
});
afterAll(() => app.stop());

describe('notification center', () => {
  it('a role change reaches the person as a security notification; polling with the ETag answers 304 until something changes', async () => {
    const admin = app.client();
    await admin.login('admin@demo.cl');
    const users = await admin.get('/api/v1/users?search=usuario@demo.cl');
    const target = users.body.items[0];
    const person = app.client();
    await person.login('usuario@demo.cl');
    const before = await person.get('/api/v1/notifications/mine');
    expect(before.status).toBe(200);
    const unchanged = await person.get('/api/v1/notifications/mine', { 'if-none-match': before.headers.get('etag')! });
    expect(unchanged.status).toBe(304);
    const detail = await admin.get(`/api/v1/users/${target.id}`);
    const changed = await admin.put(
      `/api/v1/users/${target.id}/roles`,
      { roles: ['user', 'collaborator'], reason: 'Convenio con su empresa' },
      { 'If-Match': detail.headers.get('etag')! },
    );
    expect(changed.status).toBe(200);
    const after = await person.get('/api/v1/notifications/mine', { ...at(changed), 'if-none-match': before.headers.get('etag')! });
    expect(after.status).toBe(200);
    expect(after.body.unread).toBe(before.body.unread + 1);
    expect(after.body.items[0]).toMatchObject({
      title: 'Sus roles cambiaron',
      priority: 'high',
      category: 'security',
      read: false,
      body: expect.stringContaining('Convenio con su empresa'),
    });
  });

  it('marks one read, then all; someone else’s notification is not found', async () => {
    const person = app.client();
    await person.login('usuario@demo.cl');
    const mine = await person.get('/api/v1/notifications/mine');
    const first = mine.body.items[0];
    const other = app.client();
    await other.login('colaborador@demo.cl');
    expect((await other.post(`/api/v1/notifications/${encodeURIComponent(first.id)}/read`, {})).status).toBe(404);
    const read = await person.post(`/api/v1/notifications/${encodeURIComponent(first.id)}/read`, {});
    expect(read.status).toBe(200);
    expect((await person.get('/api/v1/notifications/mine', at(read))).body.items[0].read).toBe(true);
    const all = await person.post('/api/v1/notifications/read-all', {});
    expect((await person.get('/api/v1/notifications/mine', at(all))).body.unread).toBe(0);
  });
});

type Notification = { title: string; body: string; link: string | null; category: string; priority: string };

/** The person's notification center once every handler and projection has applied what was written so far. */
const centreOf = async (client: ApiClient): Promise<Notification[]> => {
  await app.settled();
  const res = await client.get('/api/v1/notifications/mine');
  expect(res.status).toBe(200);
  return res.body.items;
};

const titles = (items: Notification[]) => items.map((n) => n.title).sort();

/** Waits (never a fixed sleep) until the outbox reports the bounced mail as failed for good. */
const untilBounced = async (admin: ApiClient): Promise<void> => {
  const deadline = Date.now() + 20_000;
  for (;;) {
    await app.platform.mail.worker.pass();
    const history = await admin.get('/api/v1/email/history?status=bounced');
    if (history.body.items.length > 0) return;
    if (Date.now() > deadline) throw new Error('the registration mail never bounced');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('staff are told of the work that is theirs (issue 46, item 8)', () => {
  let refusing: SmtpSink;
  beforeAll(async () => {
    // A relay that refuses the registration's contact address for good: its "we received it" mail bounces.
    refusing = new SmtpSink(500, 0, /^rebota@/);
    const port = await refusing.listen(0);
    const admin = await app.signedIn('admin@demo.cl');
    const saved = await admin.request('PUT', '/api/v1/email/settings', {
      smtp: {
        host: '127.0.0.1',
        port,
        security: 'none',
        username: '',
        fromName: 'Vivienda Pruebas',
        fromEmail: 'pruebas@vivienda.local',
        replyTo: '',
        timeoutMs: 2000,
        maxRetries: 1,
        retryDelayMs: 200,
      },
    });
    expect(saved.status).toBe(200);
  });
  afterAll(() => refusing.close());

  it('a registration, three leads, a data request and a bounced mail reach the roles that act on them, and nobody else', async () => {
    const base = registrationApplication();
    const applicant = app.client();
    const created = await applicant.post('/api/v1/company-registrations', { ...base, contact: { ...base.contact, email: 'rebota@pehuen.cl' } });
    expect(created.status).toBe(201);
    const pdf = { name: 'rut.pdf', type: 'application/pdf', bytes: PDF_BYTES };
    expect((await applicant.upload(`/api/v1/company-registrations/${created.body.id}/documents`, { kind: 'rut_certificate' }, pdf)).status).toBe(201);
    expect((await applicant.post(`/api/v1/company-registrations/${created.body.id}/submit`, {})).status).toBe(200);
    for (const name of ['Paula Soto', 'Tomás Reyes', 'Inés Vargas']) {
      const lead = await app.client().post('/api/v1/contact-requests', {
        name,
        email: `${name
          .split(' ')[0]
          .toLowerCase()
          .normalize('NFD')
          .replace(/[^a-z]/g, '')}@correo.cl`,
        phone: '+56 9 8765 4321',
        preferredContactMethod: 'both',
        preferredTime: 'afternoon',
        termsAccepted: true,
      });
      expect(lead.status).toBe(201);
    }
    const buyer = await app.signedIn('usuario@demo.cl');
    const request = await buyer.post('/api/v1/me/data-requests', { kind: 'access', details: 'Quiero una copia de mis datos' });
    expect(request.status).toBe(201);
    const admin = await app.signedIn('admin@demo.cl');
    await untilBounced(admin);

    const superAdmin = await centreOf(await app.signedIn('superadmin@demo.cl'));
    expect(titles(superAdmin)).toEqual([
      'Nueva solicitud de datos personales',
      'Nueva solicitud de empresa',
      'Nuevo lead sin asignar',
      'Nuevo lead sin asignar',
      'Nuevo lead sin asignar',
      'Un correo no se pudo entregar',
    ]);
    expect(superAdmin.find((n) => n.title === 'Nueva solicitud de empresa')).toMatchObject({
      body: 'Inmobiliaria Pehuén SpA envió su solicitud de registro. Revísela dentro de 2 a 3 días hábiles.',
      link: '/backoffice/company-registrations',
      priority: 'high',
    });
    const leadLinks = superAdmin.filter((n) => n.title === 'Nuevo lead sin asignar').map((n) => n.link);
    expect(new Set(leadLinks).size).toBe(3);
    expect(leadLinks.every((link) => /^\/backoffice\/leads\/[\w-]+$/.test(link ?? ''))).toBe(true);
    expect(superAdmin.find((n) => n.title === 'Nuevo lead sin asignar')!.body).toContain('solicitud de contacto');
    expect(superAdmin.find((n) => n.title === 'Un correo no se pudo entregar')).toMatchObject({
      body: 'Solicitud de empresa recibida: el servidor de correo lo rechazó. Revise la configuración SMTP y reintente desde Correos fallidos.',
      link: '/backoffice/email/history?status=failed',
    });

    const officer = await centreOf(await app.signedIn('datos@demo.cl'));
    expect(titles(officer)).toEqual(['Nueva solicitud de datos personales']);
    expect(officer[0]).toMatchObject({
      link: `/backoffice/data-requests/${request.body.id}`,
      category: 'security',
      body: expect.stringMatching(/^Solicitud de acceso: vence el \d{2}-\d{2}-\d{4} \(plazo legal de 30 días\)\.$/),
    });

    // The administrator reviews registrations, assigns leads and runs the mail; data requests are not theirs.
    expect(titles(await centreOf(admin))).toEqual([
      'Nueva solicitud de empresa',
      'Nuevo lead sin asignar',
      'Nuevo lead sin asignar',
      'Nuevo lead sin asignar',
      'Un correo no se pudo entregar',
    ]);
    // A buyer hears of none of it (their own news, a role change above, is theirs).
    const staffTitles = new Set(titles(superAdmin));
    expect((await centreOf(buyer)).filter((n) => staffTitles.has(n.title))).toEqual([]);
    expect(await centreOf(await app.signedIn('asesor@demo.cl'))).toEqual([]);
  });
});
