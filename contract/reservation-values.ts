/**
 * A reservation's states as the screens name and group them, without zod: the app's first chunk reads them (the
 * reservation saga, the status labels), and it must not carry the schema library (tests/e2e/web-assets.e2e.test.ts).
 */
import type { ReservationStatus } from '../domain/reservations/reservation';

export { RESERVATION_STATUSES, type ReservationStatus } from '../domain/reservations/reservation';

/** Spanish names of a reservation's states, the same for the buyer and the back office. */
export const RESERVATION_STATUS_LABELS: Readonly<Record<ReservationStatus, string>> = {
  requested: 'Solicitada',
  held: 'Unidad retenida',
  rejected: 'Rechazada',
  payment_started: 'Pago pendiente',
  payment_confirmed: 'Pago aprobado',
  payment_failed: 'Pago rechazado',
  confirmed: 'Confirmada',
  released: 'Liberada',
  expired: 'Vencida',
  cancelled: 'Cancelada',
};
export const PAYMENT_FAILURES = ['rejected', 'aborted', 'timeout', 'error'] as const;
export type PaymentFailure = (typeof PAYMENT_FAILURES)[number];

/** Where a reservation can end: the result page stops waiting for the read model there. */
export const FINAL_RESERVATION_STATUSES: readonly ReservationStatus[] = ['confirmed', 'released', 'expired', 'cancelled', 'rejected'];
/** Unpaid holds: the buyer may still pay, or cancel. */
export const OPEN_RESERVATION_STATUSES: readonly ReservationStatus[] = ['requested', 'held', 'payment_started'];
