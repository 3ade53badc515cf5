import {
  extendHoldBody,
  holdExtendedResponse,
  refundRecordedResponse,
  staffCancelBody,
  staffCancelledResponse,
  staffRefundBody,
} from '../../../contract/audit';
import type { HttpDeps } from '../deps';
import { route, type RouteDef } from '../route';
import { eventPosition, pathId } from './route-helpers';

/** Staff's actions on a reservation from the back office: each recorded with who did it and why (its Historial). */
export const reservationDeskRoutes = (deps: HttpDeps): RouteDef<any, any>[] => [
  route({
    method: 'post',
    path: '/backoffice/reservations/:id/cancel',
    summary:
      'Cancel a reservation under way, paid or confirmed, with a reason (the bank refused the credit, the buyer withdrew): the unit is released; a payment taken stays owed until refunded',
    tag: 'audit',
    access: 'reservations:cancel',
    body: staffCancelBody,
    responses: { 404: 'NOT_FOUND', 409: 'RESERVATION_NOT_CANCELLABLE (expired, released, rejected or cancelled already)' },
    response: staffCancelledResponse,
    handler: async ({ params, body, res, meta }) => {
      const { position, ...answer } = await deps.reservationDesk.cancel(pathId(params), body.reason, meta);
      eventPosition(res, position);
      return answer;
    },
  }),
  route({
    method: 'post',
    path: '/backoffice/reservations/:id/extend-hold',
    summary: "Give the buyer more time to pay an unpaid hold: minutes added to the hold's end (or to now, once past), with a reason",
    tag: 'audit',
    access: 'reservations:extend-hold',
    body: extendHoldBody,
    responses: { 404: 'NOT_FOUND', 409: 'HOLD_NOT_EXTENDABLE (no unpaid hold)' },
    response: holdExtendedResponse,
    handler: async ({ params, body, res, meta }) => {
      const { position, ...answer } = await deps.reservationDesk.extendHold(pathId(params), body.minutes, body.reason, meta);
      eventPosition(res, position);
      return answer;
    },
  }),
  route({
    method: 'post',
    path: '/backoffice/reservations/:id/refund',
    summary: "Refund the reservation's payment through the payment gateway, with a reason: only while a refund is owed (paid, then cancelled or expired), once",
    tag: 'audit',
    access: 'payments:refund',
    body: staffRefundBody,
    responses: { 404: 'NOT_FOUND', 409: 'REFUND_NOT_DUE', 502: 'REFUND_FAILED (the gateway refused or did not answer)' },
    response: refundRecordedResponse,
    handler: async ({ params, body, res, meta }) => {
      const { position, ...answer } = await deps.reservationDesk.refund(pathId(params), body.reason, meta);
      eventPosition(res, position);
      return answer;
    },
  }),
];
