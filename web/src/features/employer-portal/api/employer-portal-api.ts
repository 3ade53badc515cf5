import type { EmployerContribution, EmployerQuoteView, EmployerReservationView } from '../../../../../contract/analytics';
import { RESERVATION_STATUSES } from '../../../../../contract/reservations';
import { listQueryToApi, readListQuery, type ListQuery, type Page } from '../../../shared/api/list-query';
import type { ApiPort } from '../../../shared/api/port';
import { dayBoundary, dayOrEmpty } from '../../../shared/kit/day-filters';
import { quotePages } from '../../../shared/kit/quote-list-query';

export type { EmployerContribution, EmployerQuoteView, EmployerReservationView };

/**
 * The employer portal's lists. The server decides the company from the signed-in user's membership: nothing
 * here names it.
 */

// ---- quotes (the query is shared/kit/quote-list-query.ts) ----

export const fetchEmployerQuotes = quotePages<EmployerQuoteView>('/analytics/employer/quotes');

// ---- reservations ----

export const RESERVATION_PAYMENT_STATES = ['none', 'pending', 'confirmed', 'failed', 'refund_due', 'refunded'] as const;
export const RESERVATION_SORTS = ['requestedAt', '-requestedAt', 'amountCLP', '-amountCLP'] as const;
export type ReservationSort = (typeof RESERVATION_SORTS)[number];
export type ReservationFilter = { status: string; project: string; buyer: string; from: string; to: string; payment: string };
export type ReservationListQuery = ListQuery<ReservationFilter, ReservationSort>;

export const parseReservationQuery = (params: URLSearchParams): ReservationListQuery => {
  const q = readListQuery<ReservationFilter, ReservationSort>(
    params,
    { status: RESERVATION_STATUSES, project: 'text', buyer: 'text', from: 'text', to: 'text', payment: RESERVATION_PAYMENT_STATES },
    RESERVATION_SORTS,
  );
  return { ...q, filter: { ...q.filter, from: dayOrEmpty(q.filter.from), to: dayOrEmpty(q.filter.to) } };
};

const reservationFilterToApi = (f: ReservationFilter) => ({
  status: f.status || undefined,
  project: f.project || undefined,
  buyer: f.buyer || undefined,
  payment: f.payment || undefined,
  from: dayBoundary(f.from, 'start'),
  to: dayBoundary(f.to, 'end'),
});

export const fetchEmployerReservations = async (api: ApiPort, q: ReservationListQuery): Promise<Page<EmployerReservationView>> =>
  (
    await api.request<Page<EmployerReservationView>>({
      method: 'GET',
      path: '/analytics/employer/reservations',
      query: { ...listQueryToApi(q), ...reservationFilterToApi(q.filter) },
    })
  ).data;

/** The contribution committed and paid over the reservations the same filter selects. */
export const fetchEmployerContribution = async (api: ApiPort, filter: ReservationFilter): Promise<EmployerContribution> =>
  (await api.request<EmployerContribution>({ method: 'GET', path: '/analytics/employer/contribution', query: reservationFilterToApi(filter) })).data;
