import { token } from '../../kernel/ports/token';
import type { NotificationDispatcher } from './notification-dispatcher';
import type { NotificationPreferencesService } from './notification-preferences-service';
import type { NotificationService } from './notification-service';

/** The notifications module's DI tokens (bound in adapters/composition/notifications.bindings.ts). */
export const NOTIFICATIONS = {
  Notifications: token<NotificationService>('NotificationService'),
  Preferences: token<NotificationPreferencesService>('NotificationPreferencesService'),
  Dispatcher: token<NotificationDispatcher>('NotificationDispatcher'),
} as const;
