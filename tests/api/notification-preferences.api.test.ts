import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { handleCommand } from '../../kernel/command-handling/handle-command';
import { issueToken } from '../../application/accounts/one-time-token';
import type { EventStore } from '../../kernel/ports/event-store';
import type { PasswordHasher } from '../../kernel/ports/password-hasher';
import { TOKENS } from '../../kernel/ports/tokens';
import { identityClaimDecider, identityClaimStream } from '../../domain/accounts/identity-claim';
import { userStream } from '../../domain/accounts/user';
import { userDecider } from '../../domain/accounts/user.decide';
import { userRolesDecider, userRolesStream } from '../../domain/access/user-roles.decide';
import { notificationPreferencesStream } from '../../domain/notifications/notification-preferences';
import { startTestApp, type TestApp } from '../support/test-app';
import { at } from '../support/api-client';
import { readModelsCaughtUp } from '../support/buyers';

let app: TestApp;
beforeAll(async () => {
  // Push services' names as a resolver outside our control would answer them (the sandbox has no DNS).
  const dns: Record<string, string> = { 'fcm.googleapis.com': '142.250.79.10', 'web.push.apple.com': '127.0.0.1' };
  app = await startTestApp(
    { DEMO_CATALOGUE: 'off', NOTIFICATION_DISPATCH_SECONDS: '0' },
    { resolve: async (host) => (dns[host] ? [{ address: dns[host], family: 4 }] : []) },
  );
});
afterAll(() => app.stop());

const preferences = {
  channels: { email: false, sms: false, push: false, browser: true },
  categories: { system: true, projects: true, campaigns: true, security: true },
  frequency: 'immediate',
  quietHours: { enabled: false, start: '22:00', end: '08:00' },
};

/** An account with neither email nor phone (an old import, say): signed in by RUT. */
const accountWithoutContact = async (): Promise<string> => {
  const events = app.platform.container.get<EventStore>(TOKENS.EventStore);
  const hasher = app.platform.container.get<PasswordHasher>(TOKENS.PasswordHasher);
  const userId = randomUUID();
  const rut = '9.876.543-3';
  const meta = { now: new Date(), actorId: 'system', actorRoles: [], correlationId: 'test-no-contact' };
  await handleCommand(
    events,
    identityClaimStream('rut', '9876543-3'),
    identityClaimDecider,
    { type: 'ClaimIdentity', kind: 'rut', value: '9876543-3', userId },
    meta,
  );
  const token = issueToken(userId);
  await handleCommand(
    events,
    userStream(userId),
    userDecider,
    {
      type: 'RegisterUser',
      userId,
      email: '',
      rut: '9876543-3',
      profile: { name: 'Sin', firstLastName: 'Contacto', secondLastName: 'Alguno', personalEmail: '', phone: '', post: 'collaborator' },
      passwordHash: await hasher.hash('Demo2026!'),
      verificationTokenHash: token.hash,
      verificationExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    },
    meta,
  );
  await handleCommand(events, userStream(userId), userDecider, { type: 'VerifyEmail', tokenHash: token.hash }, meta);
  await handleCommand(events, userRolesStream(userId), userRolesDecider, { type: 'GrantInitialRoles', userId, roles: ['user'], reason: 'Prueba' }, meta);
  return rut;
};

describe('notification preferences (spec §3, §5)', () => {
  it('answers the defaults, then records a change as an event on the person’s own stream', async () => {
    const buyer = app.client();
    await buyer.login('usuario@demo.cl');
    const before = await buyer.get('/api/v1/notifications/preferences');
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ ...preferences, updatedAt: null, contact: { hasEmail: true, hasPhone: true }, pushSubscriptions: 0 });
    const wanted = {
      ...preferences,
      channels: { email: true, sms: true, push: false, browser: true },
      categories: { ...preferences.categories, campaigns: false },
      frequency: 'daily',
      quietHours: { enabled: true, start: '22:30', end: '07:00' },
    };
    const saved = await buyer.put('/api/v1/notifications/preferences', wanted);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ...wanted, updatedAt: expect.any(String) });
    expect((await buyer.get('/api/v1/notifications/preferences', at(saved))).body).toMatchObject(wanted);
    const me = (await buyer.get('/api/v1/auth/cookie/profile')).body;
    const stream = await app.platform.container.get<EventStore>(TOKENS.EventStore).readStream(notificationPreferencesStream(me.id ?? me.data?.id));
    expect(stream.map((e) => e.type)).toEqual(['NotificationPreferencesChanged']);
  });

  it('keeps at least one channel and one category on (400, Spanish messages at their fields)', async () => {
    const buyer = app.client();
    await buyer.login('colaborador@demo.cl');
    const res = await buyer.put('/api/v1/notifications/preferences', {
      ...preferences,
      channels: { email: false, sms: false, push: false, browser: false },
      categories: { system: false, projects: false, campaigns: false, security: false },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Algunos datos no son válidos. Revise el formulario.' });
    expect(res.body.fieldErrors).toEqual([
      { field: 'channels', code: 'CHANNEL_REQUIRED', message: 'Debe mantener al menos un canal de notificación activo.' },
      { field: 'categories', code: 'CATEGORY_REQUIRED', message: 'Debe mantener al menos una categoría de notificaciones activa.' },
    ]);
  });

  it('email needs an email and SMS a phone on the account', async () => {
    const rut = await accountWithoutContact();
    const person = app.client();
    await person.login(rut);
    expect((await person.get('/api/v1/notifications/preferences')).body.contact).toEqual({ hasEmail: false, hasPhone: false });
    const res = await person.put('/api/v1/notifications/preferences', { ...preferences, channels: { email: true, sms: true, push: false, browser: true } });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual([
      { field: 'channels.email', code: 'EMAIL_REQUIRED', message: 'Su cuenta no tiene un email: agréguelo para recibir notificaciones por email.' },
      {
        field: 'channels.sms',
        code: 'PHONE_REQUIRED',
        message: 'El número de teléfono es obligatorio para recibir notificaciones por SMS: agréguelo en su perfil.',
      },
    ]);
    expect(
      (await person.put('/api/v1/notifications/preferences', { ...preferences, channels: { email: false, sms: false, push: true, browser: false } })).status,
    ).toBe(200);
  });

  it('refuses malformed preferences with 400, never a 500', async () => {
    const buyer = app.client();
    await buyer.login('usuario@demo.cl');
    const badTime = await buyer.put('/api/v1/notifications/preferences', { ...preferences, quietHours: { enabled: true, start: '25:00', end: '08:00' } });
    expect(badTime.status).toBe(400);
    expect(badTime.body.fieldErrors).toEqual([{ field: 'quietHours.start', code: 'INVALID_TIME', message: 'Ingrese una hora válida (hh:mm).' }]);
    const same = await buyer.put('/api/v1/notifications/preferences', { ...preferences, quietHours: { enabled: true, start: '08:00', end: '08:00' } });
    expect(same.body.fieldErrors).toEqual([
      { field: 'quietHours.end', code: 'INVALID_VALUE', message: 'El inicio y el fin del horario de silencio no pueden ser iguales.' },
    ]);
    const missing = await buyer.put('/api/v1/notifications/preferences', { channels: preferences.channels, frequency: 'weekly', extra: 1 });
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors.map((f: { field: string }) => f.field).sort()).toEqual(['categories', 'extra', 'frequency', 'quietHours']);
    expect((await app.client().get('/api/v1/notifications/preferences')).status).toBe(401);
  });

  it('stores and forgets a browser’s push subscription; the key to subscribe with is the data directory’s VAPID key', async () => {
    const buyer = app.client();
    await buyer.login('asesor@demo.cl');
    const key = await buyer.get('/api/v1/notifications/push-subscription');
    expect(key.body.publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    const subscription = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', expirationTime: null, keys: { p256dh: 'BNcRd', auth: 'tBHI' } };
    const added = await buyer.post('/api/v1/notifications/push-subscription', subscription);
    expect(added.status).toBe(200);
    expect((await buyer.get('/api/v1/notifications/preferences', at(added))).body.pushSubscriptions).toBe(1);
    // The endpoint names the person's browser: sealed under their key in the log, never in clear.
    const raw = ['events.sqlite', 'events.sqlite-wal']
      .map((f) => path.join(app.dataDir, f))
      .filter((f) => fs.existsSync(f))
      .map((f) => fs.readFileSync(f).toString('latin1'))
      .join('');
    expect(raw).not.toContain('fcm/send/abc');
    expect((await buyer.post('/api/v1/notifications/push-subscription', { endpoint: 'javascript:alert(1)', keys: subscription.keys })).status).toBe(400);
    const removed = await buyer.request('DELETE', '/api/v1/notifications/push-subscription', { endpoint: subscription.endpoint });
    expect(removed.status).toBe(200);
    expect((await buyer.get('/api/v1/notifications/preferences', at(removed))).body.pushSubscriptions).toBe(0);
  });

  it('refuses a push endpoint the server would not send to: not https, not a push service, or a push service resolving to this machine', async () => {
    const buyer = app.client();
    await buyer.login('usuario@demo.cl');
    const keys = { p256dh: 'BNcRd', auth: 'tBHI' };
    const before = (await buyer.get('/api/v1/notifications/preferences')).body.pushSubscriptions;
    for (const endpoint of [
      'http://127.0.0.1:9/x',
      'https://127.0.0.1:9/x',
      'https://[::1]/x',
      'https://169.254.169.254/latest/meta-data/',
      'https://push.example.test/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://web.push.apple.com/QGh', // listed, but its name resolves to 127.0.0.1
    ]) {
      const refused = await buyer.post('/api/v1/notifications/push-subscription', { endpoint, keys });
      expect([endpoint, refused.status, refused.body.code]).toEqual([endpoint, 400, 'VALIDATION_FAILED']);
      expect(refused.body.fieldErrors).toEqual([expect.objectContaining({ field: 'endpoint' })]);
      expect(refused.body.fieldErrors[0].message).toMatch(/^[A-ZÁÉÍÓÚÑ¿¡].*[a-záéíóúñ]/);
    }
    expect((await buyer.get('/api/v1/notifications/preferences')).body.pushSubscriptions).toBe(before);
  });

  it('sends a new notification by SMS to a person who turned SMS on (sandbox), and not to others', async () => {
    const buyer = app.client();
    await buyer.login('usuario@demo.cl');
    const saved = await buyer.put('/api/v1/notifications/preferences', { ...preferences, channels: { email: false, sms: true, push: false, browser: true } });
    expect(saved.status).toBe(200);
    const admin = app.client();
    await admin.login('admin@demo.cl');
    const target = (await admin.get('/api/v1/users?search=usuario@demo.cl')).body.items[0];
    const detail = await admin.get(`/api/v1/users/${target.id}`);
    const changed = await admin.put(
      `/api/v1/users/${target.id}/roles`,
      { roles: ['user', 'advisor'], reason: 'Apoyo comercial' },
      { 'If-Match': detail.headers.get('etag')! },
    );
    await buyer.get('/api/v1/notifications/mine', at(changed));
    const before = app.platform.notificationChannels.sms.sent().length;
    await app.platform.notificationChannels.dispatcher.dispatchDue();
    const sent = app.platform.notificationChannels.sms.sent().slice(before);
    expect(sent).toEqual([{ to: '+56912345678', text: expect.stringContaining('Sus roles cambiaron'), sentAt: expect.any(String) }]);
  });
});

describe('notification center filters and new campaigns', () => {
  it('a launched campaign tells its company’s enrolled collaborators; the center filters by category and priority', async () => {
    const collaborator = app.client();
    await collaborator.login('colaborador@demo.cl');
    // The seed's campaign reaches its collaborators through the read side (in distributed mode, a projector that may
    // still be on it): wait until every event so far is applied, never a sleep.
    await readModelsCaughtUp(app);
    const campaigns = await collaborator.get('/api/v1/notifications/mine?category=campaigns');
    expect(campaigns.status).toBe(200);
    expect(campaigns.body.items).toEqual([
      expect.objectContaining({
        title: 'Nueva campaña de vivienda',
        category: 'campaigns',
        priority: 'medium',
        body: expect.stringContaining('Vivienda Banco Andino 2026'),
      }),
    ]);
    expect((await collaborator.get('/api/v1/notifications/mine?category=campaigns&priority=urgent')).body.items).toEqual([]);
    expect((await collaborator.get('/api/v1/notifications/mine?category=otra')).status).toBe(400);
  });
});
