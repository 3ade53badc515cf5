import type { ReadStore } from '../../kernel/ports/read-store';
import { NOTIFICATION_PREFERENCES, type NotificationPreferencesDoc } from './notification-preferences.projection';

/** People with a channel outside the app on. */
export const peopleNotifiedOutside = async (store: ReadStore): Promise<NotificationPreferencesDoc[]> =>
  store.collection<NotificationPreferencesDoc>(NOTIFICATION_PREFERENCES).find({ outsideSince: { $ne: null, $exists: true } }, { limit: 100_000 });
