import { guardedUpsert, appliedRevision } from '../../kernel/projections/guarded-writes';
import type { Projection } from '../../kernel/projections/projection';
import { PERSONAL_DATA_CATEGORY, PERSONAL_DATA_ERASED } from '../../kernel/personal-data/personal-data-erased';
import type { NotificationPreferencesEvent, Preferences } from '../../domain/notifications/notification-preferences';
import type { PersonalDataErased } from '../../kernel/personal-data/personal-data-erased';

export const NOTIFICATION_PREFERENCES = 'notification-preferences';

export interface NotificationPreferencesDoc {
  _id: string;
  [key: string]: unknown;
  userId: string;
  preferences: Preferences;
  updatedAt: string;
  /** Since when a channel outside the app (email, SMS, push) is on: the dispatcher sends nothing older. Null: none on. */
  outsideSince: string | null;
  pushEndpoints: string[];
}

const outsideOn = (p: Preferences) => p.channels.email || p.channels.sms || p.channels.push;

/**
 * Who wants notifications outside the app, and since when: the dispatcher's list of people to look at.
 * (The preferences themselves are read from the person's stream; this is only the index.)
 */
export const notificationPreferencesProjection: Projection<NotificationPreferencesEvent | PersonalDataErased> = {
  name: 'notification-preferences',
  collections: [NOTIFICATION_PREFERENCES],
  categories: ['notification', PERSONAL_DATA_CATEGORY],
  eventTypes: ['NotificationPreferencesChanged', 'PushSubscriptionRegistered', 'PushSubscriptionRemoved', PERSONAL_DATA_ERASED],
  indexes: [{ collection: NOTIFICATION_PREFERENCES, keys: { outsideSince: 1 } }],
  async apply(recorded, store) {
    const docs = store.collection<NotificationPreferencesDoc>(NOTIFICATION_PREFERENCES);
    if (recorded.type === PERSONAL_DATA_ERASED) {
      const erased = recorded.data.subjectId;
      // The person's choices and browsers served only them (the erasure's scrub deletes the same).
      await docs.deleteMany({ userId: erased });
      return;
    }
    const event: NotificationPreferencesEvent = recorded;
    const userId = event.data.userId;
    const current = await docs.findOne({ _id: userId });
    // One stream feeds one document, in order: read-modify-write guarded by the stream's revision.
    if (current && appliedRevision(current, recorded.streamId) >= recorded.revision) return;
    const endpoints = new Set(current?.pushEndpoints ?? []);
    switch (event.type) {
      case 'NotificationPreferencesChanged': {
        const p = event.data.preferences;
        const since = outsideOn(p) ? (current?.outsideSince ?? event.data.changedAt) : null;
        await guardedUpsert(docs, userId, recorded, {
          $set: { userId, preferences: p, updatedAt: event.data.changedAt, outsideSince: since, pushEndpoints: [...endpoints] },
        });
        return;
      }
      case 'PushSubscriptionRegistered':
        endpoints.add(event.data.endpoint);
        break;
      case 'PushSubscriptionRemoved':
        endpoints.delete(event.data.endpoint);
        break;
    }
    await guardedUpsert(docs, userId, recorded, { $set: { userId, pushEndpoints: [...endpoints] } });
  },
};
