import { endpoint } from '../endpoint';
import {
  backofficeQuotesQuery,
  backofficeQuotesResponse,
  backofficeReservation,
  backofficeReservationsQuery,
  backofficeReservationsResponse,
  historyResponse,
  paymentsLedgerQuery,
  paymentsLedgerResponse,
  refundBody,
  refundRecordedResponse,
} from '../audit';

/** The endpoints served by adapters/http/routes/audit.routes.ts. */
export const auditEndpoints = {
  getHistoryByEntityById: endpoint({ method: 'get', path: '/history/:entity/:id', response: historyResponse }),
  getAuditPayments: endpoint({ method: 'get', path: '/audit/payments', query: paymentsLedgerQuery, response: paymentsLedgerResponse }),
  postReservationsByIdRefund: endpoint({ method: 'post', path: '/reservations/:id/refund', body: refundBody, response: refundRecordedResponse }),
  getBackofficeReservations: endpoint({
    method: 'get',
    path: '/backoffice/reservations',
    query: backofficeReservationsQuery,
    response: backofficeReservationsResponse,
  }),
  getBackofficeReservationsById: endpoint({ method: 'get', path: '/backoffice/reservations/:id', response: backofficeReservation }),
  getBackofficeQuotes: endpoint({ method: 'get', path: '/backoffice/quotes', query: backofficeQuotesQuery, response: backofficeQuotesResponse }),
};
