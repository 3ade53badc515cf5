import { handleCommand } from '../../kernel/command-handling/handle-command';
import { loadStream } from '../../kernel/command-handling/decided-state';
import type { EventStore } from '../../kernel/ports/event-store';
import type { CommandMetadata } from '../../domain/shared/event';
import { DomainError } from '../../domain/shared/errors';
import type { PushSender } from './channels';
import {
  notificationPreferencesDecider,
  notificationPreferencesStream,
  type NotificationPreferencesState,
  type Preferences,
  type PushSubscriptionKeys,
} from '../../domain/notifications/notification-preferences';

/** A person's notification preferences and push subscriptions, read from and written to their own stream. */
export class NotificationPreferencesService {
  constructor(
    private readonly events: EventStore,
    /** Which endpoints a subscription may name: the server connects to them, so not any URL someone posts. */
    private readonly pushEndpoints: Pick<PushSender, 'accepts'>,
  ) {}

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

  async subscribe(userId: string, endpoint: string, keys: PushSubscriptionKeys, meta: CommandMetadata) {
    if (!(await this.pushEndpoints.accepts(endpoint)))
      throw new DomainError('VALIDATION_FAILED', 'push endpoint', [
        { field: 'endpoint', code: 'INVALID_VALUE', message: 'La suscripción no pertenece a un servicio de notificaciones push reconocido.' },
      ]);
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
