import type { ApiPort } from '../../../shared/api/port';
import type { Reservation, ReservationCancelled, ReservationStarted, ReservationTerms } from '../../../../../contract/reservations';

/** POST /reservations, GET /reservations/mine, GET /reservations/:id, POST /reservations/:id/cancel: shapes from contract/reservations.ts. */
const id = (value: string) => encodeURIComponent(value);

export const receiptUrl = (reservationId: string): string => `/api/v1/reservations/${id(reservationId)}/receipt`;

export const reserveUnit = async (api: ApiPort, unitId: string): Promise<ReservationStarted> =>
  (await api.request<ReservationStarted>({ method: 'POST', path: '/reservations', body: { unitId }, sessionRequired: true })).data;

export const fetchMyReservations = async (api: ApiPort): Promise<readonly Reservation[]> =>
  (await api.request<{ items: Reservation[] }>({ method: 'GET', path: '/reservations/mine' })).data.items;

export const fetchReservation = async (api: ApiPort, reservationId: string): Promise<Reservation> =>
  (await api.request<Reservation>({ method: 'GET', path: `/reservations/${id(reservationId)}` })).data;

export const cancelReservation = async (api: ApiPort, reservationId: string): Promise<ReservationCancelled> =>
  (await api.request<ReservationCancelled>({ method: 'POST', path: `/reservations/${id(reservationId)}/cancel`, body: {} })).data;

/** GET /reservations/terms: the summary the buyer confirms before paying. */
export const fetchReservationTerms = async (api: ApiPort, unitId: string, pricing: 'normal' | 'bonus'): Promise<ReservationTerms> =>
  (await api.request<ReservationTerms>({ method: 'GET', path: '/reservations/terms', query: { unitId, pricing }, sessionRequired: true })).data;
