import type { ReadStore } from '../../kernel/ports/read-store';
import { NOTIFICATIONS, type NotificationDoc } from './notifications.projection';

/** Notifications not yet sent outside the center, oldest first (the dispatcher's work list). */
export const undispatchedNotifications = async (store: ReadStore, userId: string, since: string) =>
  store
    .collection<NotificationDoc>(NOTIFICATIONS)
    .find({ userId, dispatched: { $ne: true }, createdAt: { $gte: since } }, { sort: { createdAt: 1, _id: 1 }, limit: 500 });
