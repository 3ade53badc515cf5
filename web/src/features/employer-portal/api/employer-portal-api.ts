import type { EmployerContribution, EmployerQuoteView, EmployerReservationView } from '../../../../../contract/analytics';
import type { ApiPort } from '../../../shared/api/port';
import { quotePages } from '../../../shared/kit/quote-list-query';
import { reservationFilterToApi, reservationPages, type ReservationFilter } from '../../../shared/kit/reservation-list-query';

export type { EmployerContribution, EmployerQuoteView, EmployerReservationView };

/**
 * The employer portal's lists. The server decides the company from the signed-in user's membership: nothing
 * here names it. The queries are the kit's (shared/kit/quote-list-query.ts, reservation-list-query.ts).
 */
export const fetchEmployerQuotes = quotePages<EmployerQuoteView>('/analytics/employer/quotes');

export const fetchEmployerReservations = reservationPages<EmployerReservationView>('/analytics/employer/reservations');

/** The contribution committed and paid over the reservations the same filter selects. */
export const fetchEmployerContribution = async (api: ApiPort, filter: ReservationFilter): Promise<EmployerContribution> =>
  (await api.request<EmployerContribution>({ method: 'GET', path: '/analytics/employer/contribution', query: reservationFilterToApi(filter) })).data;
