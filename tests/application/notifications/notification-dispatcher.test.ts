import { openDatabase } from '../../../adapters/embedded/sqlite-database';
import { SqliteEventStore } from '../../../adapters/embedded/sqlite-event-store';
import { SqliteReadStore } from '../../../adapters/embedded/sqlite-read-store';
import { SandboxSmsSender } from '../../../adapters/sms/sandbox-sms-sender';
import type { NotificationMailOutbox, PushSender, PushTarget } from '../../../application/notifications/channels';
import { NotificationDispatcher, type Contact } from '../../../application/notifications/notification-dispatcher';
import { NotificationPreferencesService } from '../../../application/notifications/notification-preferences-service';
import { FakeClock } from '../../support/application-fakes';
import { deliver } from '../../support/projection-spec';
import { DEFAULT_PREFERENCES, type Preferences } from '../../../domain/notifications/notification-preferences';
import { notificationDeliveriesStream } from '../../../domain/notifications/notification-deliveries';
import { notificationPreferencesProjection } from '../../../read-models/notifications/notification-preferences.projection';
import { NOTIFICATIONS, notificationsProjection } from '../../../read-models/notifications/notifications.projection';

/** Chile's summer time (UTC-3): local hh:mm on 2026-11-22 as an instant. */
const local = (hhmm: string, day = 22) => new Date(`2026-11-${day}T${hhmm}:00.000-03:00`);

class RecordingPush implements PushSender {
  readonly publicKey = 'test-key';
  readonly sent: { endpoint: string; title: string; body: string }[] = [];
  gone = new Set<string>();
  async accepts() {
    return true;
  }
  async send(target: PushTarget, payload: { title: string; body: string }) {
    if (this.gone.has(target.endpoint)) return 'gone' as const;
    this.sent.push({ endpoint: target.endpoint, title: payload.title, body: payload.body });
    return 'sent' as const;
  }
}

const setup = (deliveryWindow?: { preferredTime: string; timezone: string }) => {
  const events = new SqliteEventStore(openDatabase(':memory:'));
  const readStore = new SqliteReadStore(openDatabase(':memory:'));
  const clock = new FakeClock(local('12:00'));
  const push = new RecordingPush();
  const sms = new SandboxSmsSender(() => clock.now());
  const mails: Parameters<NotificationMailOutbox['enqueue']>[0][] = [];
  const preferences = new NotificationPreferencesService(events, push);
  const contacts = new Map<string, Contact>([['u1', { email: 'ana@empresa.cl', phone: '+56912345678' }]]);
  const dispatcher = new NotificationDispatcher({
    events,
    readStore,
    preferences,
    clock,
    push,
    sms,
    mail: { enqueue: async (m) => void mails.push(m) },
    contactOf: async (id) => contacts.get(id) ?? null,
    log: () => undefined,
    ...(deliveryWindow ? { deliveryWindow: async () => deliveryWindow } : {}),
  });
  let position = 0;
  /** Applies what was appended since the last call (the read side, without its timer). */
  const project = async () => {
    for (const e of await events.readAll({ fromPosition: position, limit: 10_000 })) {
      for (const p of [notificationsProjection, notificationPreferencesProjection]) await deliver(p, e, readStore);
      position = e.globalPosition;
    }
  };
  let reservations = 0;
  /** A notification for u1, created now (a confirmed reservation), or any document (priority urgent...). */
  const notify = async (extra: { priority?: string; category?: string } = {}) => {
    const r = `r${++reservations}`;
    const meta = { correlationId: 'c', actorId: 'a', actorRoles: [], occurredAt: clock.now().toISOString(), schemaVersion: 1 };
    await events.append(
      `reservation-${r}`,
      [{ type: 'ReservationRequested', data: { reservationId: r, buyerId: 'u1', projectName: 'Mirador', unitNumber: `10${reservations}` }, metadata: meta }],
      'no_stream',
    );
    await events.append(`reservation-${r}`, [{ type: 'ReservationConfirmed', data: { reservationId: r }, metadata: meta }], 0);
    await project();
    if (Object.keys(extra).length) await readStore.collection(NOTIFICATIONS).updateOne({ _id: `reservation-${r}@1` }, { $set: extra });
    return `reservation-${r}@1`;
  };
  const prefer = async (over: Partial<Preferences>) => {
    const p: Preferences = { ...DEFAULT_PREFERENCES, channels: { email: true, sms: true, push: true, browser: true }, ...over };
    await preferences.change('u1', p, { hasEmail: true, hasPhone: true }, { now: clock.now(), actorId: 'u1', actorRoles: [], correlationId: 'c' });
    await preferences.subscribe(
      'u1',
      'https://push.example/1',
      { p256dh: 'p', auth: 'a' },
      { now: clock.now(), actorId: 'u1', actorRoles: [], correlationId: 'c' },
    );
    await project();
  };
  const run = async () => {
    await dispatcher.dispatchDue();
    await project();
  };
  return { events, readStore, clock, push, sms, mails, notify, prefer, run };
};

describe('notification dispatcher', () => {
  it('sends a new notification at once on every channel on, once; nothing from before the channels were turned on', async () => {
    const t = setup();
    await t.notify(); // before any channel outside the app
    t.clock.at = local('12:05');
    await t.prefer({});
    t.clock.at = local('12:10');
    const id = await t.notify();
    await t.run();
    await t.run();
    expect(t.sms.sent()).toEqual([
      { to: '+56912345678', text: expect.stringContaining('Reserva confirmada: La unidad 102 de Mirador'), sentAt: local('12:10').toISOString() },
    ]);
    expect(t.push.sent).toEqual([{ endpoint: 'https://push.example/1', title: 'Reserva confirmada', body: expect.stringContaining('102') }]);
    expect(t.mails).toEqual([expect.objectContaining({ deliveryId: `notification-${id}`, to: 'ana@empresa.cl', kind: 'notification' })]);
    const recorded = await t.events.readStream(notificationDeliveriesStream('u1'));
    expect(recorded.map((e) => e.data)).toEqual([expect.objectContaining({ notificationIds: [id], mode: 'immediate', channels: ['email', 'sms', 'push'] })]);
  });

  it('sends nothing of a category turned off, and remembers it as skipped', async () => {
    const t = setup();
    await t.prefer({ categories: { ...DEFAULT_PREFERENCES.categories, projects: false } });
    await t.notify();
    await t.run();
    expect(t.sms.sent()).toEqual([]);
    expect(t.push.sent).toEqual([]);
    expect((await t.events.readStream(notificationDeliveriesStream('u1'))).map((e) => e.data.mode)).toEqual(['skipped']);
  });

  it('holds notifications during quiet hours until they end; urgent ones go at once', async () => {
    const t = setup();
    t.clock.at = local('21:00');
    await t.prefer({ quietHours: { enabled: true, start: '22:00', end: '08:00' } });
    t.clock.at = local('23:30');
    await t.notify();
    await t.notify({ priority: 'urgent' });
    await t.run();
    expect(t.sms.sent().map((m) => m.sentAt)).toEqual([local('23:30').toISOString()]);
    t.clock.at = local('07:59', 23);
    await t.run();
    expect(t.sms.sent()).toHaveLength(1);
    t.clock.at = local('08:00', 23);
    await t.run();
    expect(t.sms.sent().map((m) => m.sentAt)).toEqual([local('23:30').toISOString(), local('08:00', 23).toISOString()]);
  });

  it('groups notifications in an hourly digest, a whole hour after the oldest, then an hour after the previous digest', async () => {
    const t = setup();
    await t.prefer({ frequency: 'hourly' });
    await t.notify();
    t.clock.at = local('12:20');
    await t.notify();
    t.clock.at = local('12:59');
    await t.run();
    expect(t.sms.sent()).toEqual([]);
    t.clock.at = local('13:00');
    await t.run();
    expect(t.sms.sent().map((m) => m.text)).toEqual([expect.stringMatching(/^Tiene 2 notificaciones nuevas: Reserva confirmada · Reserva confirmada$/)]);
    expect(t.mails.map((m) => [m.kind, m.notifications.length])).toEqual([['digest', 2]]);
    t.clock.at = local('13:10');
    await t.notify();
    t.clock.at = local('13:30');
    await t.run();
    expect(t.sms.sent()).toHaveLength(1);
    t.clock.at = local('14:00');
    await t.run();
    expect(t.sms.sent().map((m) => m.text)[1]).toMatch(/^Tiene 1 notificación nueva: Reserva confirmada$/);
  });

  it('a daily digest waits a day', async () => {
    const t = setup();
    await t.prefer({ frequency: 'daily' });
    await t.notify();
    t.clock.at = local('11:59', 23);
    await t.run();
    expect(t.push.sent).toEqual([]);
    t.clock.at = local('12:00', 23);
    await t.run();
    expect(t.push.sent).toHaveLength(1);
  });

  it('a daily digest waits for the platform’s preferred sending time as well (delivery settings)', async () => {
    const t = setup({ preferredTime: '18:00', timezone: 'America/Santiago' });
    await t.prefer({ frequency: 'daily' });
    await t.notify();
    t.clock.at = local('12:00', 23);
    await t.run();
    expect(t.push.sent).toEqual([]);
    t.clock.at = local('18:00', 23);
    await t.run();
    expect(t.push.sent).toHaveLength(1);
  });

  it('forgets a push subscription the push service says is gone', async () => {
    const t = setup();
    await t.prefer({});
    t.push.gone.add('https://push.example/1');
    await t.notify();
    await t.run();
    const prefs = await new NotificationPreferencesService(t.events, t.push).of('u1');
    expect(prefs.subscriptions.size).toBe(0);
    expect(t.sms.sent()).toHaveLength(1);
  });
});
