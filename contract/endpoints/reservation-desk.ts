import { endpoint } from '../endpoint';
import { extendHoldBody, holdExtendedResponse, refundRecordedResponse, staffCancelBody, staffCancelledResponse, staffRefundBody } from '../audit';

/** The endpoints served by adapters/http/routes/reservation-desk.routes.ts. */
export const reservationDeskEndpoints = {
  postBackofficeReservationsByIdCancel: endpoint({
    method: 'post',
    path: '/backoffice/reservations/:id/cancel',
    body: staffCancelBody,
    response: staffCancelledResponse,
  }),
  postBackofficeReservationsByIdExtendHold: endpoint({
    method: 'post',
    path: '/backoffice/reservations/:id/extend-hold',
    body: extendHoldBody,
    response: holdExtendedResponse,
  }),
  postBackofficeReservationsByIdRefund: endpoint({
    method: 'post',
    path: '/backoffice/reservations/:id/refund',
    body: staffRefundBody,
    response: refundRecordedResponse,
  }),
};
