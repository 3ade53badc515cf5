import type { ReservationStatus } from '../../../../contract/reservations';

/** The names of a reservation's and a quote's states, as the back office and the employer portal show them. */
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

export const PAYMENT_STATE_LABELS: Readonly<Record<string, string>> = {
  none: 'Sin pago',
  pending: 'Pago pendiente',
  confirmed: 'Pagado',
  failed: 'Pago fallido',
  refund_due: 'Reembolso pendiente',
  refunded: 'Reembolsado',
};

/** What a reservation's payment stands at, as one label: refunds first, then the gateway's outcome. */
export const paymentState = (r: { paymentOutcome: string | null; refunded: boolean; refundDue: boolean }): string =>
  r.refunded ? 'refunded' : r.refundDue ? 'refund_due' : (r.paymentOutcome ?? 'none');

export const QUOTE_STATUS_LABELS: Readonly<Record<string, string>> = { valid: 'Vigente', expired: 'Vencida' };
