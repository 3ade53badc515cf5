import { CONTACT_CONSENT_TEXT } from '../../../contract/privacy';
import { favoriteProjectIds, listFavorites } from '../../../read-models/favorites/favorites.projection';
import { parseChileanPhone } from '../../../domain/shared/phone';
import { parseRut } from '../../../domain/shared/rut';
import type { HttpDeps } from '../deps';
import { route, type RouteDef } from '../route';
import { favoritesLeadsEndpoints } from '../../../contract/endpoints/favorites-leads';
import { buyer, eventPosition, pathId } from './route-helpers';

/** Favourites, contact and advisor requests (which become leads; the leads themselves: leads.routes.ts). */
export const favoritesAndLeadsRoutes = (deps: HttpDeps): RouteDef<any, any>[] => [
  route(favoritesLeadsEndpoints.getFavorites, {
    summary: 'My favourite projects, newest first, as catalogue cards',
    tag: 'favorites',
    access: 'favorites:manage',
    handler: async ({ auth, meta }) => {
      const me = buyer(auth);
      const [list, ids] = await Promise.all([listFavorites(deps.readStore, me.userId, meta.now), favoriteProjectIds(deps.readStore, me.userId)]);
      return { ...list, projectIds: ids };
    },
  }),
  route(favoritesLeadsEndpoints.postFavorites, {
    summary: 'Add a project to my favourites (adding it again changes nothing)',
    tag: 'favorites',
    access: 'favorites:manage',
    responses: { 404: 'NOT_FOUND' },
    handler: async ({ body, auth, res, meta }) => {
      const result = await deps.favorites.add(buyer(auth).userId, body.projectId, meta);
      eventPosition(res, result.position);
      return { projectId: body.projectId, favorite: true };
    },
  }),
  route(favoritesLeadsEndpoints.deleteFavoritesById, {
    summary: 'Remove a project from my favourites',
    tag: 'favorites',
    access: 'favorites:manage',
    handler: async ({ params, auth, res, meta }) => {
      const projectId = pathId(params);
      const result = await deps.favorites.remove(buyer(auth).userId, projectId, meta);
      eventPosition(res, result.position);
      return { projectId, favorite: false };
    },
  }),
  route(favoritesLeadsEndpoints.postContactRequests, {
    summary: 'Request contact or schedule with an advisor (spec §5 validation); creates or updates the lead',
    tag: 'leads',
    access: 'public',
    responses: { 201: 'Received' },
    handler: async ({ body, auth, res, meta }) => {
      const userId = auth?.principal.user.userId ?? null;
      const { position } = await deps.leads.record(
        {
          name: body.name,
          dni: body.rut ? parseRut(body.rut) : (auth?.principal.user.rut ?? null),
          email: body.email,
          phone: parseChileanPhone(body.phone),
          company: body.company ?? null,
          monthlyIncome: body.monthlyIncome ?? null,
          userId,
        },
        {
          activityId: `${body.kind}:${meta.correlationId}`,
          kind: body.kind === 'advisor' ? 'advisor_request' : 'contact_request',
          projectId: body.projectId ?? null,
          unitId: body.unitId ?? null,
          message: body.message ?? null,
          preferredContactMethod: body.preferredContactMethod,
          preferredTime: body.preferredTime,
          consentText: CONTACT_CONSENT_TEXT,
        },
        meta,
      );
      eventPosition(res, position);
      res.status(201);
      return { success: true, message: 'Recibimos su solicitud. Un asesor lo contactará dentro de las próximas 24 horas.' };
    },
  }),
];
