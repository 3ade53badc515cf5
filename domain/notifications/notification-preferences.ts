import { DomainError, type FieldError } from '../shared/errors';
import type { CommandMetadata, Decider, DomainEvent } from '../shared/event';
import type { QuietHours } from '../shared/quiet-hours';

/**
 * A person's notification preferences (spec §3 Preferences, §5), stream `notification-preferences-<userId>`:
 * which channels besides the in-app center (always on), which categories, how often (immediate or grouped in
 * hourly/daily digests), quiet hours; and the browsers subscribed to Web Push.
 */
const CHANNELS = ['email', 'sms', 'push', 'browser'] as const;
const CATEGORIES = ['system', 'projects', 'campaigns', 'security'] as const;
export type Channel = (typeof CHANNELS)[number];
export type Category = (typeof CATEGORIES)[number];
export type Frequency = 'immediate' | 'hourly' | 'daily';

export interface Preferences {
  readonly channels: Readonly<Record<Channel, boolean>>;
  readonly categories: Readonly<Record<Category, boolean>>;
  readonly frequency: Frequency;
  readonly quietHours: QuietHours;
}

/** Until the person says otherwise: the in-app center and the browser, every category, at once, no quiet hours. */
export const DEFAULT_PREFERENCES: Preferences = {
  channels: { email: false, sms: false, push: false, browser: true },
  categories: { system: true, projects: true, campaigns: true, security: true },
  frequency: 'immediate',
  quietHours: { enabled: false, start: '22:00', end: '08:00' },
};

export interface PushSubscriptionKeys {
  readonly p256dh: string;
  readonly auth: string;
}

export type NotificationPreferencesEvent =
  | DomainEvent<'NotificationPreferencesChanged', { userId: string; preferences: Preferences; changedAt: string }>
  | DomainEvent<'PushSubscriptionRegistered', { userId: string; endpoint: string; keys: PushSubscriptionKeys; registeredAt: string }>
  | DomainEvent<'PushSubscriptionRemoved', { userId: string; endpoint: string; reason: 'unsubscribed' | 'expired'; removedAt: string }>;

export type NotificationPreferencesCommand =
  /** `contact`: what the account has today (email, phone), checked by the caller from the user's stream. */
  | { type: 'ChangeNotificationPreferences'; userId: string; preferences: Preferences; contact: { hasEmail: boolean; hasPhone: boolean } }
  | { type: 'RegisterPushSubscription'; userId: string; endpoint: string; keys: PushSubscriptionKeys }
  | { type: 'RemovePushSubscription'; userId: string; endpoint: string; reason: 'unsubscribed' | 'expired' };

export interface NotificationPreferencesState {
  readonly preferences: Preferences;
  readonly changedAt: string | null;
  readonly subscriptions: ReadonlyMap<string, PushSubscriptionKeys>;
}

/** Spanish messages of the §5 rules, at the fields they concern. */
const PREFERENCE_MESSAGES = {
  channels: 'Debe mantener al menos un canal de notificación activo.',
  categories: 'Debe mantener al menos una categoría de notificaciones activa.',
  email: 'Su cuenta no tiene un email: agréguelo para recibir notificaciones por email.',
  sms: 'El número de teléfono es obligatorio para recibir notificaciones por SMS: agréguelo en su perfil.',
  quietHours: 'El inicio y el fin del horario de silencio no pueden ser iguales.',
} as const;

const refusals = (p: Preferences, contact: { hasEmail: boolean; hasPhone: boolean }): FieldError[] => {
  const errors: FieldError[] = [];
  if (!CHANNELS.some((c) => p.channels[c])) errors.push({ field: 'channels', code: 'CHANNEL_REQUIRED', message: PREFERENCE_MESSAGES.channels });
  if (!CATEGORIES.some((c) => p.categories[c])) errors.push({ field: 'categories', code: 'CATEGORY_REQUIRED', message: PREFERENCE_MESSAGES.categories });
  if (p.channels.email && !contact.hasEmail) errors.push({ field: 'channels.email', code: 'EMAIL_REQUIRED', message: PREFERENCE_MESSAGES.email });
  if (p.channels.sms && !contact.hasPhone) errors.push({ field: 'channels.sms', code: 'PHONE_REQUIRED', message: PREFERENCE_MESSAGES.sms });
  if (p.quietHours.enabled && p.quietHours.start === p.quietHours.end)
    errors.push({ field: 'quietHours.end', code: 'INVALID_VALUE', message: PREFERENCE_MESSAGES.quietHours });
  return errors;
};

const samePreferences = (a: Preferences, b: Preferences): boolean =>
  CHANNELS.every((c) => a.channels[c] === b.channels[c]) &&
  CATEGORIES.every((c) => a.categories[c] === b.categories[c]) &&
  a.frequency === b.frequency &&
  a.quietHours.enabled === b.quietHours.enabled &&
  a.quietHours.start === b.quietHours.start &&
  a.quietHours.end === b.quietHours.end;

/** Only the known fields, in a fixed shape (the event records exactly the preferences, nothing a caller slipped in). */
const normalised = (p: Preferences): Preferences => ({
  channels: { email: p.channels.email, sms: p.channels.sms, push: p.channels.push, browser: p.channels.browser },
  categories: { system: p.categories.system, projects: p.categories.projects, campaigns: p.categories.campaigns, security: p.categories.security },
  frequency: p.frequency,
  quietHours: { enabled: p.quietHours.enabled, start: p.quietHours.start, end: p.quietHours.end },
});

export const notificationPreferencesDecider: Decider<NotificationPreferencesCommand, NotificationPreferencesState, NotificationPreferencesEvent> = {
  initialState: () => ({ preferences: DEFAULT_PREFERENCES, changedAt: null, subscriptions: new Map() }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'NotificationPreferencesChanged':
        return { ...state, preferences: event.data.preferences, changedAt: event.data.changedAt };
      case 'PushSubscriptionRegistered':
        return { ...state, subscriptions: new Map(state.subscriptions).set(event.data.endpoint, event.data.keys) };
      case 'PushSubscriptionRemoved': {
        const subscriptions = new Map(state.subscriptions);
        subscriptions.delete(event.data.endpoint);
        return { ...state, subscriptions };
      }
    }
  },
  decide: (command, state, meta: CommandMetadata) => {
    const at = meta.now.toISOString();
    switch (command.type) {
      case 'ChangeNotificationPreferences': {
        const preferences = normalised(command.preferences);
        const errors = refusals(preferences, command.contact);
        if (errors.length) throw new DomainError('VALIDATION_FAILED', 'notification preferences', errors);
        if (state.changedAt !== null && samePreferences(preferences, state.preferences)) return [];
        return [{ type: 'NotificationPreferencesChanged', data: { userId: command.userId, preferences, changedAt: at } }];
      }
      case 'RegisterPushSubscription': {
        const known = state.subscriptions.get(command.endpoint);
        if (known && known.p256dh === command.keys.p256dh && known.auth === command.keys.auth) return [];
        return [
          {
            type: 'PushSubscriptionRegistered',
            data: { userId: command.userId, endpoint: command.endpoint, keys: { p256dh: command.keys.p256dh, auth: command.keys.auth }, registeredAt: at },
          },
        ];
      }
      case 'RemovePushSubscription':
        if (!state.subscriptions.has(command.endpoint)) return [];
        return [{ type: 'PushSubscriptionRemoved', data: { userId: command.userId, endpoint: command.endpoint, reason: command.reason, removedAt: at } }];
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
};

export const notificationPreferencesStream = (userId: string): string => `notification-preferences-${userId}`;
