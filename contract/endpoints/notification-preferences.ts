import { endpoint } from '../endpoint';
import {
  notificationPreferencesBody,
  notificationPreferencesResponse,
  pushKeyResponse,
  pushSubscriptionBody,
  pushSubscriptionResponse,
  pushUnsubscribeBody,
} from '../notifications';

/** The endpoints served by adapters/http/routes/notification-preferences.routes.ts. */
export const notificationPreferencesEndpoints = {
  getNotificationsPreferences: endpoint({ method: 'get', path: '/notifications/preferences', response: notificationPreferencesResponse }),
  putNotificationsPreferences: endpoint({
    method: 'put',
    path: '/notifications/preferences',
    body: notificationPreferencesBody,
    response: notificationPreferencesResponse,
  }),
  getNotificationsPushSubscription: endpoint({ method: 'get', path: '/notifications/push-subscription', response: pushKeyResponse }),
  postNotificationsPushSubscription: endpoint({
    method: 'post',
    path: '/notifications/push-subscription',
    body: pushSubscriptionBody,
    response: pushSubscriptionResponse,
  }),
  deleteNotificationsPushSubscription: endpoint({
    method: 'delete',
    path: '/notifications/push-subscription',
    body: pushUnsubscribeBody,
    response: pushSubscriptionResponse,
  }),
};
