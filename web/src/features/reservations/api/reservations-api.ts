import type { ApiPort } from '../../../shared/api/port';

/** POST /reservations, GET /reservations/mine, GET /reservations/:id, POST /reservations/:id/cancel. */
export type ReservationStatus =
  | 'requested'
  | 'held'
  | 'rejected'
  | 'payment_started'
  | 'payment_confirmed'
  | 'payment_failed'
  | 'confirmed'
  | 'released'
  | 'expired'
  | 'cancelled';

export type PaymentFailure = 'rejected' | 'aborted' | 'timeout' | 'error';

export interface GatewayPayment {
  readonly gateway: string;
  readonly url: string;
  readonly token: string;
}

export interface ReservationStarted {
  readonly reservationId: string;
  readonly status: ReservationStatus;
  readonly holdExpiresAt: string | null;
  readonly amountCLP: number;
  readonly payment: GatewayPayment;
}

export interface Reservation {
  readonly id: string;
  readonly unitId: string;
  readonly projectId: string;
  readonly projectName: string;
  readonly unitNumber: string;
  readonly amountCLP: number;
  readonly status: ReservationStatus;
  readonly requestedAt: string;
  readonly updatedAt: string;
  readonly holdExpiresAt: string | null;
  readonly confirmedAt?: string;
  /** Why the unit could not be held (an error code of the catalogue). */
  readonly rejection?: string | null;
  readonly paymentOutcome: 'pending' | 'confirmed' | 'failed' | null;
  readonly refunded: boolean;
  readonly payment: {
    readonly gateway: string;
    readonly url: string;
    readonly token: string;
    readonly buyOrder?: string;
    readonly failure?: PaymentFailure | null;
    readonly cardLast4?: string | null;
    readonly authorizationCode?: string | null;
    readonly transactionDate?: string | null;
  } | null;
}

/** Where a reservation can end: the result page stops waiting for the read model there. */
export const FINAL_STATUSES: readonly ReservationStatus[] = ['confirmed', 'released', 'expired', 'cancelled', 'rejected'];

/** Unpaid holds: the buyer may still pay, or cancel. */
export const OPEN_STATUSES: readonly ReservationStatus[] = ['requested', 'held', 'payment_started'];

const id = (value: string) => encodeURIComponent(value);

export const receiptUrl = (reservationId: string): string => `/api/v1/reservations/${id(reservationId)}/receipt`;

export const reserveUnit = async (api: ApiPort, unitId: string): Promise<ReservationStarted> =>
  (await api.request<ReservationStarted>({ method: 'POST', path: '/reservations', body: { unitId }, sessionRequired: true })).data;

export const fetchMyReservations = async (api: ApiPort): Promise<readonly Reservation[]> =>
  (await api.request<{ items: Reservation[] }>({ method: 'GET', path: '/reservations/mine' })).data.items;

export const fetchReservation = async (api: ApiPort, reservationId: string): Promise<Reservation> =>
  (await api.request<Reservation>({ method: 'GET', path: `/reservations/${id(reservationId)}` })).data;

export const cancelReservation = async (api: ApiPort, reservationId: string): Promise<{ reservationId: string; status: ReservationStatus }> =>
  (await api.request<{ reservationId: string; status: ReservationStatus }>({ method: 'POST', path: `/reservations/${id(reservationId)}/cancel`, body: {} })).data;
