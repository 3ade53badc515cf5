import type { HttpDeps } from '../deps';
import { route, type RouteDef } from '../route';
import { reservationDeskEndpoints } from '../../../contract/endpoints/reservation-desk';
import { eventPosition, pathId } from './route-helpers';

/** Staff's actions on a reservation from the back office: each recorded with who did it and why (its Historial). */
export const reservationDeskRoutes = (deps: HttpDeps): RouteDef<any, any>[] => [
  route(reservationDeskEndpoints.postBackofficeReservationsByIdCancel, {
    summary:
      'Cancel a reservation under way, paid or confirmed, with a reason (the bank refused the credit, the buyer withdrew): the unit is released; a payment taken stays owed until refunded',
    tag: 'audit',
    access: 'reservations:cancel',
    responses: { 404: 'NOT_FOUND', 409: 'RESERVATION_NOT_CANCELLABLE (expired, released, rejected or cancelled already)' },
    handler: async ({ params, body, res, meta }) => {
      const { position, ...answer } = await deps.reservationDesk.cancel(pathId(params), body.reason, meta);
      eventPosition(res, position);
      return answer;
    },
  }),
  route(reservationDeskEndpoints.postBackofficeReservationsByIdExtendHold, {
    summary: "Give the buyer more time to pay an unpaid hold: minutes added to the hold's end (or to now, once past), with a reason",
    tag: 'audit',
    access: 'reservations:extend-hold',
    responses: { 404: 'NOT_FOUND', 409: 'HOLD_NOT_EXTENDABLE (no unpaid hold)' },
    handler: async ({ params, body, res, meta }) => {
      const { position, ...answer } = await deps.reservationDesk.extendHold(pathId(params), body.minutes, body.reason, meta);
      eventPosition(res, position);
      return answer;
    },
  }),
  route(reservationDeskEndpoints.postBackofficeReservationsByIdRefund, {
    summary: "Refund the reservation's payment through the payment gateway, with a reason: only while a refund is owed (paid, then cancelled or expired), once",
    tag: 'audit',
    access: 'payments:refund',
    responses: { 404: 'NOT_FOUND', 409: 'REFUND_NOT_DUE', 502: 'REFUND_FAILED (the gateway refused or did not answer)' },
    handler: async ({ params, body, res, meta }) => {
      const { position, ...answer } = await deps.reservationDesk.refund(pathId(params), body.reason, meta);
      eventPosition(res, position);
      return answer;
    },
  }),
];
