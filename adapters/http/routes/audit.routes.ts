import type { HistoryViewer } from '../../../application/audit/entity-history';
import { HISTORY_ENTITIES, type HistoryEntityName } from '../../../contract/audit';
import { hasPermission } from '../../../domain/access/permissions';
import { listBackofficeQuotes } from '../../../read-models/quotes/backoffice-quotes.queries';
import { getBackofficeReservation, listBackofficeReservations } from '../../../read-models/reservations/backoffice-reservations.queries';
import type { HttpDeps } from '../deps';
import { ApiError } from '../errors';
import { route, type AuthContext, type RouteDef } from '../route';
import { auditEndpoints } from '../../../contract/endpoints/audit';
import { eventPosition, pathId } from './route-helpers';

const isEntity = (value: string | undefined): value is HistoryEntityName => (HISTORY_ENTITIES as readonly string[]).includes(value ?? '');

/**
 * The auditors' part of issue 11: any entity's history read from its events, the payments ledger, the
 * staff's refund record, and the back office's commercial lists (quotes, reservations). Auditors only read.
 */
export const auditRoutes = (deps: HttpDeps): RouteDef<any, any>[] => {
  const viewer = async (auth: AuthContext | null): Promise<HistoryViewer> =>
    hasPermission(auth!.principal.roles, 'audit:read')
      ? { all: true }
      : { all: false, companyId: await deps.memberships.companyOf(auth!.principal.user.userId) };
  return [
    route(auditEndpoints.getHistoryByEntityById, {
      summary:
        "An entity's history (project, unit, reservation, campaign, lead, user, company): its events newest first, each with its Spanish label, actor (null: the system), reason and before/after; a company user only its own company's projects and units",
      tag: 'audit',
      access: 'history:read',
      responses: { 404: 'NOT_FOUND (no such entity, or not the company user’s)' },
      handler: async ({ params, auth }) => {
        if (!isEntity(params.entity)) throw new ApiError('NOT_FOUND');
        return deps.audit.history.read(params.entity, pathId(params), await viewer(auth));
      },
    }),
    route(auditEndpoints.getAuditPayments, {
      summary:
        'The payments ledger: every payment step of every reservation (started, gateway answers with their codes, confirmation, expiry, cancellation, refund due, refunded), newest first; filters reservationId, buyer, project, from/to, outcome',
      tag: 'audit',
      access: 'audit:read',
      handler: async ({ query }) => deps.audit.payments.ledger(query),
    }),
    route(auditEndpoints.postReservationsByIdRefund, {
      summary: "Record a refund staff made with the gateway (spec §9: a paid reservation whose unit was not confirmed), with the gateway's reference; once",
      tag: 'audit',
      access: 'payments:refund',
      responses: { 404: 'NOT_FOUND', 409: 'REFUND_NOT_DUE (not paid, confirmed, or refunded already)' },
      handler: async ({ params, body, res, meta }) => {
        const { position, ...answer } = await deps.audit.payments.recordRefund(pathId(params), body, meta);
        eventPosition(res, position);
        return answer;
      },
    }),
    route(auditEndpoints.getBackofficeReservations, {
      summary: "Every buyer's reservations: filters status, project, buyer, from/to (requested), hold expiry range, payment state; sort and pages",
      tag: 'audit',
      access: 'commercial:read',
      handler: async ({ query }) => listBackofficeReservations(deps.readStore, query),
    }),
    route(auditEndpoints.getBackofficeReservationsById, {
      summary: 'One reservation as the back office sees it (any buyer’s)',
      tag: 'audit',
      access: 'commercial:read',
      responses: { 404: 'NOT_FOUND' },
      handler: async ({ params }) => {
        const reservation = await getBackofficeReservation(deps.readStore, pathId(params));
        if (!reservation) throw new ApiError('NOT_FOUND');
        return reservation;
      },
    }),
    route(auditEndpoints.getBackofficeQuotes, {
      summary: "Every buyer's quotes: filters status (valid, expired), project, buyer, from/to (issued); sort and pages",
      tag: 'audit',
      access: 'commercial:read',
      handler: async ({ query, meta }) => listBackofficeQuotes(deps.readStore, query, meta.now),
    }),
  ];
};
