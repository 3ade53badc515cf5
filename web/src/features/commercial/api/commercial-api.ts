import type { BackofficeQuoteView, BackofficeReservationView } from '../../../../../contract/audit';
import { RESERVATION_STATUSES } from '../../../../../contract/reservations';
import { listQueryToApi, readListQuery, type ListQuery, type Page } from '../../../shared/api/list-query';
import type { ApiPort } from '../../../shared/api/port';
import { dayBoundary, dayOrEmpty } from '../../../shared/kit/day-filters';
import { quotePages } from '../../../shared/kit/quote-list-query';

export type { BackofficeQuoteView, BackofficeReservationView };

// ---- reservations ----

export const RESERVATION_PAYMENT_STATES = ['none', 'pending', 'confirmed', 'failed', 'refund_due', 'refunded'] as const;
export const RESERVATION_SORTS = ['requestedAt', '-requestedAt', 'holdExpiresAt', '-holdExpiresAt', 'amountCLP', '-amountCLP'] as const;
export type ReservationSort = (typeof RESERVATION_SORTS)[number];
export type ReservationFilter = { status: string; project: string; buyer: string; from: string; to: string; holdFrom: string; holdTo: string; payment: string };
export type ReservationListQuery = ListQuery<ReservationFilter, ReservationSort>;

export const parseReservationQuery = (params: URLSearchParams): ReservationListQuery => {
  const q = readListQuery<ReservationFilter, ReservationSort>(
    params,
    {
      status: RESERVATION_STATUSES,
      project: 'text',
      buyer: 'text',
      from: 'text',
      to: 'text',
      holdFrom: 'text',
      holdTo: 'text',
      payment: RESERVATION_PAYMENT_STATES,
    },
    RESERVATION_SORTS,
  );
  const f = q.filter;
  return { ...q, filter: { ...f, from: dayOrEmpty(f.from), to: dayOrEmpty(f.to), holdFrom: dayOrEmpty(f.holdFrom), holdTo: dayOrEmpty(f.holdTo) } };
};

export const fetchReservations = async (api: ApiPort, q: ReservationListQuery): Promise<Page<BackofficeReservationView>> => {
  const { holdFrom: _hf, holdTo: _ht, ...rest } = listQueryToApi(q);
  return (
    await api.request<Page<BackofficeReservationView>>({
      method: 'GET',
      path: '/backoffice/reservations',
      query: {
        ...rest,
        from: dayBoundary(q.filter.from, 'start'),
        to: dayBoundary(q.filter.to, 'end'),
        holdExpiresFrom: dayBoundary(q.filter.holdFrom, 'start'),
        holdExpiresTo: dayBoundary(q.filter.holdTo, 'end'),
      },
    })
  ).data;
};

export const fetchReservation = async (api: ApiPort, id: string): Promise<BackofficeReservationView> =>
  (await api.request<BackofficeReservationView>({ method: 'GET', path: `/backoffice/reservations/${encodeURIComponent(id)}` })).data;

export const recordRefund = async (api: ApiPort, id: string, body: { gatewayReference: string; reason: string }) =>
  (await api.request<{ reservationId: string; refunded: true }>({ method: 'POST', path: `/reservations/${encodeURIComponent(id)}/refund`, body })).data;

/** Staff's actions on a reservation (POST /backoffice/reservations/:id/...): each answers its event's position. */
const staffAction = async <T>(api: ApiPort, id: string, action: 'cancel' | 'extend-hold' | 'refund', body: Record<string, unknown>) =>
  (await api.request<T>({ method: 'POST', path: `/backoffice/reservations/${encodeURIComponent(id)}/${action}`, body })).data;
export const cancelReservationByStaff = (api: ApiPort, id: string, reason: string) => staffAction<{ status: string }>(api, id, 'cancel', { reason });
export const extendReservationHold = (api: ApiPort, id: string, minutes: number, reason: string) =>
  staffAction<{ holdExpiresAt: string | null }>(api, id, 'extend-hold', { minutes, reason });
export const refundReservation = (api: ApiPort, id: string, reason: string) => staffAction<{ refunded: true }>(api, id, 'refund', { reason });

// ---- quotes (the query is shared/kit/quote-list-query.ts) ----

export const fetchQuotes = quotePages<BackofficeQuoteView>('/backoffice/quotes');
