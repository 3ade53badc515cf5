import { type NotificationPreferencesView } from '../../../contract/notifications';
import type { NotificationPreferencesState } from '../../../domain/notifications/notification-preferences';
import { parseEmail } from '../../../domain/shared/email';
import { parseChileanPhone } from '../../../domain/shared/phone';
import type { AuthContext } from '../route';
import type { HttpDeps } from '../deps';
import { ApiError } from '../errors';
import { route, type RouteDef } from '../route';
import { notificationPreferencesEndpoints } from '../../../contract/endpoints/notification-preferences';
import { eventPosition } from './route-helpers';

/** What the account has for the email and SMS channels (spec §5), read from the person's own stream. */
const contactOf = (auth: AuthContext | null) => {
  if (!auth) throw new ApiError('SESSION_EXPIRED');
  const { user } = auth.principal;
  return { hasEmail: parseEmail(user.email) !== null, hasPhone: Boolean(user.profile.phone) && parseChileanPhone(user.profile.phone, '+56') !== null };
};

const view = (state: NotificationPreferencesState, contact: { hasEmail: boolean; hasPhone: boolean }): NotificationPreferencesView => ({
  ...state.preferences,
  channels: { ...state.preferences.channels },
  categories: { ...state.preferences.categories },
  quietHours: { ...state.preferences.quietHours },
  updatedAt: state.changedAt,
  contact,
  pushSubscriptions: state.subscriptions.size,
});

/** Notification preferences (spec §3, §5) and the browser's Web Push subscription, for every signed-in person. */
export const notificationPreferencesRoutes = (deps: HttpDeps): RouteDef<any, any>[] => [
  route(notificationPreferencesEndpoints.getNotificationsPreferences, {
    summary: 'My notification preferences: channels, categories, frequency, quiet hours (the in-app center always shows everything)',
    tag: 'notifications',
    access: 'authenticated',
    handler: async ({ auth }) => view(await deps.notificationPreferences.of(auth!.principal.user.userId), contactOf(auth)),
  }),
  route(notificationPreferencesEndpoints.putNotificationsPreferences, {
    summary: 'Change my notification preferences; at least one channel and one category stay on, email needs an email and SMS a phone (400 with fieldErrors)',
    tag: 'notifications',
    access: 'authenticated',
    handler: async ({ auth, body, res, meta }) => {
      const userId = auth!.principal.user.userId;
      const contact = contactOf(auth);
      const result = await deps.notificationPreferences.change(userId, body, contact, meta);
      eventPosition(res, result.position);
      return view(await deps.notificationPreferences.of(userId), contact);
    },
  }),
  route(notificationPreferencesEndpoints.getNotificationsPushSubscription, {
    summary: 'The VAPID public key a browser subscribes to Web Push with',
    tag: 'notifications',
    access: 'authenticated',
    handler: async () => ({ publicKey: deps.pushPublicKey }),
  }),
  route(notificationPreferencesEndpoints.postNotificationsPushSubscription, {
    summary: 'Store this browser’s Web Push subscription (PushSubscription.toJSON())',
    tag: 'notifications',
    access: 'authenticated',
    handler: async ({ auth, body, res, meta }) => {
      const result = await deps.notificationPreferences.subscribe(auth!.principal.user.userId, body.endpoint, body.keys, meta);
      eventPosition(res, result.position);
      return { subscribed: true };
    },
  }),
  route(notificationPreferencesEndpoints.deleteNotificationsPushSubscription, {
    summary: 'Forget this browser’s Web Push subscription',
    tag: 'notifications',
    access: 'authenticated',
    handler: async ({ auth, body, res, meta }) => {
      const result = await deps.notificationPreferences.unsubscribe(auth!.principal.user.userId, body.endpoint, 'unsubscribed', meta);
      eventPosition(res, result.position);
      return { subscribed: false };
    },
  }),
];
