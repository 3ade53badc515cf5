import type { Filter, ReadStore } from '../../kernel/ports/read-store';
import { RESERVATIONS, type ReservationDoc } from '../reservations/reservations.projection';
import { LEDGER_EVENT_LABELS, PAYMENTS_LEDGER, type LedgerOutcome, type LedgerRow, type LedgerRowFields } from './payments-ledger.projection';

/** User input goes into a regular expression: every metacharacter is escaped. */
export const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A day (whole UTC day) or an exact instant, as the lists' date filters take them. */
export const dateRange = (from?: string, to?: string): Filter | null => {
  if (!from && !to) return null;
  const range: Record<string, string> = {};
  if (from) range.$gte = from.length === 10 ? `${from}T00:00:00.000Z` : new Date(from).toISOString();
  if (to) range.$lte = to.length === 10 ? `${to}T23:59:59.999Z` : new Date(to).toISOString();
  return range;
};

/** Reservations whose buyer matches a name, email or id: the buyer filters of the ledger and the lists. */
const reservationIdsOfBuyer = async (store: ReadStore, buyer: string): Promise<string[]> => {
  const pattern = { $regex: escapeRegex(buyer), $options: 'i' };
  const docs = await store
    .collection<ReservationDoc>(RESERVATIONS)
    .find({ $or: [{ buyerId: buyer }, { buyerName: pattern }, { buyerEmail: pattern }] }, { projection: { _id: 1 } });
  return docs.map((d) => d._id);
};

export interface LedgerQuery {
  reservationId?: string;
  buyer?: string;
  project?: string;
  from?: string;
  to?: string;
  outcome?: LedgerOutcome;
  page: number;
  perPage: number;
}

export interface LedgerPageRow extends Omit<LedgerRowFields, 'day' | 'position' | 'buyerId'> {
  id: string;
  event: string;
  buyerName: string | null;
}

/** The payments ledger, newest first, filtered and paginated by the server. */
export const listPaymentsLedger = async (
  store: ReadStore,
  q: LedgerQuery,
): Promise<{ items: LedgerPageRow[]; total: number; page: number; perPage: number }> => {
  const and: Filter[] = [];
  if (q.reservationId) and.push({ reservationId: q.reservationId });
  if (q.buyer) and.push({ reservationId: { $in: await reservationIdsOfBuyer(store, q.buyer) } });
  if (q.project) and.push({ $or: [{ projectId: q.project }, { projectName: { $regex: escapeRegex(q.project), $options: 'i' } }] });
  const range = dateRange(q.from, q.to);
  if (range) and.push({ at: range });
  if (q.outcome) and.push({ outcome: q.outcome });
  const filter = and.length ? { $and: and } : {};
  const rows = store.collection<LedgerRow>(PAYMENTS_LEDGER);
  const [docs, total] = await Promise.all([
    rows.find(filter, { sort: { position: -1, _id: -1 }, skip: (q.page - 1) * q.perPage, limit: q.perPage }),
    rows.countDocuments(filter),
  ]);
  const buyers = new Map(
    (
      await store
        .collection<ReservationDoc>(RESERVATIONS)
        .find({ _id: { $in: [...new Set(docs.map((d) => d.reservationId))] } }, { projection: { buyerName: 1 } })
    ).map((r) => [r._id, r.buyerName]),
  );
  return {
    items: docs.map(({ _id, _v: _version, day: _day, position: _position, buyerId: _buyer, ...row }) => ({
      id: _id,
      ...row,
      event: LEDGER_EVENT_LABELS[row.outcome],
      buyerName: buyers.get(row.reservationId) ?? null,
    })),
    total,
    page: q.page,
    perPage: q.perPage,
  };
};
