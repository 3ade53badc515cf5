import { RESERVATION_STATUSES } from '../../../../contract/reservations';
import { listQueryToApi, readListQuery, type ListQuery, type Page } from '../api/list-query';
import type { ApiPort } from '../api/port';
import { dayBoundary, dayOrEmpty } from './day-filters';

/**
 * A company portal's reservations list (the employer's collaborators', the real-estate company's projects'): the
 * back office's query contract, read from the URL and sent the same way whichever list shows it.
 */
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

/** The value when it is one of `values` (the URL's were checked against them), else nothing. */
const oneOf = <V extends string>(values: readonly V[], value: string): V | undefined => values.find((v) => v === value);

export const reservationFilterToApi = (f: ReservationFilter) => ({
  status: oneOf(RESERVATION_STATUSES, f.status),
  project: f.project || undefined,
  buyer: f.buyer || undefined,
  payment: oneOf(RESERVATION_PAYMENT_STATES, f.payment),
  from: dayBoundary(f.from, 'start'),
  to: dayBoundary(f.to, 'end'),
});

/** How one page of the reservations at `path` is fetched. */
export const reservationPages =
  <T>(path: string) =>
  async (api: ApiPort, q: ReservationListQuery): Promise<Page<T>> =>
    (await api.request<Page<T>>({ method: 'GET', path, query: { ...listQueryToApi(q), ...reservationFilterToApi(q.filter) } })).data;
