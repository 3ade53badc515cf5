import type { Filter, ReadStore } from '../../kernel/ports/read-store';
import { OUTGOING_MAILS, type OutgoingMailDoc } from './outgoing-mails.projection';

export { OUTGOING_MAILS, type OutgoingMailDoc };

/** Mails the worker may attempt now: waiting (queued, retrying) or whose running attempt's lease has ended. */
export const dueMails = (store: ReadStore, now: string, limit: number): Promise<OutgoingMailDoc[]> =>
  store
    .collection<OutgoingMailDoc>(OUTGOING_MAILS)
    .find({ status: { $in: ['queued', 'retrying', 'sending'] }, dueAt: { $lte: now } }, { sort: { dueAt: 1 }, limit, projection: { _id: 1 } });

/** Mails handed to the relay since `since` (the delivery settings' hourly and daily limits). */
export const sentSince = (store: ReadStore, since: string): Promise<number> => store.collection(OUTGOING_MAILS).countDocuments({ sentAt: { $gte: since } });

/** The next moment a waiting mail becomes due, if any (the worker sleeps until then at most). */
export const nextDueAt = async (store: ReadStore): Promise<string | null> => {
  const [next] = await store
    .collection<OutgoingMailDoc>(OUTGOING_MAILS)
    .find({ status: { $in: ['queued', 'retrying', 'sending'] } }, { sort: { dueAt: 1 }, limit: 1, projection: { dueAt: 1 } });
  return next?.dueAt ?? null;
};

export interface MailHistoryQuery {
  readonly status?: string;
  readonly template?: string;
  readonly recipient?: string;
  readonly from?: string;
  readonly until?: string;
  readonly page: number;
  readonly perPage: number;
}

const historyFilter = (q: MailHistoryQuery): Filter => ({
  ...(q.status ? { status: q.status } : {}),
  ...(q.template ? { template: q.template } : {}),
  ...(q.recipient ? { to: q.recipient.trim().toLowerCase() } : {}),
  ...(q.from || q.until ? { queuedAt: { ...(q.from ? { $gte: q.from } : {}), ...(q.until ? { $lte: q.until } : {}) } } : {}),
});

/** The email history with its filters, newest first. */
export const mailHistory = async (store: ReadStore, q: MailHistoryQuery) => {
  const mails = store.collection<OutgoingMailDoc>(OUTGOING_MAILS);
  const filter = historyFilter(q);
  const [items, total] = await Promise.all([
    mails.find(filter, { sort: { queuedAt: -1, _id: 1 }, skip: (q.page - 1) * q.perPage, limit: q.perPage }),
    mails.countDocuments(filter),
  ]);
  return { items, total };
};

/** Every mail not yet handed to the relay: failed, or waiting for its next attempt ("reintentar todos"). */
export const undeliveredMailIds = async (store: ReadStore): Promise<string[]> =>
  (await store.collection<OutgoingMailDoc>(OUTGOING_MAILS).find({ status: { $in: ['failed', 'retrying'] } }, { projection: { _id: 1 }, limit: 5000 })).map(
    (m) => m._id,
  );

/** Counts by status and by template, for the analytics tab. */
export const mailAnalytics = async (store: ReadStore, since: string) => {
  const rows = await store
    .collection(OUTGOING_MAILS)
    .aggregate<{ _id: { status: string; template: string }; count: number }>([
      { $match: { queuedAt: { $gte: since } } },
      { $group: { _id: { status: '$status', template: '$template' }, count: { $sum: 1 } } },
    ]);
  return rows.map((r) => ({ status: r._id.status, template: r._id.template, count: r.count }));
};

/** History older than the retention (spec §9: 30 to 730 days): its documents go. */
export const purgeMailHistory = async (store: ReadStore, before: string): Promise<number> =>
  (await store.collection(OUTGOING_MAILS).deleteMany({ queuedAt: { $lt: before }, status: { $nin: ['queued', 'sending', 'retrying'] } })).deletedCount;

/** What GET /metrics shows of the outbox: mails waiting (queued, sending, retrying) and failed for good, by status. */
const OUTBOX_STATUSES = ['queued', 'sending', 'retrying', 'failed'] as const;

/** The outbox's mails per status (OUTBOX_STATUSES), each counted over the (status, dueAt) index. */
export const outboxCounts = async (store: ReadStore): Promise<Record<(typeof OUTBOX_STATUSES)[number], number>> => {
  const mails = store.collection(OUTGOING_MAILS);
  const counts = await Promise.all(OUTBOX_STATUSES.map((status) => mails.countDocuments({ status })));
  return Object.fromEntries(OUTBOX_STATUSES.map((status, i) => [status, counts[i]])) as Record<(typeof OUTBOX_STATUSES)[number], number>;
};
