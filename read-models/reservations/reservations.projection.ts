import type { Projection } from '../../kernel/projections/projection';
import { guardedUpsert } from '../../kernel/projections/guarded-writes';
import { isRefundOwed, RESERVATION_EVENT_TYPES, reservationStatusAfter } from '../../domain/reservations/reservation';
import type { PaymentOutcomeStatus, ReservationEvent, ReservationStatus } from '../../domain/reservations/reservation';

export const RESERVATIONS = 'reservations';

export interface ReservationDoc {
  _id: string;
  [key: string]: unknown;
  buyerId: string;
  buyerEmail: string;
  buyerName: string;
  unitId: string;
  unitNumber: string;
  projectId: string;
  projectName: string;
  amountCLP: number;
  status: ReservationStatus;
  confirmedAt?: string;
  holdExpiresAt: string | null;
  paymentOutcome: PaymentOutcomeStatus | null;
  refunded: boolean;
  refundDue: boolean;
  requestedAt: string;
  updatedAt: string;
  history: { type: string; at: string; actorId: string; revision: number }[];
}

/**
 * Reservations with their payment trail: the buyer's "my reservations", the payment audit and the
 * expiry timer's list of holds that are due. Each event also appends a history row (who, when).
 */
export const reservationsProjection: Projection<ReservationEvent> = {
  name: 'reservations',
  collections: [RESERVATIONS],
  categories: ['reservation'],
  eventTypes: RESERVATION_EVENT_TYPES,
  indexes: [
    { collection: RESERVATIONS, keys: { buyerId: 1, requestedAt: -1 } },
    { collection: RESERVATIONS, keys: { unitId: 1 } },
    { collection: RESERVATIONS, keys: { status: 1, holdExpiresAt: 1 } },
  ],
  async apply(recorded, store) {
    const docs = store.collection<ReservationDoc>(RESERVATIONS);
    const event: ReservationEvent = recorded;
    const id = event.data.reservationId;
    // Read for three fields, never changed: the store's own object, not a copy of the whole document.
    const current = await docs.findOne({ _id: id }, { readOnly: true });
    const at = recorded.metadata.occurredAt;
    const status = reservationStatusAfter(current?.status ?? 'requested', event.type);
    const outcome = current?.paymentOutcome ?? null;
    const refunded = current?.refunded ?? false;
    const write = (set: Record<string, unknown>) => {
      const next = { status, paymentOutcome: outcome, refunded, ...set } as ReservationDoc;
      return guardedUpsert(docs, id, recorded, {
        $set: { status, ...set, refundDue: isRefundOwed(next.status, next.paymentOutcome, next.refunded), updatedAt: at },
        $push: { history: { type: event.type, at, actorId: recorded.metadata.actorId, revision: recorded.revision } },
      });
    };
    switch (event.type) {
      case 'ReservationRequested': {
        const { reservationId: _id, requestedAt, ...request } = event.data;
        await write({ requestedAt, holdExpiresAt: null, paymentOutcome: null, refunded: false, payment: null, refund: null, ...request });
        return;
      }
      case 'ReservationUnitHeld':
        await write({ holdExpiresAt: event.data.holdExpiresAt, heldAt: event.data.heldAt });
        return;
      case 'ReservationRejected':
        await write({ rejection: event.data.code });
        return;
      case 'ReservationPaymentStarted': {
        const { gateway, token, url, buyOrder, sessionId, amountCLP, startedAt } = event.data;
        await write({ paymentOutcome: 'pending', payment: { gateway, token, url, buyOrder, sessionId, amountCLP, startedAt } });
        return;
      }
      case 'ReservationPaymentConfirmed':
      case 'ReservationPaymentFailed': {
        const { reservationId: _id, ...data } = event.data;
        const confirmed = event.type === 'ReservationPaymentConfirmed';
        await write({
          paymentOutcome: confirmed ? 'confirmed' : 'failed',
          payment: { ...((current?.payment as Record<string, unknown>) ?? {}), ...data, outcome: confirmed ? 'confirmed' : 'failed' },
        });
        return;
      }
      case 'ReservationConfirmed':
        await write({ confirmedAt: event.data.confirmedAt });
        return;
      case 'ReservationReleased':
        await write({ releasedAt: event.data.releasedAt, releaseReason: event.data.reason });
        return;
      case 'ReservationExpired':
        await write({ expiredAt: event.data.expiredAt });
        return;
      case 'ReservationCancelled':
        await write({ cancellation: { reason: event.data.reason, note: event.data.note ?? null, by: event.data.cancelledBy, at: event.data.cancelledAt } });
        return;
      case 'ReservationHoldExtended':
        await write({ holdExpiresAt: event.data.holdExpiresAt });
        return;
      case 'ReservationRefundRecorded': {
        const { reservationId: _id, ...refund } = event.data;
        await write({ refunded: true, refund });
        return;
      }
      case 'ReservationReceiptSent':
        await write({ receiptSentTo: event.data.to, receiptSentAt: event.data.sentAt });
        return;
    }
  },
};
