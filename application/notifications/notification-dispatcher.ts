import { loadStream } from '../../kernel/command-handling/decided-state';
import { handleCommand } from '../../kernel/command-handling/handle-command';
import type { Clock } from '../../kernel/ports/clock';
import type { EventStore } from '../../kernel/ports/event-store';
import type { ReadStore } from '../../kernel/ports/read-store';
import { every, type PeriodicJob } from '../scheduling/periodic-job';
import { inQuietHours } from '../../domain/shared/quiet-hours';
import { notificationDeliveriesDecider, notificationDeliveriesStream, type DeliveryMode } from '../../domain/notifications/notification-deliveries';
import type { NotificationPreferencesState } from '../../domain/notifications/notification-preferences';
import { peopleNotifiedOutside } from '../../read-models/notifications/notification-preferences.queries';
import { undispatchedNotifications } from '../../read-models/notifications/notifications.queries';
import type { NotificationMailOutbox, OutgoingNotification, PushSender, SmsSender } from './channels';
import type { NotificationPreferencesService } from './notification-preferences-service';

const HOUR = 3_600_000;
const PERIOD_MS = { hourly: HOUR, daily: 24 * HOUR } as const;
const SMS_MAX = 300;

export interface Contact {
  readonly email: string | null;
  readonly phone: string | null;
}

export interface DispatcherDeps {
  readonly events: EventStore;
  readonly readStore: ReadStore;
  readonly preferences: NotificationPreferencesService;
  readonly clock: Clock;
  readonly push: PushSender;
  readonly sms: SmsSender;
  readonly mail: NotificationMailOutbox;
  /** The person's current email and phone (null: a disabled or erased account is sent nothing). */
  readonly contactOf: (userId: string) => Promise<Contact | null>;
  readonly log: (message: string, error?: unknown) => void;
  /** The platform's preferred sending time and time zone (delivery settings): daily digests wait for it. */
  readonly deliveryWindow?: () => Promise<{ readonly preferredTime: string; readonly timezone: string }>;
}

/** "HH:MM" of `now` in the time zone (an unknown zone: UTC). */
const localTime = (now: Date, timezone: string): string => {
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone: timezone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(now);
  } catch {
    return now.toISOString().slice(11, 16);
  }
};

/**
 * Sends each new notification on the person's channels outside the app (the in-app center always shows it):
 * only categories they keep on; nothing during their quiet hours but urgent news (the rest waits until the
 * window ends); at once, or grouped in an hourly/daily digest a whole period after the previous one (the first
 * a period after the oldest waiting notification). Urgent news never waits for a digest. Each notification is
 * recorded once as dispatched (`notification-deliveries-<userId>`), after its sending: a crash in between
 * sends it again, never loses it. The browser channel is the open tab's own (web: Notification API).
 */
export class NotificationDispatcher {
  constructor(private readonly deps: DispatcherDeps) {}

  /** Looks at everyone with a channel outside the app; run by a timer, and by tests with their own clock. */
  async dispatchDue(): Promise<void> {
    for (const person of await peopleNotifiedOutside(this.deps.readStore)) {
      try {
        await this.dispatchFor(person.userId, String(person.outsideSince));
      } catch (error) {
        this.deps.log(`notifications of ${person.userId} not dispatched, retried at the next run`, error);
      }
    }
  }

  start(intervalMs: number): PeriodicJob {
    return every(
      intervalMs,
      () => this.dispatchDue(),
      (error) => this.deps.log('notification dispatch failed', error),
    );
  }

  private async dispatchFor(userId: string, since: string): Promise<void> {
    const { events, readStore, clock } = this.deps;
    const deliveries = (await loadStream(events, notificationDeliveriesStream(userId), notificationDeliveriesDecider)).state;
    const pending = (await undispatchedNotifications(readStore, userId, since)).filter((n) => !deliveries.dispatched.has(n._id));
    if (pending.length === 0) return;
    const prefs = await this.deps.preferences.of(userId);
    const contact = await this.deps.contactOf(userId);
    const { preferences } = prefs;
    const wanted = pending.filter((n) => preferences.categories[n.category]);
    const unwanted = pending.filter((n) => !preferences.categories[n.category]);
    if (unwanted.length)
      await this.record(
        userId,
        unwanted.map((n) => n._id),
        'skipped',
        [],
      );
    if (!contact || wanted.length === 0) return;
    const now = clock.now();
    const quiet = inQuietHours(preferences.quietHours, now);
    const outgoing = wanted.map((n): OutgoingNotification => ({
      id: n._id,
      title: n.title,
      body: n.body,
      priority: n.priority,
      category: n.category,
      link: n.link,
      createdAt: n.createdAt,
    }));
    const urgent = outgoing.filter((n) => n.priority === 'urgent');
    const rest = outgoing.filter((n) => n.priority !== 'urgent');
    const atOnce = preferences.frequency === 'immediate' ? (quiet ? urgent : outgoing) : urgent;
    for (const n of atOnce) {
      const channels = await this.send(userId, prefs, contact, [n], 'notification');
      await this.record(userId, [n.id], 'immediate', channels);
    }
    if (preferences.frequency === 'immediate' || quiet || rest.length === 0) return;
    const period = PERIOD_MS[preferences.frequency];
    const from = deliveries.lastDigestAt ?? rest[0].createdAt;
    if (now.getTime() - Date.parse(from) < period) return;
    // A daily digest goes out once the day reaches the platform's preferred time (delivery settings).
    if (preferences.frequency === 'daily' && this.deps.deliveryWindow) {
      const { preferredTime, timezone } = await this.deps.deliveryWindow();
      if (localTime(now, timezone) < preferredTime) return;
    }
    const channels = await this.send(userId, prefs, contact, rest, 'digest');
    await this.record(
      userId,
      rest.map((n) => n.id),
      'digest',
      channels,
    );
  }

  /** Sends on every channel on; one channel failing does not hold the others (logged, not retried). */
  private async send(
    userId: string,
    prefs: NotificationPreferencesState,
    contact: Contact,
    items: OutgoingNotification[],
    kind: 'notification' | 'digest',
  ): Promise<string[]> {
    const { channels } = prefs.preferences;
    const used: string[] = [];
    const title = kind === 'digest' ? (items.length === 1 ? 'Tiene 1 notificación nueva' : `Tiene ${items.length} notificaciones nuevas`) : items[0].title;
    const body = kind === 'digest' ? items.map((n) => n.title).join(' · ') : items[0].body;
    const attempt = async (channel: string, work: () => Promise<unknown>) => {
      try {
        await work();
        used.push(channel);
      } catch (error) {
        this.deps.log(`notification ${channel} to ${userId} failed`, error);
      }
    };
    if (channels.email && contact.email) {
      const deliveryId = kind === 'digest' ? `digest-${userId}-${items[items.length - 1].id}` : `notification-${items[0].id}`;
      await attempt('email', () => this.deps.mail.enqueue({ deliveryId, userId, to: contact.email!, kind, notifications: items }));
    }
    if (channels.sms && contact.phone) {
      const text = `${title}: ${body}`;
      await attempt('sms', () => this.deps.sms.send(contact.phone!, text.length > SMS_MAX ? `${text.slice(0, SMS_MAX - 1)}…` : text));
    }
    if (channels.push && prefs.subscriptions.size > 0) {
      await attempt('push', async () => {
        for (const [endpoint, keys] of prefs.subscriptions) {
          const result = await this.deps.push.send(
            { endpoint, keys },
            { title, body, link: kind === 'digest' ? null : items[0].link, tag: items[items.length - 1].id },
          );
          if (result === 'gone') await this.deps.preferences.unsubscribe(userId, endpoint, 'expired', this.meta(userId));
        }
      });
    }
    return used;
  }

  private async record(userId: string, notificationIds: string[], mode: DeliveryMode, channels: string[]) {
    await handleCommand(
      this.deps.events,
      notificationDeliveriesStream(userId),
      notificationDeliveriesDecider,
      { type: 'RecordDispatch', userId, notificationIds, mode, channels },
      this.meta(userId),
    );
  }

  private meta(userId: string) {
    return { now: this.deps.clock.now(), actorId: 'system:notifications', actorRoles: [], correlationId: `notification-dispatch-${userId}` };
  }
}
