import { z } from 'zod';

/** The notification center (spec §3 Notification): priority, category, read state. */
const NOTIFICATION_PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;
const NOTIFICATION_CATEGORIES = ['system', 'projects', 'campaigns', 'security'] as const;

export const notificationItem = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  priority: z.enum(NOTIFICATION_PRIORITIES),
  category: z.enum(NOTIFICATION_CATEGORIES),
  read: z.boolean(),
  createdAt: z.string(),
  /** Where the notification takes the person, when it concerns a screen. */
  link: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const myNotificationsResponse = z.object({ items: z.array(notificationItem), unread: z.number().int() });
export type MyNotifications = z.infer<typeof myNotificationsResponse>;

/** Preferences (spec §3 Preferences, §5): the channels besides the in-app center, what, how often, and when not. */
export const NOTIFICATION_CHANNELS = ['email', 'sms', 'push', 'browser'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
const NOTIFICATION_FREQUENCIES = ['immediate', 'hourly', 'daily'] as const;
export type NotificationFrequency = (typeof NOTIFICATION_FREQUENCIES)[number];

/** A time of day as the person picks it (24 h, America/Santiago). */
const timeOfDay = z.string().superRefine((value, ctx) => {
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(value)) ctx.addIssue({ code: 'custom', params: { code: 'INVALID_TIME', message: 'Ingrese una hora válida (hh:mm).' } });
});

export const notificationPreferencesBody = z.strictObject({
  channels: z.strictObject({ email: z.boolean(), sms: z.boolean(), push: z.boolean(), browser: z.boolean() }),
  categories: z.strictObject({ system: z.boolean(), projects: z.boolean(), campaigns: z.boolean(), security: z.boolean() }),
  frequency: z.enum(NOTIFICATION_FREQUENCIES),
  quietHours: z.strictObject({ enabled: z.boolean(), start: timeOfDay, end: timeOfDay }),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesBody>;

export const notificationPreferencesResponse = notificationPreferencesBody.extend({
  /** When the person last changed them (null: never, these are the defaults). */
  updatedAt: z.string().nullable(),
  /** Whether the account has what the email and SMS channels need (spec §5). */
  contact: z.object({ hasEmail: z.boolean(), hasPhone: z.boolean() }),
  /** Browsers subscribed to Web Push for this person. */
  pushSubscriptions: z.number().int(),
});
export type NotificationPreferencesView = z.infer<typeof notificationPreferencesResponse>;

/** A browser's PushSubscription as `subscription.toJSON()` gives it. */
export const pushSubscriptionBody = z.strictObject({
  /** Push services are https; which ones the server sends to is its own setting (PUSH_SERVICE_HOSTS). */
  endpoint: z.url({ protocol: /^https$/ }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({ p256dh: z.string().min(1).max(256), auth: z.string().min(1).max(64) }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;
export const pushUnsubscribeBody = z.strictObject({ endpoint: z.url({ protocol: /^https?$/ }).max(2048) });

/** The VAPID public key a browser subscribes with (`applicationServerKey`). */
export const pushKeyResponse = z.object({ publicKey: z.string() });

/** The back office's notification center: the same notifications, filtered. */
export const notificationCenterQuery = z.strictObject({
  priority: z.enum(NOTIFICATION_PRIORITIES).optional(),
  category: z.enum(NOTIFICATION_CATEGORIES).optional(),
  read: z.enum(['true', 'false']).optional(),
});

/** POST /notifications/:id/read. */
export const notificationReadResponse = z.object({ id: z.string(), read: z.literal(true) });
/** POST /notifications/read-all. */
export const allNotificationsReadResponse = z.object({ read: z.literal(true) });
/** POST and DELETE /notifications/push-subscription. */
export const pushSubscriptionResponse = z.object({ subscribed: z.boolean() });
