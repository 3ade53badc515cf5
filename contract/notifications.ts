import { z } from 'zod';

/** The notification center (spec §3 Notification): priority, category, read state. */
export const NOTIFICATION_PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;
export const NOTIFICATION_CATEGORIES = ['system', 'projects', 'campaigns', 'security'] as const;

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
