import { endpoint } from '../endpoint';
import { allNotificationsReadResponse, myNotificationsResponse, notificationCenterQuery, notificationReadResponse } from '../notifications';

/** The endpoints served by adapters/http/routes/notifications.routes.ts. */
export const notificationsEndpoints = {
  getNotificationsMine: endpoint({ method: 'get', path: '/notifications/mine', query: notificationCenterQuery, response: myNotificationsResponse }),
  postNotificationsByIdRead: endpoint({ method: 'post', path: '/notifications/:id/read', response: notificationReadResponse }),
  postNotificationsReadAll: endpoint({ method: 'post', path: '/notifications/read-all', response: allNotificationsReadResponse }),
};
