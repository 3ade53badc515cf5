import type { Projection } from '../../kernel/projections/projection';
import { appliedRevision, eventDocId, guardedUpsert, insertOnce } from '../../kernel/projections/guarded-writes';
import type { LedgerOutcomeName } from '../../contract/audit';
import { isRefundOwed, RESERVATION_EVENT_TYPES, reservationStatusAfter } from '../../domain/reservations/reservation';
import type { PaymentOutcomeStatus, ReservationEvent, ReservationStatus } from '../../domain/reservations/reservation';

/** One row per payment step of every reservation: what the auditor's ledger lists. */
export const PAYMENTS_LEDGER = 'payments_ledger';
/** What the ledger needs to know of each reservation to write its rows (amount, gateway, whether a refund became owed). */
export const PAYMENTS_LEDGER_RESERVATIONS = 'payments_ledger_reservations';

/** The ledger's steps are the contract's (`LEDGER_OUTCOMES`, the list's filter and each row's `outcome`). */
export type LedgerOutcome = LedgerOutcomeName;

/** Spanish label of each ledger step (the gateway's answers are told apart here; the history labels whole events). */
export const LEDGER_EVENT_LABELS: Readonly<Record<LedgerOutcome, string>> = {
  started: 'Pago iniciado',
  approved: 'Pasarela: pago aprobado',
  rejected: 'Pasarela: pago rechazado',
  aborted: 'Pasarela: pago anulado por el comprador',
  timeout: 'Pasarela: tiempo de pago agotado',
  error: 'Pasarela: error al confirmar el pago',
  confirmed: 'Reserva confirmada',
  expired: 'Retención vencida',
  cancelled: 'Reserva cancelada',
  refund_due: 'Reembolso pendiente',
  refunded: 'Reembolso registrado',
};

export type LedgerRow = LedgerRowFields & { _id: string; [key: string]: unknown };

export interface LedgerRowFields {
  reservationId: string;
  at: string;
  /** Global position: the ledger's order, newest first. */
  position: number;
  type: string;
  outcome: LedgerOutcome;
  amountCLP: number;
  gateway: string | null;
  gatewayReference: string | null;
  /** The gateway's own codes: status and response code (Webpay: AUTHORIZED / 0, FAILED / -1...). */
  gatewayCode: string | null;
  actorId: string;
  buyerId: string;
  projectId: string;
  projectName: string;
  /** Day of `at` (yyyy-mm-dd, UTC) for the date filters. */
  day: string;
}

interface LedgerReservation {
  _id: string;
  [key: string]: unknown;
  buyerId: string;
  projectId: string;
  projectName: string;
  amountCLP: number;
  status: ReservationStatus;
  gateway: string | null;
  buyOrder: string | null;
  paymentOutcome: PaymentOutcomeStatus | null;
  refunded: boolean;
}

const code = (status: unknown, responseCode: unknown): string | null => {
  const parts = [status, responseCode].filter((p) => p !== null && p !== undefined && p !== '');
  return parts.length ? parts.map(String).join(' / ') : null;
};

/**
 * The auditor's payments ledger (issue 11): every payment attempt of every reservation, from its events:
 * started, the gateway's return (approved, rejected, aborted, timed out, with its codes), confirmation,
 * hold expiry, cancellation, refund due and refunded. Rows are inserted once per event (id = stream@revision),
 * the per-reservation facts are guarded by the stream's revision: a redelivered event changes nothing.
 * No personal data is copied here: names come from the reservations read model when the ledger is read.
 */
export const paymentsLedgerProjection: Projection<ReservationEvent> = {
  name: 'payments-ledger',
  collections: [PAYMENTS_LEDGER, PAYMENTS_LEDGER_RESERVATIONS],
  categories: ['reservation'],
  // Every event of a reservation but the receipt's mail, which is no payment step.
  eventTypes: RESERVATION_EVENT_TYPES.filter((type) => type !== 'ReservationReceiptSent'),
  indexes: [
    { collection: PAYMENTS_LEDGER, keys: { position: -1 } },
    { collection: PAYMENTS_LEDGER, keys: { reservationId: 1, position: -1 } },
    { collection: PAYMENTS_LEDGER, keys: { day: 1, position: -1 } },
  ],
  async apply(recorded, store) {
    const reservations = store.collection<LedgerReservation>(PAYMENTS_LEDGER_RESERVATIONS);
    const rows = store.collection<LedgerRow>(PAYMENTS_LEDGER);
    const event: ReservationEvent = recorded;
    const id = event.data.reservationId;

    if (event.type === 'ReservationRequested') {
      const { buyerId, projectId, projectName, amountCLP } = event.data;
      await guardedUpsert(reservations, id, recorded, {
        $set: { buyerId, projectId, projectName, amountCLP, status: 'requested', gateway: null, buyOrder: null, paymentOutcome: null, refunded: false },
      });
      return;
    }
    // Scalars and `_v` (left out below): spread into `next`, never changed: the store's own object, no copy.
    const before = await reservations.findOne({ _id: id }, { readOnly: true });
    if (!before) return; // a reservation's stream always starts with its request
    // Redelivered: its rows were written before the facts were, so there is nothing left to do.
    if (appliedRevision(before, recorded.streamId) >= recorded.revision) return;
    const next: LedgerReservation = { ...before, status: reservationStatusAfter(before.status, event.type) };
    const row = (outcome: LedgerOutcome, extra: Partial<LedgerRow> = {}): LedgerRow => ({
      _id: eventDocId(recorded),
      reservationId: id,
      at: recorded.metadata.occurredAt,
      day: recorded.metadata.occurredAt.slice(0, 10),
      position: recorded.globalPosition,
      type: event.type,
      outcome,
      amountCLP: before.amountCLP,
      gateway: before.gateway,
      gatewayReference: before.buyOrder,
      gatewayCode: null,
      actorId: recorded.metadata.actorId,
      buyerId: before.buyerId,
      projectId: before.projectId,
      projectName: before.projectName,
      ...extra,
    });
    let written: LedgerRow | null = null;
    switch (event.type) {
      case 'ReservationPaymentStarted':
        Object.assign(next, { gateway: event.data.gateway, buyOrder: event.data.buyOrder, paymentOutcome: 'pending', amountCLP: event.data.amountCLP });
        written = row('started', { gateway: event.data.gateway, gatewayReference: event.data.buyOrder, amountCLP: event.data.amountCLP });
        break;
      case 'ReservationPaymentConfirmed':
        next.paymentOutcome = 'confirmed';
        written = row('approved', {
          amountCLP: event.data.amountCLP ?? before.amountCLP,
          gatewayReference: event.data.authorizationCode ? `${event.data.buyOrder} · autorización ${event.data.authorizationCode}` : event.data.buyOrder,
          gatewayCode: code(event.data.gatewayStatus, event.data.responseCode),
        });
        break;
      case 'ReservationPaymentFailed':
        next.paymentOutcome = 'failed';
        written = row(event.data.failure ?? 'rejected', {
          gatewayReference: event.data.buyOrder,
          gatewayCode: code(event.data.gatewayStatus, event.data.responseCode),
        });
        break;
      case 'ReservationConfirmed':
        written = row('confirmed');
        break;
      case 'ReservationExpired':
      case 'ReservationCancelled':
        // Only a reservation whose payment was started belongs to the ledger.
        if (before.gateway) written = row(event.type === 'ReservationExpired' ? 'expired' : 'cancelled');
        break;
      case 'ReservationRefundRecorded':
        next.refunded = true;
        written = row('refunded', {
          amountCLP: event.data.amountCLP,
          gateway: event.data.gateway,
          gatewayReference:
            event.data.gatewayReference ??
            (event.data.authorizationCode ? `${before.buyOrder} · autorización ${event.data.authorizationCode}` : before.buyOrder),
          gatewayCode: code(event.data.refundType, event.data.responseCode),
        });
        break;
      default:
        break;
    }
    if (written) await insertOnce(rows, written);
    // The moment a refund became owed (paid, then expired or cancelled; or paid after the hold expired) is a row of its own.
    if (!isRefundOwed(before.status, before.paymentOutcome, before.refunded) && isRefundOwed(next.status, next.paymentOutcome, next.refunded)) {
      await insertOnce(rows, { ...row('refund_due'), _id: `${eventDocId(recorded)}:refund_due`, actorId: 'system:payments-ledger' });
    }
    // The facts are scalars: only those this event changed are set (the write still records its revision).
    const changed: Record<string, unknown> = {};
    for (const key in next) if (key !== '_id' && key !== '_v' && next[key] !== before[key]) changed[key] = next[key];
    await guardedUpsert(reservations, id, recorded, { $set: changed });
  },
};
