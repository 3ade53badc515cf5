import {
  DEFAULT_PREFERENCES,
  notificationPreferencesDecider,
  type NotificationPreferencesEvent,
  type Preferences,
} from '../../../domain/notifications/notification-preferences';
import { notificationDeliveriesDecider, type NotificationDeliveriesEvent } from '../../../domain/notifications/notification-deliveries';
import { DomainError } from '../../../domain/shared/errors';
import { inQuietHours } from '../../../domain/shared/quiet-hours';
import { DeciderSpecification, testMeta } from '../../support/decider-spec';

const AT = '2026-11-22T12:00:00.000Z';
const contact = { hasEmail: true, hasPhone: true };
const prefs = (
  over: Partial<{
    channels: Partial<Preferences['channels']>;
    categories: Partial<Preferences['categories']>;
    frequency: Preferences['frequency'];
    quietHours: Partial<Preferences['quietHours']>;
  }> = {},
): Preferences => ({
  channels: { ...DEFAULT_PREFERENCES.channels, ...over.channels },
  categories: { ...DEFAULT_PREFERENCES.categories, ...over.categories },
  frequency: over.frequency ?? DEFAULT_PREFERENCES.frequency,
  quietHours: { ...DEFAULT_PREFERENCES.quietHours, ...over.quietHours },
});
const changed = (p: Preferences): NotificationPreferencesEvent => ({
  type: 'NotificationPreferencesChanged',
  data: { userId: 'u1', preferences: p, changedAt: AT },
});
const refusal = (p: Preferences, c = contact) => {
  try {
    notificationPreferencesDecider.decide(
      { type: 'ChangeNotificationPreferences', userId: 'u1', preferences: p, contact: c },
      notificationPreferencesDecider.initialState(),
      testMeta(),
    );
  } catch (error) {
    return (error as DomainError).fieldErrors;
  }
  throw new Error('not refused');
};

describe('Notification preferences decider (spec §3, §5)', () => {
  const spec = DeciderSpecification(notificationPreferencesDecider);

  it('records the preferences; the same ones again record nothing', () => {
    const p = prefs({ channels: { sms: true }, frequency: 'daily' });
    spec
      .given([])
      .when({ type: 'ChangeNotificationPreferences', userId: 'u1', preferences: p, contact })
      .then([changed(p)]);
    spec
      .given([changed(p)])
      .when({ type: 'ChangeNotificationPreferences', userId: 'u1', preferences: p, contact })
      .thenNothingHappens();
  });

  it('keeps at least one channel and one category on', () => {
    const none = prefs({
      channels: { email: false, sms: false, push: false, browser: false },
      categories: { system: false, projects: false, campaigns: false, security: false },
    });
    spec.given([]).when({ type: 'ChangeNotificationPreferences', userId: 'u1', preferences: none, contact }).thenThrows('VALIDATION_FAILED');
    expect(refusal(none)).toEqual([
      { field: 'channels', code: 'CHANNEL_REQUIRED', message: 'Debe mantener al menos un canal de notificación activo.' },
      { field: 'categories', code: 'CATEGORY_REQUIRED', message: 'Debe mantener al menos una categoría de notificaciones activa.' },
    ]);
  });

  it('needs an email for the email channel and a phone for SMS', () => {
    expect(refusal(prefs({ channels: { email: true, sms: true } }), { hasEmail: false, hasPhone: false })).toEqual([
      { field: 'channels.email', code: 'EMAIL_REQUIRED', message: 'Su cuenta no tiene un email: agréguelo para recibir notificaciones por email.' },
      {
        field: 'channels.sms',
        code: 'PHONE_REQUIRED',
        message: 'El número de teléfono es obligatorio para recibir notificaciones por SMS: agréguelo en su perfil.',
      },
    ]);
  });

  it('refuses quiet hours that start when they end', () => {
    expect(refusal(prefs({ quietHours: { enabled: true, start: '22:00', end: '22:00' } }))).toEqual([
      { field: 'quietHours.end', code: 'INVALID_VALUE', message: 'El inicio y el fin del horario de silencio no pueden ser iguales.' },
    ]);
  });

  it('stores a push subscription once, and forgets it once', () => {
    const keys = { p256dh: 'p', auth: 'a' };
    const registered: NotificationPreferencesEvent = {
      type: 'PushSubscriptionRegistered',
      data: { userId: 'u1', endpoint: 'https://push.example/1', keys, registeredAt: AT },
    };
    spec.given([]).when({ type: 'RegisterPushSubscription', userId: 'u1', endpoint: 'https://push.example/1', keys }).then([registered]);
    spec.given([registered]).when({ type: 'RegisterPushSubscription', userId: 'u1', endpoint: 'https://push.example/1', keys }).thenNothingHappens();
    spec
      .given([registered])
      .when({ type: 'RemovePushSubscription', userId: 'u1', endpoint: 'https://push.example/1', reason: 'expired' })
      .then([{ type: 'PushSubscriptionRemoved', data: { userId: 'u1', endpoint: 'https://push.example/1', reason: 'expired', removedAt: AT } }]);
    spec.given([]).when({ type: 'RemovePushSubscription', userId: 'u1', endpoint: 'https://push.example/1', reason: 'unsubscribed' }).thenNothingHappens();
  });
});

describe('Notification deliveries decider', () => {
  const spec = DeciderSpecification(notificationDeliveriesDecider);
  const dispatched = (ids: string[]): NotificationDeliveriesEvent => ({
    type: 'NotificationsDispatched',
    data: { userId: 'u1', notificationIds: ids, mode: 'immediate', channels: ['sms'], dispatchedAt: AT },
  });

  it('records each notification once', () => {
    spec
      .given([])
      .when({ type: 'RecordDispatch', userId: 'u1', notificationIds: ['a', 'b'], mode: 'immediate', channels: ['sms'] })
      .then([dispatched(['a', 'b'])]);
    spec
      .given([dispatched(['a'])])
      .when({ type: 'RecordDispatch', userId: 'u1', notificationIds: ['a', 'b'], mode: 'immediate', channels: ['sms'] })
      .then([dispatched(['b'])]);
    spec
      .given([dispatched(['a', 'b'])])
      .when({ type: 'RecordDispatch', userId: 'u1', notificationIds: ['a', 'b'], mode: 'immediate', channels: ['sms'] })
      .thenNothingHappens();
  });
});

describe('quiet hours (America/Santiago)', () => {
  const quiet = { enabled: true, start: '22:00', end: '08:00' };
  // 2026-11-22 is summer time in Chile (UTC-3).
  it('cover a window across midnight, and nothing when off or empty', () => {
    expect(inQuietHours(quiet, new Date('2026-11-23T02:00:00Z'))).toBe(true); // 23:00
    expect(inQuietHours(quiet, new Date('2026-11-23T10:59:00Z'))).toBe(true); // 07:59
    expect(inQuietHours(quiet, new Date('2026-11-23T11:00:00Z'))).toBe(false); // 08:00
    expect(inQuietHours(quiet, new Date('2026-11-22T15:00:00Z'))).toBe(false); // 12:00
    expect(inQuietHours({ ...quiet, enabled: false }, new Date('2026-11-23T02:00:00Z'))).toBe(false);
    expect(inQuietHours({ enabled: true, start: '13:00', end: '14:00' }, new Date('2026-11-22T16:30:00Z'))).toBe(true); // 13:30
  });
});
