import type { Filter, ReadStore, SortSpec } from '../../kernel/ports/read-store';
import type { PaymentOutcomeStatus, ReservationStatus } from '../../domain/reservations/reservation';
import { dateRange, escapeRegex } from '../payments-ledger/payments-ledger.queries';
import { RESERVATIONS, type ReservationDoc } from './reservations.projection';

export interface BackofficeReservationsQuery {
  status?: ReservationStatus;
  project?: string;
  buyer?: string;
  from?: string;
  to?: string;
  holdExpiresFrom?: string;
  holdExpiresTo?: string;
  payment?: PaymentOutcomeStatus | 'none' | 'refund_due' | 'refunded';
  sort: 'requestedAt' | '-requestedAt' | 'holdExpiresAt' | '-holdExpiresAt' | 'amountCLP' | '-amountCLP';
  page: number;
  perPage: number;
}

const PAYMENT_FILTER: Record<NonNullable<BackofficeReservationsQuery['payment']>, Filter> = {
  none: { paymentOutcome: null },
  pending: { paymentOutcome: 'pending' },
  confirmed: { paymentOutcome: 'confirmed' },
  failed: { paymentOutcome: 'failed' },
  refund_due: { refundDue: true },
  refunded: { refunded: true },
};

const view = (d: ReservationDoc) => ({
  id: d._id,
  projectId: d.projectId,
  projectName: d.projectName,
  unitId: d.unitId,
  unitNumber: d.unitNumber,
  buyerId: d.buyerId,
  buyerName: d.buyerName,
  buyerEmail: d.buyerEmail,
  amountCLP: d.amountCLP,
  status: d.status,
  paymentOutcome: d.paymentOutcome ?? null,
  refunded: d.refunded === true,
  refundDue: d.refundDue === true,
  requestedAt: d.requestedAt,
  holdExpiresAt: d.holdExpiresAt ?? null,
  confirmedAt: d.confirmedAt ?? null,
  updatedAt: d.updatedAt,
});

/**
 * Whose quotes and reservations a list may show: every buyer's (the back office), these buyers' only (a partner
 * employer's collaborators), or those of these projects only (a real-estate company's).
 */
export interface BuyerScope {
  readonly buyerIds?: readonly string[];
  readonly projectIds?: readonly string[];
}

/** The filter of a reservations list, without its sort and page (the employer portal sums it too). */
export const backofficeReservationsFilter = (q: Omit<BackofficeReservationsQuery, 'sort' | 'page' | 'perPage'>, scope: BuyerScope = {}): Filter => {
  const and: Filter[] = [{ unitId: { $exists: true } }];
  if (scope.buyerIds) and.push({ buyerId: { $in: [...scope.buyerIds] } });
  if (scope.projectIds) and.push({ projectId: { $in: [...scope.projectIds] } });
  if (q.status) and.push({ status: q.status });
  if (q.project) and.push({ $or: [{ projectId: q.project }, { projectName: { $regex: escapeRegex(q.project), $options: 'i' } }] });
  if (q.buyer) {
    const pattern = { $regex: escapeRegex(q.buyer), $options: 'i' };
    and.push({ $or: [{ buyerId: q.buyer }, { buyerName: pattern }, { buyerEmail: pattern }] });
  }
  const requested = dateRange(q.from, q.to);
  if (requested) and.push({ requestedAt: requested });
  const hold = dateRange(q.holdExpiresFrom, q.holdExpiresTo);
  if (hold) and.push({ holdExpiresAt: { $ne: null, ...hold } });
  if (q.payment) and.push(PAYMENT_FILTER[q.payment]);
  return { $and: and };
};

/** The back office's reservations (Comercial > Reservas): every buyer's, filtered and paginated by the server. */
export const listBackofficeReservations = async (store: ReadStore, q: BackofficeReservationsQuery, scope: BuyerScope = {}) => {
  const filter = backofficeReservationsFilter(q, scope);
  const key = q.sort.replace('-', '');
  const sort: SortSpec = { [key]: q.sort.startsWith('-') ? -1 : 1, _id: 1 };
  const docs = store.collection<ReservationDoc>(RESERVATIONS);
  const [items, total] = await Promise.all([docs.find(filter, { sort, skip: (q.page - 1) * q.perPage, limit: q.perPage }), docs.countDocuments(filter)]);
  return { items: items.map(view), total, page: q.page, perPage: q.perPage };
};

/** One reservation as the back office sees it (any buyer's). */
export const getBackofficeReservation = async (store: ReadStore, id: string) => {
  const doc = await store.collection<ReservationDoc>(RESERVATIONS).findOne({ _id: id, unitId: { $exists: true } });
  return doc ? view(doc) : null;
};
