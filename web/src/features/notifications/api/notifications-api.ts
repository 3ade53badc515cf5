import type { NotificationItem, NotificationPreferences, PushSubscriptionBody } from '../../../../../contract/notifications';
import { notificationPreferencesEndpoints } from '../../../../../contract/endpoints/notification-preferences';
import { notificationsEndpoints } from '../../../../../contract/endpoints/notifications';
import { callEndpoint } from '../../../shared/api/endpoints';
import type { ApiPort } from '../../../shared/api/port';
import { platformApi, read, write } from '../../../shared/api/platform-api';

export type NotificationFilter = { priority?: NotificationItem['priority']; category?: NotificationItem['category']; read?: 'true' | 'false' };

const preferences = notificationPreferencesEndpoints;

export const fetchPreferences = async (api: ApiPort) => (await callEndpoint(api, preferences.getNotificationsPreferences, {})).data;

export const savePreferences = async (api: ApiPort, chosen: NotificationPreferences) =>
  (await callEndpoint(api, preferences.putNotificationsPreferences, { body: chosen })).data;

export const fetchPushKey = async (api: ApiPort) => (await callEndpoint(api, preferences.getNotificationsPushSubscription, {})).data.publicKey;

export const registerPushSubscription = async (api: ApiPort, subscription: PushSubscriptionBody) => {
  await callEndpoint(api, preferences.postNotificationsPushSubscription, { body: subscription });
};

export const forgetPushSubscription = async (api: ApiPort, endpoint: string) => {
  await callEndpoint(api, preferences.deleteNotificationsPushSubscription, { body: { endpoint } });
};

/** The bell's poll: the list, or a 304 (an ApiError) when nothing changed since `etag`. */
export const pollMyNotifications = (api: ApiPort, etag: string | null) =>
  callEndpoint(api, notificationsEndpoints.getNotificationsMine, {}, { headers: etag ? { 'If-None-Match': etag } : {} });

export const markReadNow = (api: ApiPort, id: string) => callEndpoint(api, notificationsEndpoints.postNotificationsByIdRead, { params: { id } });

export const markAllReadNow = (api: ApiPort) => callEndpoint(api, notificationsEndpoints.postNotificationsReadAll, {});

/** The notification center: the list under the URL's filter; marking one or all read asks for it again. */
export const notificationsApi = platformApi.enhanceEndpoints({ addTagTypes: ['MyNotifications'] }).injectEndpoints({
  endpoints: (build) => ({
    myNotifications: read(build, notificationsEndpoints.getNotificationsMine, { provides: ['MyNotifications'] }),
    markRead: write(build, notificationsEndpoints.postNotificationsByIdRead, { invalidates: ['MyNotifications'] }),
    markAllRead: write(build, notificationsEndpoints.postNotificationsReadAll, { invalidates: ['MyNotifications'] }),
    notificationPreferences: read(build, preferences.getNotificationsPreferences),
  }),
});

export const { useMyNotificationsQuery, useMarkReadMutation, useMarkAllReadMutation, useNotificationPreferencesQuery } = notificationsApi;

export const PRIORITY_LABEL: Record<NotificationItem['priority'], string> = { urgent: 'Urgente', high: 'Alta', medium: 'Media', low: 'Baja' };
export const CATEGORY_LABEL: Record<NotificationItem['category'], string> = {
  system: 'Sistema',
  projects: 'Proyectos',
  campaigns: 'Campañas',
  security: 'Seguridad',
};
