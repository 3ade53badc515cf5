import fs from 'node:fs';
import path from 'node:path';
import { SmtpSink } from '../../adapters/smtp/smtp-sink';
import { ApiClient } from '../support/api-client';
import { releaseDistributed } from '../support/distributed-env';
import { serverChildren } from '../support/server-child';
import { startTestApp, tempDir, testEnv, type TestApp } from '../support/test-app';
import { eventually } from '../support/eventually';
import { chileDay, nextCalendarDay } from '../../domain/shared/chile-day';

let app: TestApp;
let admin: ApiClient;
const sinks: SmtpSink[] = [];

/** An SMTP server of the test's own on `port` (0: any free port). */
const relay = async (port = 0, delayMs = 0) => {
  const sink = new SmtpSink(500, delayMs);
  sinks.push(sink);
  return { sink, port: await sink.listen(port) };
};

const smtpSettings = (port: number, overrides: Record<string, unknown> = {}) => ({
  host: '127.0.0.1',
  port,
  security: 'none',
  username: '',
  fromName: 'Vivienda Pruebas',
  fromEmail: 'pruebas@vivienda.local',
  replyTo: '',
  timeoutMs: 2000,
  maxRetries: 5,
  retryDelayMs: 200,
  ...overrides,
});

const until = <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> => eventually(read, done, { timeoutMs, intervalMs: 50 });

const historyFor = (to: string) => admin.get(`/api/v1/email/history?to=${encodeURIComponent(to)}&perPage=50`);

beforeAll(async () => {
  app = await startTestApp({ DEMO_CATALOGUE: 'off', MAIL_POLL_MS: '100', MAIL_RETRY_DELAY_MS: '200' });
  admin = app.client();
  await admin.login('admin@demo.cl');
});
afterAll(async () => {
  await app.stop();
  for (const sink of sinks) await sink.close();
});

describe('SMTP settings (spec §3, §5)', () => {
  it('GET answers the settings in force without any password; PUT applies them to the next mail without a restart', async () => {
    const got = await admin.get('/api/v1/email/settings');
    expect(got.status).toBe(200);
    expect(got.body.smtp).toMatchObject({ host: '127.0.0.1', port: Number(app.env.SMTP_PORT), security: 'none', hasPassword: false });
    expect(JSON.stringify(got.body)).not.toMatch(/password"/);
    const { sink, port } = await relay();
    const put = await admin.request('PUT', '/api/v1/email/settings', { smtp: smtpSettings(port) }, { 'if-match': got.headers.get('etag')! });
    expect(put.status).toBe(200);
    expect(put.body.smtp.port).toBe(port);
    const test = await admin.post('/api/v1/email/test', { to: 'prueba.smtp@empresa.cl' });
    expect([test.status, test.body.sent]).toEqual([200, true]);
    const arrived = await sink.waitFor((m) => m.to.includes('prueba.smtp@empresa.cl'));
    expect(arrived.subject).toBe('Correo de prueba de Vivienda Colaboradores');
    expect(arrived.from).toBe('pruebas@vivienda.local');
    const stale = await admin.request('PUT', '/api/v1/email/settings', { smtp: smtpSettings(port) }, { 'if-match': got.headers.get('etag')! });
    expect(stale.status).toBe(412);
  });

  it('refuses the built-in capture on a server that runs none (its relay comes from the environment)', async () => {
    const got = await admin.get('/api/v1/email/settings');
    expect(got.body.captureAvailable).toBe(false);
    const put = await admin.put('/api/v1/email/settings', { smtp: smtpSettings(Number(app.env.SMTP_PORT), { relay: 'capture' }) });
    expect(put.status).toBe(400);
    expect(put.body.fieldErrors).toEqual([expect.objectContaining({ field: 'relay', message: expect.stringMatching(/captura integrada/) })]);
  });

  it('refuses what §5 refuses, every field at once, and changes nothing', async () => {
    const before = (await admin.get('/api/v1/email/settings')).body;
    const bad = await admin.request('PUT', '/api/v1/email/settings', {
      smtp: smtpSettings(465, { host: ' ', security: 'starttls', username: 'no-es-email', fromName: '', fromEmail: 'x@', replyTo: 'tampoco' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    const fields = Object.fromEntries(bad.body.fieldErrors.map((f: { field: string; message: string }) => [f.field, f.message]));
    expect(fields).toMatchObject({
      host: 'El servidor SMTP es obligatorio.',
      port: 'El puerto 465 es para SSL: elija SSL o use 587 (STARTTLS) o 25.',
      username: 'El usuario debe ser un email válido.',
      fromName: 'El nombre del remitente es obligatorio.',
      fromEmail: 'Ingrese un email de remitente válido.',
      replyTo: 'Ingrese un email de respuesta válido.',
    });
    const ssl = await admin.request('PUT', '/api/v1/email/settings', { smtp: smtpSettings(587, { security: 'ssl' }) });
    expect(ssl.body.fieldErrors).toEqual([expect.objectContaining({ field: 'port', message: 'El puerto no corresponde a SSL: use 465.' })]);
    for (const port of [0, 65536]) expect((await admin.request('PUT', '/api/v1/email/settings', { smtp: smtpSettings(port) })).status).toBe(400);
    const noPassword = await admin.request('PUT', '/api/v1/email/settings', { smtp: smtpSettings(2525, { username: 'envios@vivienda.cl' }) });
    expect(noPassword.body.fieldErrors).toEqual([expect.objectContaining({ field: 'password', message: 'La contraseña es obligatoria.' })]);
    const retention = await admin.request('PUT', '/api/v1/email/settings', { delivery: { ...before.delivery, retentionDays: 10 } });
    expect(retention.status).toBe(400);
    expect((await admin.post('/api/v1/email/test', {})).body.fieldErrors[0].field).toBe('to');
    expect((await admin.get('/api/v1/email/settings')).body).toEqual(before);
  });

  it('stores the password sealed: never answered, never in clear in the event log', async () => {
    const current = (await admin.get('/api/v1/email/settings')).body;
    const { hasPassword: _h, ...smtp } = current.smtp;
    const put = await admin.request('PUT', '/api/v1/email/settings', { smtp: { ...smtp, username: 'envios@vivienda.cl', password: 'Clave-SMTP-Secreta-77' } });
    expect(put.status).toBe(200);
    expect(put.body.smtp).toMatchObject({ username: 'envios@vivienda.cl', hasPassword: true });
    expect(JSON.stringify(put.body)).not.toContain('Clave-SMTP-Secreta-77');
    for (const file of fs.readdirSync(app.dataDir).filter((f) => f.startsWith('events.sqlite')))
      expect(fs.readFileSync(path.join(app.dataDir, file)).includes(Buffer.from('Clave-SMTP-Secreta-77'))).toBe(false);
    // Back to a relay without authentication: an empty password removes it.
    const cleared = await admin.request('PUT', '/api/v1/email/settings', { smtp: { ...smtp, username: '', password: '' } });
    expect(cleared.body.smtp).toMatchObject({ username: '', hasPassword: false });
  });

  it('test connection and test mail against a relay that does not answer: 422 with a Spanish reason', async () => {
    const current = (await admin.get('/api/v1/email/settings')).body;
    const { sink, port } = await relay();
    await sink.close();
    await admin.request('PUT', '/api/v1/email/settings', { smtp: smtpSettings(port, { maxRetries: 0 }) });
    const connection = await admin.post('/api/v1/email/test-connection');
    expect([connection.status, connection.body.code]).toEqual([422, 'SMTP_CONNECTION_FAILED']);
    expect(connection.body.message).toContain('No se pudo conectar con el servidor SMTP');
    const test = await admin.post('/api/v1/email/test', { to: 'nadie.escucha@empresa.cl' });
    expect([test.status, test.body.code]).toEqual([422, 'TEST_EMAIL_FAILED']);
    const history = await until(
      () => historyFor('nadie.escucha@empresa.cl'),
      (h) => h.body.items[0]?.status === 'failed',
    );
    expect(history.body.items[0]).toMatchObject({
      template: 'test',
      status: 'failed',
      attempts: 1,
      lastError: expect.stringMatching(/^No se pudo establecer la conexión con el servidor SMTP/),
    });
    const { hasPassword: _h, ...smtp } = current.smtp;
    await admin.request('PUT', '/api/v1/email/settings', { smtp });
  });
});

describe('the outbox: an outage loses nothing and doubles nothing', () => {
  it('mails decided while the relay is down wait, retry with backoff and arrive once when it is back', async () => {
    const first = await relay();
    await admin.request('PUT', '/api/v1/email/settings', { smtp: smtpSettings(first.port) });
    await first.sink.close();
    const buyer = app.client();
    for (const email of ['colaborador@demo.cl', 'usuario@demo.cl']) expect((await buyer.post('/api/v1/auth/forgot-password', { email })).status).toBe(200);
    const waiting = await until(
      () => historyFor('colaborador@demo.cl'),
      (h) => h.body.items[0]?.attempts >= 2,
    );
    expect(waiting.body.items[0]).toMatchObject({
      template: 'password_reset',
      status: expect.stringMatching(/retrying|sending/),
      lastError: expect.stringMatching(/^No se pudo establecer la conexión con el servidor SMTP/),
    });

    const back = await relay(first.port);
    await back.sink.waitFor((m) => m.to.includes('colaborador@demo.cl'));
    await back.sink.waitFor((m) => m.to.includes('usuario@demo.cl'));
    const sent = await until(
      () => historyFor('colaborador@demo.cl'),
      (h) => h.body.items[0]?.status === 'sent',
    );
    expect(sent.body.items[0].sentAt).toEqual(expect.any(String));
    expect(back.sink.list().filter((m) => m.to.includes('colaborador@demo.cl'))).toHaveLength(1);
    expect(back.sink.duplicates).toBe(0);
  });

  it('a mail past its retries is failed; retried one by one, or all at once, it goes', async () => {
    const down = await relay();
    await down.sink.close();
    await admin.request('PUT', '/api/v1/email/settings', { smtp: smtpSettings(down.port, { maxRetries: 1, retryDelayMs: 100 }) });
    const person = app.client();
    await person.post('/api/v1/auth/forgot-password', { email: 'asesor@demo.cl' });
    await person.post('/api/v1/auth/forgot-password', { email: 'auditor@demo.cl' });
    const failed = await until(
      () => admin.get('/api/v1/email/history?status=failed&template=password_reset'),
      (h) => h.body.items.filter((m: { to: string }) => ['asesor@demo.cl', 'auditor@demo.cl'].includes(m.to)).length === 2,
    );
    const one = failed.body.items.find((m: { to: string }) => m.to === 'asesor@demo.cl');
    expect(one).toMatchObject({ attempts: 2, nextAttemptAt: null });

    const up = await relay(down.port);
    const retried = await admin.post(`/api/v1/email/history/${one.id}/retry`);
    expect([retried.status, retried.body.status]).toEqual([200, 'retrying']);
    await up.sink.waitFor((m) => m.to.includes('asesor@demo.cl'));
    const all = await admin.post('/api/v1/email/retry-failed');
    expect(all.status).toBe(200);
    expect(all.body.retried).toBeGreaterThanOrEqual(1);
    await up.sink.waitFor((m) => m.to.includes('auditor@demo.cl'));
    const delivered = await until(
      () => historyFor('asesor@demo.cl'),
      (h) => h.body.items[0]?.status === 'sent',
    );
    expect((await admin.post(`/api/v1/email/history/${delivered.body.items[0].id}/retry`)).status).toBe(422);
    expect((await admin.post('/api/v1/email/history/00000000-0000-4000-8000-000000000000/retry')).status).toBe(404);
  });

  it('a recipient the relay refuses for good (550) is bounced at once, not retried', async () => {
    const sink = new SmtpSink(500, 0, /^rebota@/);
    sinks.push(sink);
    const port = await sink.listen(0);
    await admin.request('PUT', '/api/v1/email/settings', { smtp: smtpSettings(port, { maxRetries: 5 }) });
    const test = await admin.post('/api/v1/email/test', { to: 'rebota@empresa.cl' });
    expect([test.status, test.body.code]).toEqual([422, 'TEST_EMAIL_FAILED']);
    const bounced = await until(
      () => historyFor('rebota@empresa.cl'),
      (h) => h.body.items[0]?.status === 'bounced',
    );
    expect(bounced.body.items[0]).toMatchObject({ attempts: 1, nextAttemptAt: null, lastError: 'El servidor SMTP rechazó el correo (código 550).' });
    expect((await admin.get('/api/v1/email/history?status=bounced')).body.items.map((m: { to: string }) => m.to)).toContain('rebota@empresa.cl');
  });

  it('history filters by status, template, recipient and dates; analytics count by status and template', async () => {
    // Chile's calendar days, not UTC's: from 21:00 in Chile the UTC date is already tomorrow's.
    const today = chileDay(new Date());
    const byDate = await admin.get(`/api/v1/email/history?from=${today}&to=${today}&to=asesor@demo.cl`);
    expect(byDate.body.items.length).toBeGreaterThan(0);
    expect((await admin.get(`/api/v1/email/history?from=${nextCalendarDay(today)}`)).body.total).toBe(0);
    const impossible = await admin.get('/api/v1/email/history?from=2026-02-31');
    expect([impossible.status, impossible.body.fieldErrors[0]?.code]).toEqual([400, 'INVALID_DATE']);
    expect(byDate.body.items.every((m: { to: string }) => m.to === 'asesor@demo.cl')).toBe(true);
    expect((await admin.get('/api/v1/email/history?to=2000-01-01')).body.total).toBe(0);
    expect((await admin.get('/api/v1/email/history?status=perdido')).status).toBe(400);
    const analytics = await admin.get('/api/v1/email/analytics');
    expect(analytics.body.byTemplate).toEqual(expect.arrayContaining([expect.objectContaining({ template: 'password_reset', sent: expect.any(Number) })]));
    expect(analytics.body.retentionDays).toBe(365);
  });

  it('staff without email administration cannot read or change it', async () => {
    const auditor = app.client();
    await auditor.login('auditor@demo.cl');
    expect((await auditor.get('/api/v1/email/history')).status).toBe(403);
    expect((await auditor.request('PUT', '/api/v1/email/settings', {})).status).toBe(403);
  });
});

describe('templates (spec §3, §5)', () => {
  const body = (t: Record<string, unknown>) => ({
    name: t.name,
    type: t.type,
    language: t.language,
    subject: t.subject,
    html: t.html,
    text: t.text,
    variables: t.variables,
    active: t.active,
    isDefault: t.isDefault,
  });

  it('every mail the platform sends is a template; an edit is what the next mail says', async () => {
    const { sink, port } = await relay();
    await admin.request('PUT', '/api/v1/email/settings', { smtp: smtpSettings(port) });
    const list = await admin.get('/api/v1/email/templates');
    expect(list.body.items.filter((t: { builtIn: boolean }) => t.builtIn).map((t: { id: string }) => t.id)).toEqual(
      expect.arrayContaining([
        'verification',
        'password_reset',
        'quote',
        'reservation_receipt',
        'availability_alert',
        'registration_received',
        'registration_rejected',
        'company_invitation',
      ]),
    );
    const reset = (await admin.get('/api/v1/email/templates/password_reset')).body;
    expect(reset.variables).toEqual(['name', 'link', 'minutes']);
    const saved = await admin.request(
      'PUT',
      '/api/v1/email/templates/password_reset',
      body({ ...reset, subject: 'Nueva contraseña para {{name}}', text: 'Hola {{name}}, su enlace: {{link}} ({{minutes}} min).' }),
    );
    expect(saved.status).toBe(200);
    await app.client().post('/api/v1/auth/forgot-password', { email: 'colaborador@demo.cl' });
    const mail = await sink.waitFor((m) => m.to.includes('colaborador@demo.cl') && m.subject.startsWith('Nueva contraseña'));
    expect(mail.text).toMatch(/^Hola .+, su enlace: http.+reset-password\?token=.+ \(\d+ min\)\.$/);
    // Inactive, the platform's own text stands again.
    await admin.request('PUT', '/api/v1/email/templates/password_reset', body({ ...reset, active: false }));
  });

  it('only the allowed variables, valid syntax and the required fields; values escaped in the HTML preview', async () => {
    const quote = (await admin.get('/api/v1/email/templates/quote')).body;
    const foreign = await admin.request('PUT', '/api/v1/email/templates/quote', body({ ...quote, html: '<p>{{name}} {{password}}</p>' }));
    expect([foreign.status, foreign.body.fieldErrors[0].field, foreign.body.fieldErrors[0].code]).toEqual([400, 'html', 'VARIABLE_NOT_ALLOWED']);
    expect(foreign.body.fieldErrors[0].message).toContain('{{password}}');
    const broken = await admin.request('PUT', '/api/v1/email/templates/quote', body({ ...quote, text: 'Hola {{name' }));
    expect(broken.body.fieldErrors[0]).toMatchObject({ field: 'text', code: 'INVALID_TEMPLATE' });
    const helper = await admin.request('PUT', '/api/v1/email/templates/quote', body({ ...quote, text: '{{lookup name 0}}' }));
    expect(helper.body.fieldErrors[0].code).toBe('INVALID_TEMPLATE');
    const empty = await admin.request('PUT', '/api/v1/email/templates/quote', body({ ...quote, subject: ' ', name: '' }));
    expect(empty.body.fieldErrors.map((f: { field: string }) => f.field).sort()).toEqual(['name', 'subject']);
    const preview = await admin.post('/api/v1/email/templates/preview', {
      templateId: 'quote',
      subject: quote.subject,
      html: quote.html,
      text: quote.text,
      variables: { name: '<script>alert(1)</script>' },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.html).toContain('&lt;script&gt;');
    expect(preview.body.html).toContain('Edificio Parque Ñuñoa');
    expect(preview.body.subject).toBe('Su cotización COT-2026-000123: Edificio Parque Ñuñoa, unidad 1204');
  });

  it('templates of its own: unique names, one default per type', async () => {
    const promo = {
      name: 'Promoción de diciembre',
      type: 'marketing',
      language: 'es-CL',
      subject: 'Ofertas para {{nombre}}',
      html: '<p>Hola {{nombre}}</p>',
      text: 'Hola {{nombre}}',
      variables: ['nombre'],
      active: true,
      isDefault: true,
    };
    const first = await admin.post('/api/v1/email/templates', promo);
    expect(first.status).toBe(201);
    const again = await admin.post('/api/v1/email/templates', promo);
    expect(again.body.fieldErrors).toEqual([expect.objectContaining({ field: 'name', message: 'Ya existe una plantilla con ese nombre.' })]);
    const second = await admin.post('/api/v1/email/templates', { ...promo, name: 'Promoción de enero' });
    const items = (await admin.get('/api/v1/email/templates')).body.items;
    const defaults = items.filter((t: { type: string; isDefault: boolean }) => t.type === 'marketing' && t.isDefault).map((t: { id: string }) => t.id);
    expect(defaults).toEqual([second.body.id]);
    expect((await admin.post('/api/v1/email/templates', { ...promo, name: 'Otra', html: '<p>{{apellido}}</p>' })).status).toBe(400);
  });
});

describe('delivery settings: limits and tracking', () => {
  it('past the hourly limit mails wait in the queue, and go when the limit allows', async () => {
    const { sink, port } = await relay();
    await admin.request('PUT', '/api/v1/email/settings', { smtp: smtpSettings(port) });
    const delivery = (await admin.get('/api/v1/email/settings')).body.delivery;
    const sentLastHour = (await admin.get('/api/v1/email/analytics')).body.byTemplate.reduce((n: number, t: { sent: number }) => n + t.sent, 0);
    try {
      // The limit is what went out this hour plus one: the first mail goes, the next waits.
      await admin.request('PUT', '/api/v1/email/settings', { delivery: { ...delivery, maxPerHour: sentLastHour + 1, maxPerDay: sentLastHour + 1 } });
      await app.client().post('/api/v1/auth/forgot-password', { email: 'colaborador@demo.cl' });
      await sink.waitFor((m) => m.to.includes('colaborador@demo.cl'));
      await until(
        () => historyFor('colaborador@demo.cl'),
        (h) => h.body.items[0]?.status === 'sent',
      );
      await app.client().post('/api/v1/auth/forgot-password', { email: 'empresa@demo.cl' });
      const held = await until(
        () => historyFor('empresa@demo.cl'),
        (h) => h.body.items.length > 0,
      );
      await app.platform.mail.worker.pass();
      expect((await historyFor('empresa@demo.cl')).body.items[0]).toMatchObject({ id: held.body.items[0].id, status: 'queued', attempts: 0 });
    } finally {
      await admin.request('PUT', '/api/v1/email/settings', { delivery });
    }
    await sink.waitFor((m) => m.to.includes('empresa@demo.cl'));
  });

  it('with tracking on, the mail carries the open pixel and signed click links; opening and clicking are recorded', async () => {
    const { sink, port } = await relay();
    await admin.request('PUT', '/api/v1/email/settings', { smtp: smtpSettings(port) });
    const delivery = (await admin.get('/api/v1/email/settings')).body.delivery;
    await admin.request('PUT', '/api/v1/email/settings', { delivery: { ...delivery, trackOpens: true, trackClicks: true } });
    await app.client().post('/api/v1/auth/forgot-password', { email: 'usuario@demo.cl' });
    const mail = await sink.waitFor((m) => m.to.includes('usuario@demo.cl'));
    const mailId = /<([0-9a-f-]{36})@/.exec(mail.messageId)![1];
    const pixel = new RegExp(`src="[^"]*(/api/v1/email/o/${mailId})"`).exec(mail.html)![1];
    const click = /href="[^"]*(\/api\/v1\/email\/c\/[^"]+)"/.exec(mail.html)![1].replace(/&amp;/g, '&');
    expect(decodeURIComponent(/u=([^&]+)/.exec(click)![1])).toMatch(/\/auth\/reset-password\?token=/);
    // The person opens it once the relay took it (the worker has recorded it as sent).
    await until(
      () => historyFor('usuario@demo.cl'),
      (h) => h.body.items[0]?.status === 'sent',
    );
    const opened = await fetch(`${app.url}${pixel}`);
    expect([opened.status, opened.headers.get('content-type')]).toEqual([200, 'image/gif']);
    await until(
      () => historyFor('usuario@demo.cl'),
      (h) => h.body.items[0]?.status === 'opened',
    );
    const followed = await fetch(`${app.url}${click}`, { redirect: 'manual' });
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toMatch(/\/auth\/reset-password\?token=/);
    await until(
      () => historyFor('usuario@demo.cl'),
      (h) => h.body.items[0]?.status === 'clicked',
    );
    const forged = await fetch(`${app.url}${click.replace(/u=[^&]+/, `u=${encodeURIComponent('https://evil.example/')}`)}`, { redirect: 'manual' });
    expect(forged.status).toBe(404);
    await admin.request('PUT', '/api/v1/email/settings', { delivery });
  });
});

describe('the outbox under kill -9', () => {
  const dataDir = tempDir('plataforma-mail-kill');
  const servers = serverChildren();
  let env: Record<string, string> = {};
  const startServer = () => servers.start(env);
  afterAll(async () => {
    servers.kill();
    await releaseDistributed(env);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('mails in flight when the app is killed arrive after the restart, each once (the same Message-ID)', async () => {
    // A relay slow to answer: the app is killed while mails are being handed over.
    const slow = await relay(0, 1000);
    env = testEnv(dataDir, slow.port, { DEMO_CATALOGUE: 'off', MAIL_POLL_MS: '100', MAIL_LEASE_MS: '2000', MAIL_RETRY_DELAY_MS: '200' });
    const first = await startServer();
    const person = new ApiClient(first.url);
    const asked = ['colaborador@demo.cl', 'usuario@demo.cl', 'asesor@demo.cl', 'auditor@demo.cl', 'empresa@demo.cl', 'admin@demo.cl'];
    for (const email of asked) expect((await person.post('/api/v1/auth/forgot-password', { email })).status).toBe(200);
    // The answer comes before the mail is queued (the same answer, in the same time, for every address): a
    // request still being worked out dies with the process. The kill comes once all six are in the outbox.
    const staff = new ApiClient(first.url);
    await staff.login('admin@demo.cl');
    await until(
      () => staff.get('/api/v1/email/history?template=password_reset&perPage=50'),
      (h) => h.body.total === asked.length,
    );
    await slow.sink.waitFor(() => true);
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    const arrivedBefore = slow.sink.list().length;
    expect(arrivedBefore).toBeLessThan(asked.length); // killed mid-delivery, not after it

    const second = await startServer();
    try {
      for (const email of asked) await slow.sink.waitFor((m) => m.to.includes(email), 20_000);
      const received = slow.sink.list().filter((m) => m.subject === 'Restablezca su contraseña');
      expect(received).toHaveLength(asked.length);
      expect(new Set(received.map((m) => m.messageId)).size).toBe(asked.length);
      expect(received.every((m) => /@vivienda\.local>$/.test(m.messageId))).toBe(true);
    } finally {
      second.child.kill('SIGTERM');
      await new Promise((r) => second.child.once('exit', r));
    }
  }, 120_000);
});
