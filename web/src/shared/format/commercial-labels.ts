export { RESERVATION_STATUS_LABELS } from '../../../../contract/reservation-values';

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
