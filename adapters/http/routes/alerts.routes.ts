import { listMyAlerts } from '../../../read-models/alerts/alerts.projection';
import type { HttpDeps } from '../deps';
import { route, type RouteDef } from '../route';
import { alertsEndpoints } from '../../../contract/endpoints/alerts';
import { buyer, eventPosition, pathId } from './route-helpers';

/** Availability alerts: "avisarme si se libera", the answer to UNIT_ALREADY_RESERVED's "Configurar alertas". */
export const alertsRoutes = (deps: HttpDeps): RouteDef<any, any>[] => [
  route(alertsEndpoints.getAlertsMine, {
    summary: 'My availability alerts, newest first: waiting (active) or already answered (notified)',
    tag: 'alerts',
    access: 'alerts:manage',
    responses: {
      200: '{ items: [{ id, projectId, projectName, unitId, unitNumber, status, createdAt, notifiedAt, notifiedUnitId, notifiedUnitNumber }], total }',
    },
    handler: async ({ auth }) => listMyAlerts(deps.readStore, buyer(auth).userId),
  }),
  route(alertsEndpoints.postAlerts, {
    summary: 'Be mailed once when this unit (or, without unitId, any unit of the project) is free to reserve; setting it again answers the same alert',
    tag: 'alerts',
    access: 'alerts:manage',
    responses: {
      201: '{ id, projectId, projectName, unitId, unitNumber, status, createdAt }',
      404: 'NOT_FOUND: no such visible project, or the unit is not one of its units',
      422: 'BUSINESS_RULE_VIOLATION: the unit is available now / PROPERTY_NOT_AVAILABLE: the unit is sold',
    },
    handler: async ({ body, auth, res, meta }) => {
      const result = await deps.alerts.set(buyer(auth), body, meta);
      eventPosition(res, result.position);
      res.status(201);
      return result.alert;
    },
  }),
  route(alertsEndpoints.deleteAlertsById, {
    summary: 'Remove one of my alerts (waiting or answered)',
    tag: 'alerts',
    access: 'alerts:manage',
    responses: { 200: '{ id, removed: true }', 404: 'NOT_FOUND' },
    handler: async ({ params, auth, res, meta }) => {
      const alertId = pathId(params);
      const result = await deps.alerts.remove(buyer(auth), alertId, meta);
      eventPosition(res, result.position);
      return { id: alertId, removed: true };
    },
  }),
];
