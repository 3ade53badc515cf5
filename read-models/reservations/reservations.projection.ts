import type { Projection } from '../../application/projections/projection';
import { guardedUpsert } from '../../application/projections/guarded-writes';
import type { RecordedEvent } from '../../application/ports/event-store';
import type { ReadStore } from '../../application/ports/read-store';
import { isRefundOwed, type PaymentOutcomeStatus, type ReservationEvent, type ReservationStatus } from '../../domain/reservations/reservation';

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
  eventTypes: [
    'ReservationRequested',
    'ReservationUnitHeld',
    'ReservationRejected',
    'ReservationPaymentStarted',
    'ReservationPaymentConfirmed',
    'ReservationPaymentFailed',
    'ReservationConfirmed',
    'ReservationReleased',
    'ReservationExpired',
    'ReservationCancelled',
    'ReservationRefundRecorded',
    'ReservationReceiptSent',
  ],
  indexes: [
    { collection: RESERVATIONS, keys: { buyerId: 1, requestedAt: -1 } },
    { collection: RESERVATIONS, keys: { unitId: 1 } },
    { collection: RESERVATIONS, keys: { status: 1, holdExpiresAt: 1 } },
  ],
  async apply(recorded: RecordedEvent, store: ReadStore) {
    const docs = store.collection<ReservationDoc>(RESERVATIONS);
    const event = { type: recorded.type, data: recorded.data } as ReservationEvent;
    const id = event.data.reservationId;
    const current = await docs.findOne({ _id: id });
    const at = recorded.metadata.occurredAt;
    const status = current?.status ?? 'requested';
    const outcome = current?.paymentOutcome ?? null;
    const refunded = current?.refunded ?? false;
    const write = (set: Record<string, unknown>) => {
      const next = { status, paymentOutcome: outcome, refunded, ...set } as ReservationDoc;
      return guardedUpsert(docs, id, recorded, {
        $set: { ...set, refundDue: isRefundOwed(next.status, next.paymentOutcome, next.refunded), updatedAt: at },
        $push: { history: { type: event.type, at, actorId: recorded.metadata.actorId, revision: recorded.revision } },
      });
    };
    switch (event.type) {
      case 'ReservationRequested': {
        const { reservationId: _id, requestedAt, ...request } = event.data;
        await write({ ...request, status: 'requested', requestedAt, holdExpiresAt: null, paymentOutcome: null, refunded: false, payment: null, refund: null });
        return;
      }
      case 'ReservationUnitHeld':
        await write({ status: 'held', holdExpiresAt: event.data.holdExpiresAt, heldAt: event.data.heldAt });
        return;
      case 'ReservationRejected':
        await write({ status: 'rejected', rejection: event.data.code });
        return;
      case 'ReservationPaymentStarted': {
        const { gateway, token, url, buyOrder, sessionId, amountCLP, startedAt } = event.data;
        await write({ status: 'payment_started', paymentOutcome: 'pending', payment: { gateway, token, url, buyOrder, sessionId, amountCLP, startedAt } });
        return;
      }
      case 'ReservationPaymentConfirmed':
      case 'ReservationPaymentFailed': {
        const { reservationId: _id, ...data } = event.data;
        const confirmed = event.type === 'ReservationPaymentConfirmed';
        await write({
          // A payment completed after its reservation expired or was cancelled leaves that status as it was.
          status: status === 'payment_started' ? (confirmed ? 'payment_confirmed' : 'payment_failed') : status,
          paymentOutcome: confirmed ? 'confirmed' : 'failed',
          payment: { ...((current?.payment as Record<string, unknown>) ?? {}), ...data, outcome: confirmed ? 'confirmed' : 'failed' },
        });
        return;
      }
      case 'ReservationConfirmed':
        await write({ status: 'confirmed', confirmedAt: event.data.confirmedAt });
        return;
      case 'ReservationReleased':
        await write({ status: 'released', releasedAt: event.data.releasedAt, releaseReason: event.data.reason });
        return;
      case 'ReservationExpired':
        await write({ status: 'expired', expiredAt: event.data.expiredAt });
        return;
      case 'ReservationCancelled':
        await write({ status: 'cancelled', cancellation: { reason: event.data.reason, by: event.data.cancelledBy, at: event.data.cancelledAt } });
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
