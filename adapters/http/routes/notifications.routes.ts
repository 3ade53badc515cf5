import { myNotifications, ownsNotification } from '../../../read-models/notifications/notifications.projection';
import type { HttpDeps } from '../deps';
import { ApiError } from '../errors';
import { route, type RouteDef } from '../route';
import { notificationsEndpoints } from '../../../contract/endpoints/notifications';
import { eventPosition } from './route-helpers';

/** The notification center of every signed-in person: polled with an ETag, answered 304 while nothing changed. */
export const notificationsRoutes = (deps: HttpDeps): RouteDef<any, any>[] => [
  route(notificationsEndpoints.getNotificationsMine, {
    summary:
      'My notifications, newest first, with the unread count (priority, category and read narrow the items); send the ETag back as If-None-Match to poll (304 while unchanged)',
    tag: 'notifications',
    access: 'authenticated',
    responses: { 304: 'Nothing new since the ETag sent' },
    handler: async ({ auth, res, query }) => {
      const filter = {
        ...(query.priority ? { priority: query.priority } : {}),
        ...(query.category ? { category: query.category } : {}),
        ...(query.read ? { read: query.read === 'true' } : {}),
      };
      const mine = await myNotifications(deps.readStore, auth!.principal.user.userId, 50, filter);
      const filtered = Object.entries(filter)
        .map(([k, v]) => `${k}=${String(v)}`)
        .join('&');
      const tag = `W/"n-${mine.items.length}-${mine.unread}-${mine.items[0]?.id ?? ''}-${mine.items.filter((i) => i.read).length}-${filtered}"`;
      res.setHeader('ETag', tag);
      // This ETag covers the whole answer (count, unread, newest), so a 304 is safe here, unlike elsewhere in the API.
      if (res.locals.ifNoneMatch === tag) {
        res.status(304).end();
        return undefined;
      }
      return mine;
    },
  }),
  route(notificationsEndpoints.postNotificationsByIdRead, {
    summary: 'Mark one of my notifications read',
    tag: 'notifications',
    access: 'authenticated',
    responses: { 404: 'NOT_FOUND (or someone else’s notification)' },
    handler: async ({ params, auth, res, meta }) => {
      const userId = auth!.principal.user.userId;
      // A notification's id is the event it came from (`<stream>@<revision>`, `~<collaborator>` when one event told several people).
      const id = params.id;
      if (!/^[A-Za-z0-9._-]{1,160}@\d{1,12}(~[A-Za-z0-9-]{1,64})?$/.test(id)) throw new ApiError('NOT_FOUND');
      if (!(await ownsNotification(deps.readStore, userId, id))) throw new ApiError('NOT_FOUND');
      const result = await deps.notifications.read(userId, id, meta);
      eventPosition(res, result.position);
      return { id, read: true };
    },
  }),
  route(notificationsEndpoints.postNotificationsReadAll, {
    summary: 'Mark all my notifications read',
    tag: 'notifications',
    access: 'authenticated',
    handler: async ({ auth, res, meta }) => {
      const result = await deps.notifications.readAll(auth!.principal.user.userId, meta);
      eventPosition(res, result.position);
      return { read: true };
    },
  }),
];
