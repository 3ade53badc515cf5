import type { PushSubscriptionKeys } from '../../domain/notifications/notification-preferences';

/** What a notification says outside the app (push, SMS, and the mail the integrator's outbox will send). */
export interface OutgoingNotification {
  readonly id: string;
  readonly title: string;
  readonly body: string;
  readonly priority: string;
  readonly category: string;
  readonly link: string | null;
  readonly createdAt: string;
}

export interface PushTarget {
  readonly endpoint: string;
  readonly keys: PushSubscriptionKeys;
}

/**
 * Web Push: 'gone' when the browser's subscription no longer exists (404/410) or its endpoint is not one this
 * platform sends to, so it is forgotten.
 */
export interface PushSender {
  /** The VAPID public key browsers subscribe with. */
  readonly publicKey: string;
  /** Whether a subscription's endpoint is a push service this platform sends to (checked before storing it). */
  accepts(endpoint: string): Promise<boolean>;
  send(target: PushTarget, payload: { title: string; body: string; link: string | null; tag: string }): Promise<'sent' | 'gone'>;
}

/** SMS to a Chilean phone (E.164). */
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

/**
 * Where the dispatcher hands every notification mail it decides on (one per notification when the frequency
 * is immediate, one digest per period otherwise): the durable mail outbox (application/mail/notification-mails.ts),
 * idempotent on `deliveryId` (the dispatcher may call again after a crash before its own record).
 */
export interface NotificationMailOutbox {
  enqueue(mail: {
    deliveryId: string;
    userId: string;
    to: string;
    kind: 'notification' | 'digest';
    notifications: readonly OutgoingNotification[];
  }): Promise<void>;
}
