import type {
  MyNotifications,
  NotificationItem,
  NotificationPreferences,
  NotificationPreferencesView,
  PushSubscriptionBody,
} from '../../../../../contract/notifications';
import type { ApiPort } from '../../../shared/api/port';

export type NotificationFilter = { priority?: NotificationItem['priority']; category?: NotificationItem['category']; read?: 'true' | 'false' };

export const fetchPreferences = async (api: ApiPort) =>
  (await api.request<NotificationPreferencesView>({ method: 'GET', path: '/notifications/preferences' })).data;

export const savePreferences = async (api: ApiPort, preferences: NotificationPreferences) =>
  (await api.request<NotificationPreferencesView>({ method: 'PUT', path: '/notifications/preferences', body: preferences })).data;

export const fetchPushKey = async (api: ApiPort) =>
  (await api.request<{ publicKey: string }>({ method: 'GET', path: '/notifications/push-subscription' })).data.publicKey;

export const registerPushSubscription = async (api: ApiPort, subscription: PushSubscriptionBody) => {
  await api.request({ method: 'POST', path: '/notifications/push-subscription', body: subscription });
};

export const forgetPushSubscription = async (api: ApiPort, endpoint: string) => {
  await api.request({ method: 'DELETE', path: '/notifications/push-subscription', body: { endpoint } });
};

export const fetchMyNotifications = async (api: ApiPort, filter: NotificationFilter = {}) =>
  (await api.request<MyNotifications>({ method: 'GET', path: '/notifications/mine', query: filter })).data;

export const markAllRead = async (api: ApiPort) => {
  await api.request({ method: 'POST', path: '/notifications/read-all', body: {} });
};

export const markRead = async (api: ApiPort, id: string) => {
  await api.request({ method: 'POST', path: `/notifications/${encodeURIComponent(id)}/read`, body: {} });
};

export const PRIORITY_LABEL: Record<NotificationItem['priority'], string> = { urgent: 'Urgente', high: 'Alta', medium: 'Media', low: 'Baja' };
export const CATEGORY_LABEL: Record<NotificationItem['category'], string> = {
  system: 'Sistema',
  projects: 'Proyectos',
  campaigns: 'Campañas',
  security: 'Seguridad',
};
