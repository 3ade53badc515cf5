import type { ReadStore } from '../../kernel/ports/read-store';
import { EXTENDABLE_HOLD_STATUSES } from '../../domain/reservations/reservation';
import { RESERVATIONS, type ReservationDoc } from './reservations.projection';

const view = ({ _v: _version, _id, ...rest }: ReservationDoc) => ({ id: _id, ...rest });

/**
 * The buyer's reservations. An attempt refused at once (the unit was someone else's: the buyer got the 409
 * there and then) is not a reservation of theirs, so it is left out; it stays in the unit's history.
 */
export const listMyReservations = async (store: ReadStore, buyerId: string) => {
  const docs = await store
    .collection<ReservationDoc>(RESERVATIONS)
    .find({ buyerId, unitId: { $exists: true }, status: { $ne: 'rejected' } }, { sort: { requestedAt: -1, _id: 1 } });
  return { items: docs.map(view), total: docs.length };
};

export const getReservation = async (store: ReadStore, reservationId: string) => {
  const doc = await store.collection<ReservationDoc>(RESERVATIONS).findOne({ _id: reservationId, unitId: { $exists: true } });
  return doc ? view(doc) : null;
};

/** Unpaid holds whose time is up: what the expiry timer releases. */
export const dueHolds = async (store: ReadStore, nowIso: string): Promise<string[]> =>
  (await store.collection<ReservationDoc>(RESERVATIONS).find({ status: { $in: ['held', 'payment_started'] }, holdExpiresAt: { $ne: null, $lte: nowIso } })).map(
    (d) => d._id,
  );

/** Reservations requested at or before `beforeIso` that never reached a payment (a crash between hold and gateway). */
export const heldWithoutPayment = async (store: ReadStore, beforeIso: string): Promise<string[]> =>
  (await store.collection<ReservationDoc>(RESERVATIONS).find({ status: { $in: ['requested', 'held'] }, requestedAt: { $lte: beforeIso } })).map((d) => d._id);

/** Payments taken for reservations that did not end confirmed and whose refund is not recorded yet. */
export const owedRefunds = async (store: ReadStore): Promise<string[]> =>
  (await store.collection<ReservationDoc>(RESERVATIONS).find({ refundDue: true })).map((d) => d._id);

/** Units held for a reservation not yet paid (held or payment started): GET /metrics' holds active. */
export const activeHoldCount = (store: ReadStore): Promise<number> =>
  store.collection<ReservationDoc>(RESERVATIONS).countDocuments({ status: { $in: [...EXTENDABLE_HOLD_STATUSES] } });
