import type { ReadStore } from '../../kernel/ports/read-store';
import { calendarDays, nextCalendarDay, previousCalendarDay } from '../../domain/shared/chile-day';
import { decodeKey, encodeKey } from '../shared/map-keys';
import { dictionary } from '../../kernel/projections/dictionary';

/**
 * The sales dashboards' rollups: documents addressed by a computed `_id`, `<scope>|<period>`, where the scope is
 * the dashboard's filters (`<projectId>|<realEstateCompanyId>|<partnerCompanyId>`, `*` for "any") and the period
 * a Chilean day (`2026-11-20`), month (`2026-11`) or year (`2026`). Each holds the period's totals (`t`) and the counters per
 * project (`p`), real-estate company (`r`), partner company (`c`) and project typology (`y.<projectId>.<typology>`,
 * nested so that no object an increment copies grows past the number of projects) the response draws
 * (ROLLUP_COUNTERS). An event counted in its fine bucket is added to the 8 scopes its dimensions fall in (any
 * combination of its project, real-estate company and partner company, `*` for the others; none naming '-'),
 * day, month and year, only the first time the event is delivered (sales-counts.ts). The increments of one delivery
 * are gathered in memory and written at its end, in the same read-store batch as the buckets: one `$inc` per rollup
 * touched instead of 24 per event (single-document updates per event were two thirds of the catch-up). A dashboard read fetches the fewest rollups that
 * add up to its range (`planRange`) by `_id` instead of scanning the buckets.
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

export { decodeKey };

const scopeKey = (s: RollupScope): string => [s.projectId ?? ANY, s.realEstateCompanyId ?? ANY, s.partnerCompanyId ?? ANY].join('|');
export const rollupId = (s: RollupScope, period: string): string => `${scopeKey(s)}|${period}`;

/** The scopes an event with these dimensions counts in: every combination of its named dimensions. */
const scopesOf = (dims: RollupDims): RollupScope[] => {
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

/** One part of a rollup's `$inc`: the totals' or one dimension's counters, as `[path, n]`. */
type IncrementPart = readonly (readonly [string, number])[];

/**
 * The parts of a sum's increments: the totals and each named dimension's counters. Built once per sum (its paths
 * encode the dimension's keys), then each scope takes the parts it keeps.
 */
interface IncrementParts {
  readonly t: IncrementPart;
  readonly p: IncrementPart | null;
  readonly r: IncrementPart | null;
  readonly c: IncrementPart | null;
  readonly y: IncrementPart | null;
}

const incrementParts = (dims: RollupDims, inc: Record<string, number>): IncrementParts => {
  const under = (prefix: string, kept?: ReadonlySet<string>): IncrementPart => {
    const part: [string, number][] = [];
    for (const counter in inc) if (!kept || kept.has(counter)) part.push([`${prefix}.${counter}`, inc[counter]]);
    return part;
  };
  const project = dims.projectId !== NONE ? encodeKey(dims.projectId) : null;
  return {
    t: under('t'),
    p: project !== null ? under(`p.${project}`, ROLLUP_COUNTERS.project) : null,
    r: dims.realEstateCompanyId !== NONE ? under(`r.${encodeKey(dims.realEstateCompanyId)}`, ROLLUP_COUNTERS.realEstateCompany) : null,
    c: dims.partnerCompanyId !== NONE ? under(`c.${encodeKey(dims.partnerCompanyId)}`, ROLLUP_COUNTERS.partnerCompany) : null,
    y: project !== null && dims.typology !== NONE ? under(`y.${project}.${encodeKey(dims.typology)}`, ROLLUP_COUNTERS.typology) : null,
  };
};

/**
 * Adds one scope's increment to `into`: its totals and the counters each named dimension keeps. A dimension the
 * scope names has one key only, whose counters are the totals': it is left out (the read takes it from `t`, see
 * `dimensionOf`), which halves the documents of the project-level scopes, most of them all.
 */
const addScopeIncrement = (into: Record<string, number>, parts: IncrementParts, scope: RollupScope): void => {
  const add = (part: IncrementPart | null) => {
    if (part) for (const [path, n] of part) into[path] = (into[path] ?? 0) + n;
  };
  add(parts.t);
  if (!scope.projectId) add(parts.p);
  if (!scope.realEstateCompanyId) add(parts.r);
  if (!scope.partnerCompanyId) add(parts.c);
  add(parts.y);
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

/** What a delivery counted, summed per day and dimensions (sales-counts.ts gathers it). */
export interface CountedSums {
  readonly day: string;
  readonly dims: RollupDims;
  readonly inc: Record<string, number>;
}

/**
 * The `$inc` of every rollup a delivery's sums add to: each day's sums go to its day, month and year in every
 * scope their dimensions fall in. Most of a delivery's events share their day and dimensions (one project, one
 * partner company), so this expansion runs once per distinct pair, not once per event; the result is one
 * upserting `$inc` per rollup, whatever number of events added to it.
 */
export const rollupIncrements = (counted: Iterable<CountedSums>): Map<string, Record<string, number>> => {
  const pending = new Map<string, Record<string, number>>();
  const into = (id: string): Record<string, number> => {
    let sum = pending.get(id);
    // Its keys name projects and companies.
    if (!sum) pending.set(id, (sum = dictionary<number>()));
    return sum;
  };
  for (const { day, dims, inc } of counted) {
    const parts = incrementParts(dims, inc);
    const periods = [day, day.slice(0, 7), day.slice(0, 4)];
    for (const scope of scopesOf(dims)) {
      const prefix = `${scopeKey(scope)}|`;
      for (const period of periods) addScopeIncrement(into(prefix + period), parts, scope);
    }
  }
  return pending;
};

const DAY_MS = 86_400_000;
const dayAt = (t: number): string => new Date(t).toISOString().slice(0, 10);

/** Splits [from, to] (Chilean days, inclusive) into the whole months inside it and the days left at its edges. */
export const splitRange = (from: string, to: string): { months: string[]; edgeDays: string[] } => {
  const months: string[] = [];
  const edgeDays: string[] = [];
  const end = Date.parse(`${to}T00:00:00.000Z`);
  for (let t = Date.parse(`${from}T00:00:00.000Z`); t <= end;) {
    const date = new Date(t);
    const first = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
    const next = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
    if (t === first && next - DAY_MS <= end) {
      months.push(dayAt(t).slice(0, 7));
      t = next;
    } else {
      edgeDays.push(dayAt(t));
      t += DAY_MS;
    }
  }
  return { months, edgeDays };
};

/** Rollup `_id` periods to add and to subtract: their sum is the range's figures. */
export interface RangePlan {
  add: string[];
  subtract: string[];
}

/**
 * What a plan costs to read, in big documents: a month or a year holds a map of every project sold in it, a day
 * (~17 KB at 200 projects against ~95 KB) a fifth or so of that.
 */
const DAY_COST = 0.25;
const costOf = (plan: RangePlan): number => [...plan.add, ...plan.subtract].reduce((sum, period) => sum + (period.length === 10 ? DAY_COST : 1), 0);
const cheaper = (a: RangePlan, b: RangePlan): RangePlan => (costOf(b) < costOf(a) ? b : a);
const joined = (plans: readonly RangePlan[]): RangePlan => ({ add: plans.flatMap((p) => p.add), subtract: plans.flatMap((p) => p.subtract) });
const negated = (plan: RangePlan): RangePlan => ({ add: plan.subtract, subtract: plan.add });
const lastDayOfMonth = (day: string): string => {
  const [y, m] = day.split('-').map(Number);
  return dayAt(Date.UTC(y, m, 1) - DAY_MS);
};
const lastDayOfYear = (day: string): string => `${day.slice(0, 4)}-12-31`;

/** [from, to] cut at the ends of its periods (`lastDayOf`), each piece planned by `plan`. */
const piecewise = (from: string, to: string, lastDayOf: (day: string) => string, plan: (from: string, to: string) => RangePlan): RangePlan => {
  const plans: RangePlan[] = [];
  for (let start = from; start <= to;) {
    const end = lastDayOf(start) < to ? lastDayOf(start) : to;
    plans.push(plan(start, end));
    start = nextCalendarDay(end);
  }
  return joined(plans);
};

/**
 * Days [from, to] of one period (`period`, from `first` to `last`): the period itself, its parts (`parts`), or
 * the period less its parts outside the range, whichever reads less.
 */
const planWithin =
  (period: string, first: string, last: string, parts: (from: string, to: string) => RangePlan) =>
  (from: string, to: string): RangePlan => {
    if (from === first && to === last) return { add: [period], subtract: [] };
    const outside = [...(from > first ? [parts(first, previousCalendarDay(from))] : []), ...(to < last ? [parts(nextCalendarDay(to), last)] : [])];
    return cheaper(parts(from, to), joined([{ add: [period], subtract: [] }, ...outside.map(negated)]));
  };

const days = (from: string, to: string): RangePlan => ({ add: calendarDays(from, to), subtract: [] });
const withinMonth = (from: string, to: string): RangePlan => planWithin(from.slice(0, 7), `${from.slice(0, 7)}-01`, lastDayOfMonth(from), days)(from, to);
const months = (from: string, to: string): RangePlan => piecewise(from, to, lastDayOfMonth, withinMonth);
const withinYear = (from: string, to: string): RangePlan => planWithin(from.slice(0, 4), `${from.slice(0, 4)}-01-01`, lastDayOfYear(from), months)(from, to);

/**
 * What a read of [from, to] (Chilean days, inclusive) fetches: rollups to add and to subtract, as few big ones
 * as the calendar allows. A year or month the range covers for the most part is read less its parts outside
 * (for a range ending today, parts that do not exist yet and cost nothing). Two years to today: last December,
 * last year, this year less next month (nothing), the days of the first month in the range.
 */
export const planRange = (from: string, to: string): RangePlan => piecewise(from, to, lastDayOfYear, withinYear);

/** The periods whose totals draw a series: every day (by day or week), or the whole months and the edge days. */
export const seriesPeriods = (from: string, to: string, byMonth: boolean): string[] => {
  if (!byMonth) return calendarDays(from, to);
  const { months, edgeDays } = splitRange(from, to);
  return [...months, ...edgeDays];
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
