import { handleCommand } from '../../kernel/command-handling/handle-command';
import type { EventStore } from '../../kernel/ports/event-store';
import type { CommandMetadata } from '../../domain/shared/event';
import { notificationReadsDecider, notificationReadsStream } from '../../domain/notifications/notification-reads';

/** Reading one's notifications: the only decision a person takes about them. */
export class NotificationService {
  constructor(private readonly events: EventStore) {}

  read(userId: string, notificationId: string, meta: CommandMetadata) {
    return handleCommand(this.events, notificationReadsStream(userId), notificationReadsDecider, { type: 'ReadNotification', userId, notificationId }, meta);
  }

  readAll(userId: string, meta: CommandMetadata) {
    return handleCommand(this.events, notificationReadsStream(userId), notificationReadsDecider, { type: 'ReadAllNotifications', userId }, meta);
  }
}
