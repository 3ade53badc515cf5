import type { ReadStore } from '../../application/ports/read-store';
import { decodeKey, encodeKey } from '../shared/map-keys';

/**
 * The sales dashboards' rollups: documents addressed by a computed `_id`, `<scope>|<period>`, where the scope is
 * the dashboard's filters (`<projectId>|<realEstateCompanyId>|<partnerCompanyId>`, `*` for "any") and the period
 * a Chilean day (`2026-11-20`) or month (`2026-11`). Each holds the period's totals (`t`) and the counters per
 * project (`p`), real-estate company (`r`), partner company (`c`) and project typology (`y.<projectId>.<typology>`,
 * nested so that no object an increment copies grows past the number of projects) the response draws
 * (ROLLUP_COUNTERS). An event counted in its fine bucket is added to the 8 scopes its dimensions fall in (any
 * combination of its project, real-estate company and partner company, `*` for the others; none naming '-'),
 * day and month, only when the bucket's conditional update counted the event, so a redelivery changes no rollup
 * either. The increments of one delivery are gathered in memory per rollup and written by `flushRollups` at its
 * end, in the same read-store batch as the buckets: one `$inc` per rollup touched instead of 16 per event (the
 * 16 single-document updates were two thirds of the catch-up). A dashboard read fetches the whole months of its
 * range and the days at its edges by `_id` instead of scanning the buckets.
 */
export const SALES_ROLLUPS = 'sales_rollups';

export interface RollupDims {
  projectId: string;
  realEstateCompanyId: string;
  typology: string;
  partnerCompanyId: string;
}

export interface RollupScope {
  projectId?: string;
  realEstateCompanyId?: string;
  partnerCompanyId?: string;
}

type Counters = Record<string, number>;
export interface SalesRollup {
  _id: string;
  [key: string]: unknown;
  t?: Counters;
  p?: Record<string, Counters>;
  r?: Record<string, Counters>;
  c?: Record<string, Counters>;
  y?: Record<string, Record<string, Counters>>;
}

const NONE = '-';
const ANY = '*';

export { decodeKey, encodeKey };

export const scopeKey = (s: RollupScope): string => [s.projectId ?? ANY, s.realEstateCompanyId ?? ANY, s.partnerCompanyId ?? ANY].join('|');
export const rollupId = (s: RollupScope, period: string): string => `${scopeKey(s)}|${period}`;

/** The scopes an event with these dimensions counts in: every combination of its named dimensions. */
export const scopesOf = (dims: RollupDims): RollupScope[] => {
  const out: RollupScope[] = [];
  for (let mask = 0; mask < 8; mask++) {
    const scope: RollupScope = {};
    if (mask & 1) {
      if (dims.projectId === NONE) continue;
      scope.projectId = dims.projectId;
    }
    if (mask & 2) {
      if (dims.realEstateCompanyId === NONE) continue;
      scope.realEstateCompanyId = dims.realEstateCompanyId;
    }
    if (mask & 4) {
      if (dims.partnerCompanyId === NONE) continue;
      scope.partnerCompanyId = dims.partnerCompanyId;
    }
    out.push(scope);
  }
  return out;
};

/**
 * The counters kept per dimension: only those the dashboard draws for it (sales-analytics.queries.ts), every
 * counter in the totals. The per-typology and per-project maps are most of a rollup: what they leave out is
 * neither copied on every read nor rewritten on every delivery.
 */
const RESERVATION_FIGURES = ['started', 'confirmed', 'expired', 'cancelled', 'revenueUF', 'revenueCLP'];
export const ROLLUP_COUNTERS = {
  project: new Set([...RESERVATION_FIGURES, 'views', 'favourites', 'leads', 'quotes']),
  realEstateCompany: new Set(RESERVATION_FIGURES),
  partnerCompany: new Set([...RESERVATION_FIGURES, 'quotes', 'contributionCommittedUF', 'contributionPaidUF']),
  typology: new Set([...RESERVATION_FIGURES, 'quotes']),
} as const;

/**
 * The `$inc` of one counted event in one scope: its totals and the counters each named dimension keeps. A
 * dimension the scope names has one key only, whose counters are the totals': it is left out (the read takes
 * it from `t`, see `dimensionOf`), which halves the documents of the project-level scopes, most of them all.
 */
export const rollupIncrement = (dims: RollupDims, inc: Record<string, number>, scope: RollupScope = {}): Record<string, number> => {
  const out: Record<string, number> = {};
  const under = (prefix: string, kept?: ReadonlySet<string>) => {
    for (const counter in inc) if (!kept || kept.has(counter)) out[`${prefix}.${counter}`] = inc[counter];
  };
  under('t');
  if (dims.projectId !== NONE && !scope.projectId) under(`p.${encodeKey(dims.projectId)}`, ROLLUP_COUNTERS.project);
  if (dims.realEstateCompanyId !== NONE && !scope.realEstateCompanyId) under(`r.${encodeKey(dims.realEstateCompanyId)}`, ROLLUP_COUNTERS.realEstateCompany);
  if (dims.partnerCompanyId !== NONE && !scope.partnerCompanyId) under(`c.${encodeKey(dims.partnerCompanyId)}`, ROLLUP_COUNTERS.partnerCompany);
  if (dims.projectId !== NONE && dims.typology !== NONE) under(`y.${encodeKey(dims.projectId)}.${encodeKey(dims.typology)}`, ROLLUP_COUNTERS.typology);
  return out;
};

/**
 * A rollup's counters per value of one dimension: its map, or, in a scope naming that dimension (where the
 * map was left out), the one value's counters taken from the totals, as the map would have held them.
 */
export const dimensionOf = (
  rollup: SalesRollup,
  map: 'p' | 'r' | 'c',
  scoped: string | undefined,
  kept: ReadonlySet<string>,
): Record<string, Counters> | undefined => {
  if (!scoped) return rollup[map];
  const counters: Counters = {};
  let any = false;
  for (const counter in rollup.t ?? {}) {
    if (!kept.has(counter)) continue;
    counters[counter] = rollup.t![counter];
    any = true;
  }
  return any ? { [encodeKey(scoped)]: counters } : undefined;
};

/**
 * Increments not yet written, per store view (a delivery's batch view; a rebuild's target) and rollup `_id`.
 * Keyed by the view, so a rebuild replaying beside the live feed never mixes its increments with the feed's.
 */
const gathered = new WeakMap<ReadStore, Map<string, Record<string, number>>>();

/** Adds a counted event to its day's and month's rollups of every scope it falls in (written by `flushRollups`). */
export const addToRollups = (store: ReadStore, day: string, dims: RollupDims, inc: Record<string, number>): void => {
  let pending = gathered.get(store);
  if (!pending) gathered.set(store, (pending = new Map()));
  for (const scope of scopesOf(dims)) {
    const $inc = rollupIncrement(dims, inc, scope);
    for (const period of [day, day.slice(0, 7)]) {
      const id = rollupId(scope, period);
      const sum = pending.get(id);
      if (!sum) pending.set(id, { ...$inc });
      else for (const [path, n] of Object.entries($inc)) sum[path] = (sum[path] ?? 0) + n;
    }
  }
};

/** Writes what `addToRollups` gathered for this store view: one upserting `$inc` per rollup. */
export const flushRollups = async (store: ReadStore): Promise<void> => {
  const pending = gathered.get(store);
  if (!pending) return;
  gathered.delete(store);
  const rollups = store.collection<SalesRollup>(SALES_ROLLUPS);
  for (const [id, $inc] of pending) await rollups.updateOne({ _id: id }, { $inc }, { upsert: true });
};

const DAY_MS = 86_400_000;
const dayAt = (t: number): string => new Date(t).toISOString().slice(0, 10);

/**
 * Splits [from, to] (Chilean days, inclusive) into the whole months inside it and the days left at its edges.
 * `inner` lists the days of the whole months (what a series by day or week needs one by one).
 */
export const splitRange = (from: string, to: string): { months: string[]; edgeDays: string[]; innerDays: string[] } => {
  const months: string[] = [];
  const edgeDays: string[] = [];
  const innerDays: string[] = [];
  const start = Date.parse(`${from}T00:00:00.000Z`);
  const end = Date.parse(`${to}T00:00:00.000Z`);
  for (let t = start; t <= end;) {
    const day = dayAt(t);
    const first = Date.UTC(new Date(t).getUTCFullYear(), new Date(t).getUTCMonth(), 1);
    const next = Date.UTC(new Date(t).getUTCFullYear(), new Date(t).getUTCMonth() + 1, 1);
    if (t === first && next - DAY_MS <= end) {
      months.push(day.slice(0, 7));
      for (let d = t; d < next; d += DAY_MS) innerDays.push(dayAt(d));
      t = next;
    } else {
      edgeDays.push(day);
      t += DAY_MS;
    }
  }
  return { months, edgeDays, innerDays };
};

/**
 * What a read of [from, to] fetches: the rollups it adds (whole months; and, of a month the range covers in
 * part, either its days in the range or, when fewer days of it fall outside, the month itself), those it
 * subtracts (then the days of that month outside the range: for a range ending today, days that do not
 * exist yet), and the days whose totals a series by day or week needs besides the days it adds.
 */
export const planRange = (from: string, to: string): { add: string[]; subtract: string[]; dayTotals: string[] } => {
  const { months, edgeDays, innerDays } = splitRange(from, to);
  const add = [...months];
  const subtract: string[] = [];
  const dayTotals = [...innerDays];
  const partial = new Map<string, string[]>();
  for (const day of edgeDays) partial.set(day.slice(0, 7), [...(partial.get(day.slice(0, 7)) ?? []), day]);
  for (const [month, inside] of partial) {
    const outside: string[] = [];
    const first = Date.parse(`${month}-01T00:00:00.000Z`);
    for (let t = first; dayAt(t).startsWith(month); t += DAY_MS) if (!inside.includes(dayAt(t))) outside.push(dayAt(t));
    if (outside.length < inside.length) {
      add.push(month);
      subtract.push(...outside);
      dayTotals.push(...inside);
    } else add.push(...inside);
  }
  return { add, subtract, dayTotals };
};

/** The rollups of a scope by `_id` (a get-many, not a scan); `totalsOnly` leaves the per-dimension maps out. */
export const fetchRollups = async (store: ReadStore, scope: RollupScope, periods: readonly string[], totalsOnly = false): Promise<SalesRollup[]> => {
  if (periods.length === 0) return [];
  const ids = periods.map((p) => rollupId(scope, p));
  // Read only: summed at once into fresh counters, never changed (the store may hand out its own objects).
  return store.collection<SalesRollup>(SALES_ROLLUPS).find({ _id: { $in: ids } }, { readOnly: true, ...(totalsOnly ? { projection: { t: 1 } } : {}) });
};

/** The period part of a rollup's `_id`. */
export const periodOfRollup = (id: string): string => id.slice(id.lastIndexOf('|') + 1);
