import { ACCOUNTS } from '../../application/accounts/accounts.tokens';
import { outboxNotificationMails } from '../../application/mail/notification-mails';
import { NotificationDispatcher } from '../../application/notifications/notification-dispatcher';
import { NotificationPreferencesService } from '../../application/notifications/notification-preferences-service';
import { NotificationService } from '../../application/notifications/notification-service';
import { NOTIFICATIONS } from '../../application/notifications/notifications.tokens';
import { parseEmail } from '../../domain/shared/email';
import { resolve } from '../../kernel/ports/token';
import { TOKENS } from '../../kernel/ports/tokens';
import type { ModuleBindings } from './module-bindings';
import { PLATFORM } from './platform.tokens';

/** Notifications: the notification centre, preferences and Web Push subscriptions, and the dispatcher to mail, SMS and push. */
export const notificationsBindings: ModuleBindings = {
  name: 'notifications',
  bind(bind, config, log) {
    bind(NOTIFICATIONS.Notifications)
      .toDynamicValue((ctx) => new NotificationService(resolve(ctx, TOKENS.EventStore)))
      .inSingletonScope();
    bind(NOTIFICATIONS.Preferences)
      .toDynamicValue((ctx) => new NotificationPreferencesService(resolve(ctx, TOKENS.EventStore), resolve(ctx, PLATFORM.Push)))
      .inSingletonScope();
    bind(NOTIFICATIONS.Dispatcher)
      .toDynamicValue((ctx) => {
        const accounts = resolve(ctx, ACCOUNTS.Accounts);
        return new NotificationDispatcher({
          events: resolve(ctx, TOKENS.EventStore),
          readStore: resolve(ctx, TOKENS.ReadStore),
          preferences: resolve(ctx, NOTIFICATIONS.Preferences),
          clock: resolve(ctx, TOKENS.Clock),
          push: resolve(ctx, PLATFORM.Push),
          sms: resolve(ctx, PLATFORM.Sms),
          mail: outboxNotificationMails(resolve(ctx, TOKENS.Mailer), () => config.publicUrl),
          deliveryWindow: async () => resolve(ctx, PLATFORM.Mail).settings.delivery(),
          contactOf: async (userId) => {
            const principal = await accounts.loadPrincipal(userId);
            if (!principal) return null;
            return { email: parseEmail(principal.user.email), phone: principal.user.profile.phone || null };
          },
          log,
        });
      })
      .inSingletonScope();
  },
  /**
   * One dispatcher per platform: distributed, the process that runs the relay (exactly one per event store), so two
   * API instances never send the same notification at once. Off when NOTIFICATIONS_DISPATCH_SECONDS is 0 (tests run it).
   */
  start(container, config) {
    const seconds = config.mode === 'distributed' && config.distributed?.runRelay === false ? 0 : (config.notifications?.dispatchSeconds ?? 0);
    const job = seconds > 0 ? resolve(container, NOTIFICATIONS.Dispatcher).start(seconds * 1000) : null;
    return { stop: async () => void (await job?.stop()) };
  },
};
