import type { CommandMetadata, Decider, DomainEvent } from '../shared/event';

/**
 * What was sent of a person's notifications outside the in-app center (stream `notification-deliveries-<userId>`):
 * each notification once, at once or in a digest, on the channels the preferences allowed then; a notification
 * of a category the person turned off is recorded as skipped, so it is not looked at again.
 */
export type DeliveryMode = 'immediate' | 'digest' | 'skipped';

export type NotificationDeliveriesEvent = DomainEvent<
  'NotificationsDispatched',
  { userId: string; notificationIds: string[]; mode: DeliveryMode; channels: string[]; dispatchedAt: string }
>;

export type NotificationDeliveriesCommand = {
  type: 'RecordDispatch';
  userId: string;
  notificationIds: readonly string[];
  mode: DeliveryMode;
  channels: readonly string[];
};

export interface NotificationDeliveriesState {
  readonly dispatched: ReadonlySet<string>;
  /** When the last digest went out (the next one waits a whole period from it). */
  readonly lastDigestAt: string | null;
}

export const notificationDeliveriesDecider: Decider<NotificationDeliveriesCommand, NotificationDeliveriesState, NotificationDeliveriesEvent> = {
  initialState: () => ({ dispatched: new Set(), lastDigestAt: null }),
  evolve: (state, event) => {
    const dispatched = new Set(state.dispatched);
    for (const id of event.data.notificationIds) dispatched.add(id);
    return { dispatched, lastDigestAt: event.data.mode === 'digest' ? event.data.dispatchedAt : state.lastDigestAt };
  },
  decide: (command, state, meta: CommandMetadata) => {
    // A notification is dispatched once: a retry after a crash between sending and recording adds nothing.
    const fresh = [...new Set(command.notificationIds)].filter((id) => !state.dispatched.has(id));
    if (fresh.length === 0) return [];
    return [
      {
        type: 'NotificationsDispatched',
        data: { userId: command.userId, notificationIds: fresh, mode: command.mode, channels: [...command.channels], dispatchedAt: meta.now.toISOString() },
      },
    ];
  },
};

export const notificationDeliveriesStream = (userId: string): string => `notification-deliveries-${userId}`;
