import { handleCommand } from '../command-handling/handle-command';
import { loadStream } from '../command-handling/decided-state';
import type { EventStore } from '../ports/event-store';
import type { CommandMetadata } from '../../domain/shared/event';
import {
  notificationPreferencesDecider,
  notificationPreferencesStream,
  type NotificationPreferencesState,
  type Preferences,
  type PushSubscriptionKeys,
} from '../../domain/notifications/notification-preferences';

/** A person's notification preferences and push subscriptions, read from and written to their own stream. */
export class NotificationPreferencesService {
  constructor(private readonly events: EventStore) {}

  async of(userId: string): Promise<NotificationPreferencesState> {
    return (await loadStream(this.events, notificationPreferencesStream(userId), notificationPreferencesDecider)).state;
  }

  change(userId: string, preferences: Preferences, contact: { hasEmail: boolean; hasPhone: boolean }, meta: CommandMetadata) {
    return handleCommand(
      this.events,
      notificationPreferencesStream(userId),
      notificationPreferencesDecider,
      { type: 'ChangeNotificationPreferences', userId, preferences, contact },
      meta,
    );
  }

  subscribe(userId: string, endpoint: string, keys: PushSubscriptionKeys, meta: CommandMetadata) {
    return handleCommand(
      this.events,
      notificationPreferencesStream(userId),
      notificationPreferencesDecider,
      { type: 'RegisterPushSubscription', userId, endpoint, keys },
      meta,
    );
  }

  unsubscribe(userId: string, endpoint: string, reason: 'unsubscribed' | 'expired', meta: CommandMetadata) {
    return handleCommand(
      this.events,
      notificationPreferencesStream(userId),
      notificationPreferencesDecider,
      { type: 'RemovePushSubscription', userId, endpoint, reason },
      meta,
    );
  }
}
