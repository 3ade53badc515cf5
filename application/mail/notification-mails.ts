import type { NotificationMailOutbox } from '../notifications/channels';
import type { Mailer } from '../../kernel/ports/mailer';

/**
 * The notification dispatcher's mails go through the outbox like every other mail: one per notification
 * (template `notification`) or one digest per period (template `digest`), keyed by the dispatcher's
 * delivery id, so a dispatch repeated after a crash queues nothing new.
 */
export const outboxNotificationMails = (mailer: Mailer, publicUrl: () => string): NotificationMailOutbox => ({
  async enqueue({ deliveryId, userId, to, kind, notifications }) {
    const link = (path: string | null) => `${publicUrl()}${path ?? '/dashboard'}`;
    if (kind === 'notification' && notifications.length === 1) {
      const [n] = notifications;
      await mailer.send({
        to,
        subjectId: userId,
        template: 'notification',
        idempotencyKey: `notification-${deliveryId}`,
        variables: { title: n.title, body: n.body, link: link(n.link) },
      });
      return;
    }
    await mailer.send({
      to,
      subjectId: userId,
      template: 'digest',
      idempotencyKey: `notification-${deliveryId}`,
      variables: { name: '', count: notifications.length, summary: notifications.map((n) => `${n.title}: ${n.body}`).join(' · ') },
    });
  },
});
