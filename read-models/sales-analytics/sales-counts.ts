import { hash } from 'node:crypto';
import type { RecordedEvent } from '../../kernel/ports/event-store';
import type { ReadStore } from '../../kernel/ports/read-store';
import { streamKeyMemo } from '../../kernel/projections/stream-key-memo';
import { rollupIncrements, SALES_ROLLUPS, type CountedSums, type RollupDims, type SalesRollup } from './sales-rollups';

/**
 * What the sales analytics count, and the proof that each event is counted once. Every stream whose events are
 * counted (a reservation, a quote, a lead, a buyer's favourites, the page-view counter) has a guard document in
 * `sales_refs`, `counted:<digest of the stream id>`, holding the last revision counted. An event at or below it
 * is a redelivery and adds nothing. The guard is a revision per stream, not a list of the events counted: a
 * busy day's bucket used to keep the digest of every event it had counted, and was rewritten whole, growing, at
 * each new one.
 *
 * A delivery's counts and guards are gathered in memory per store view (the runner's batch; a rebuild's
 * target) and written together at its end (`flushCounts`, the projection's `flush`): the day buckets, then the
 * rollups, then the guards. In embedded mode that is the delivery's one SQLite transaction, so a crash leaves
 * either all of it or none of it, and the events of a delivery that did not land are counted when they come
 * back. (Nothing is written mid-delivery by `commitSoFar` either: it is all in memory until the flush.) In
 * distributed mode the writes go one after another; a crash between them can count a redelivered event's
 * buckets and rollups twice, never lose them.
 */
export const SALES_BUCKETS = 'sales_buckets';
export const SALES_REFS = 'sales_refs';

export interface SalesBucket {
  _id: string;
  [key: string]: unknown;
  day: string;
  projectId: string;
  realEstateCompanyId: string;
  typology: string;
  partnerCompanyId: string;
}

interface CountGuard {
  _id: string;
  [key: string]: unknown;
  revision?: number;
}

interface Gathered {
  /** Guard id -> the last revision this delivery counted of its stream. */
  readonly guards: Map<string, number>;
  /** `<day>|<dims>` -> the sums of the events counted there. */
  readonly sums: Map<string, CountedSums>;
}
const gathered = new WeakMap<ReadStore, Gathered>();
const gatheredFor = (store: ReadStore): Gathered => {
  let g = gathered.get(store);
  if (!g) gathered.set(store, (g = { guards: new Map(), sums: new Map() }));
  return g;
};

/** A digest of the stream id: a stream id may name a person (favorites-<userId>), a counter must not. */
const guardIdOf = streamKeyMemo((streamId) => `counted:${hash('sha256', streamId, 'base64url').slice(0, 22)}`);

/**
 * Whether this event is counted now: true the first time it is delivered (its stream's guard is below its
 * revision), and the guard then moves to it. Asked once per event, before its counts are added.
 */
export const claimCount = async (store: ReadStore, recorded: RecordedEvent): Promise<boolean> => {
  const id = guardIdOf(recorded.streamId);
  const { guards } = gatheredFor(store);
  let counted = guards.get(id);
  if (counted === undefined) {
    const guard = await store.collection<CountGuard>(SALES_REFS).findOne({ _id: id }, { readOnly: true });
    counted = typeof guard?.revision === 'number' ? guard.revision : -1;
  }
  if (recorded.revision <= counted) return false;
  guards.set(id, recorded.revision);
  return true;
};

/** Adds a claimed event's counters to its day and dimensions, written at the delivery's end. */
export const addCount = (store: ReadStore, day: string, dims: RollupDims, inc: Record<string, number>): void => {
  const { sums } = gatheredFor(store);
  const key = `${day}|${dims.projectId}|${dims.realEstateCompanyId}|${dims.typology}|${dims.partnerCompanyId}`;
  const sum = sums.get(key);
  if (!sum) sums.set(key, { day, dims, inc: { ...inc } });
  else for (const counter in inc) sum.inc[counter] = (sum.inc[counter] ?? 0) + inc[counter];
};

/** The fine bucket of a day and dimensions: one per Chilean day, project, typology and partner company. */
const bucketId = (day: string, dims: RollupDims): string => [day, dims.projectId, dims.typology, dims.partnerCompanyId].join('|');

/** Writes what this store view gathered: buckets, rollups, then the guards that say it is counted. */
export const flushCounts = async (store: ReadStore): Promise<void> => {
  const g = gathered.get(store);
  if (!g) return;
  gathered.delete(store);
  const buckets = store.collection<SalesBucket>(SALES_BUCKETS);
  for (const { day, dims, inc } of g.sums.values())
    await buckets.updateOne({ _id: bucketId(day, dims) }, { $inc: inc, $setOnInsert: { day, ...dims } }, { upsert: true });
  const rollups = store.collection<SalesRollup>(SALES_ROLLUPS);
  for (const [id, $inc] of rollupIncrements(g.sums.values())) await rollups.updateOne({ _id: id }, { $inc }, { upsert: true });
  const refs = store.collection<CountGuard>(SALES_REFS);
  for (const [id, revision] of g.guards) await refs.updateOne({ _id: id }, { $set: { revision } }, { upsert: true });
};
