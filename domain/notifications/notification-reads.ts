import type { CommandMetadata, Decider, DomainEvent } from '../shared/event';

/**
 * What a person has read of their notifications (stream `notification-reads-<userId>`): one notification, or
 * everything up to an instant ("marcar todo como leído"). The notifications themselves are derived from the
 * events that concern the person; only reading them is a decision of theirs.
 */
export type NotificationReadsEvent =
  | DomainEvent<'NotificationRead', { userId: string; notificationId: string; readAt: string }>
  | DomainEvent<'NotificationsReadUpTo', { userId: string; upTo: string; readAt: string }>;

export type NotificationReadsCommand = { type: 'ReadNotification'; userId: string; notificationId: string } | { type: 'ReadAllNotifications'; userId: string };

export interface NotificationReadsState {
  readonly read: ReadonlySet<string>;
  readonly upTo: string | null;
}

export const notificationReadsDecider: Decider<NotificationReadsCommand, NotificationReadsState, NotificationReadsEvent> = {
  initialState: () => ({ read: new Set(), upTo: null }),
  evolve: (state, event) =>
    event.type === 'NotificationRead' ? { ...state, read: new Set(state.read).add(event.data.notificationId) } : { read: new Set(), upTo: event.data.upTo },
  decide: (command, state, meta: CommandMetadata) => {
    const at = meta.now.toISOString();
    if (command.type === 'ReadNotification') {
      if (state.read.has(command.notificationId)) return [];
      return [{ type: 'NotificationRead', data: { userId: command.userId, notificationId: command.notificationId, readAt: at } }];
    }
    return [{ type: 'NotificationsReadUpTo', data: { userId: command.userId, upTo: at, readAt: at } }];
  },
};

export const notificationReadsStream = (userId: string) => `notification-reads-${userId}`;
