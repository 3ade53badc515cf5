import type { LedgerOutcomeName } from '../../../../contract/audit';

/** The ledger's outcomes as the auditor filters them. */
export const OUTCOME_LABELS: Readonly<Record<LedgerOutcomeName, string>> = {
  started: 'Pago iniciado',
  approved: 'Aprobado',
  rejected: 'Rechazado',
  aborted: 'Anulado por el comprador',
  timeout: 'Tiempo agotado',
  error: 'Error de la pasarela',
  confirmed: 'Reserva confirmada',
  expired: 'Retención vencida',
  cancelled: 'Reserva cancelada',
  refund_due: 'Reembolso pendiente',
  refunded: 'Reembolsado',
};
