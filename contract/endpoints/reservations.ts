import { endpoint } from '../endpoint';
import {
  gatewayReturn,
  myReservationsResponse,
  reservationCancelledResponse,
  reservationResponse,
  reservationStartedResponse,
  reservationTermsQuery,
  reservationTermsResponse,
  reserveBody,
} from '../reservations';
import { emptyBody } from '../common';

/** The endpoints served by adapters/http/routes/reservations.routes.ts. */
export const reservationsEndpoints = {
  getReservationsTerms: endpoint({ method: 'get', path: '/reservations/terms', query: reservationTermsQuery, response: reservationTermsResponse }),
  postReservations: endpoint({ method: 'post', path: '/reservations', body: reserveBody, response: reservationStartedResponse }),
  getReservationsMine: endpoint({ method: 'get', path: '/reservations/mine', response: myReservationsResponse }),
  getReservationsById: endpoint({ method: 'get', path: '/reservations/:id', response: reservationResponse }),
  postReservationsByIdCancel: endpoint({ method: 'post', path: '/reservations/:id/cancel', body: emptyBody, response: reservationCancelledResponse }),
  getReservationsByIdReceipt: endpoint({ method: 'get', path: '/reservations/:id/receipt' }),
  getReservationsByIdPaymentReturn: endpoint({ method: 'get', path: '/reservations/:id/payment/return', query: gatewayReturn }),
  postReservationsByIdPaymentReturn: endpoint({ method: 'post', path: '/reservations/:id/payment/return', body: gatewayReturn }),
};
