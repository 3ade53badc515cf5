import type { ReadStore } from '../../kernel/ports/read-store';
import { COUNTERS, SALES_REFS, type Counter } from './sales-analytics.projection';
import {
  decodeKey,
  dimensionOf,
  fetchRollups,
  periodOfRollup,
  planRange,
  ROLLUP_COUNTERS,
  seriesPeriods,
  type RollupScope,
  type SalesRollup,
} from './sales-rollups';
import {
  PartnerCompanyRow,
  ProjectRow,
  RealEstateCompanyRow,
  ReservationFigures,
  SeriesRow,
  TypologyRow,
  rate,
  round2,
  type Counts,
} from './sales-answer-rows';

export type Granularity = 'day' | 'week' | 'month';

export interface SalesScope {
  projectId?: string;
  realEstateCompanyId?: string;
  partnerCompanyId?: string;
}

export interface SalesQuery extends SalesScope {
  from: string;
  to: string;
  granularity: Granularity;
}

const ZERO = Object.freeze(Object.fromEntries(COUNTERS.map((c) => [c, 0])) as Counts);
/** Fresh counters: a spread of one template (a query makes one per project, company and typology it sums). */
const zero = (): Counts => ({ ...ZERO });

/** The period a day belongs to: the day, the Monday of its ISO week, or the first of its month. */
const periodOf = (day: string, granularity: Granularity): string => {
  if (granularity === 'day') return day;
  if (granularity === 'month') return `${day.slice(0, 7)}-01`;
  const date = new Date(`${day}T00:00:00.000Z`);
  const back = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - back * 86_400_000).toISOString().slice(0, 10);
};

const periodsBetween = (from: string, to: string, granularity: Granularity): string[] => {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00.000Z`); t <= Date.parse(`${to}T00:00:00.000Z`); t += 86_400_000) {
    const p = periodOf(new Date(t).toISOString().slice(0, 10), granularity);
    if (out[out.length - 1] !== p) out.push(p);
  }
  return out;
};

const COUNTER_NAMES: ReadonlySet<string> = new Set(COUNTERS);
/** Spanish order, one collator for every sort (`localeCompare(x, 'es')` looks the collation up on each call). */
const byName = new Intl.Collator('es').compare;
const addCounters = (into: Counts, from: Record<string, number> | undefined, sign: 1 | -1 = 1): void => {
  if (!from) return;
  // Only the counters the rollup holds (most hold a few of the fifteen).
  for (const c in from) if (COUNTER_NAMES.has(c) && typeof from[c] === 'number') into[c as Counter] += sign * from[c];
};
/** Counts back to 0 (amounts within float noise of 0): nothing of it is left in the range. */
const isZero = (c: Counts): boolean => COUNTERS.every((k) => Math.abs(c[k]) < 1e-6);

/**
 * Sums the rollups of the range (already aggregated by the projection, `sales-rollups.ts`): the fewest years,
 * months and days that add up to it (`planRange`), fetched by `_id`; the series reads the totals of each of its
 * days, or of its months. Every figure the sales dashboard draws comes from here.
 */
export const salesAnalytics = async (store: ReadStore, q: SalesQuery) => {
  const scope: RollupScope = {
    projectId: q.projectId || undefined,
    realEstateCompanyId: q.realEstateCompanyId || undefined,
    partnerCompanyId: q.partnerCompanyId || undefined,
  };
  const plan = planRange(q.from, q.to);
  const [added, subtracted, periodTotals] = await Promise.all([
    fetchRollups(store, scope, plan.add),
    fetchRollups(store, scope, plan.subtract),
    fetchRollups(store, scope, seriesPeriods(q.from, q.to, q.granularity === 'month'), true),
  ]);
  const totals = zero();
  const series = new Map<string, Counts>(periodsBetween(q.from, q.to, q.granularity).map((p) => [p, zero()]));
  // Summed under the rollups' encoded keys (decoded once per key at the end, not once per rollup).
  const byProject = new Map<string, Counts>();
  const byRealEstate = new Map<string, Counts>();
  const byPartner = new Map<string, Counts>();
  const byTypology = new Map<string, Map<string, Counts>>();
  const into = (m: Map<string, Counts>, from: Record<string, Record<string, number>> | undefined, sign: 1 | -1) => {
    if (!from) return;
    for (const key in from) {
      let sum = m.get(key);
      if (!sum) m.set(key, (sum = zero()));
      addCounters(sum, from[key], sign);
    }
  };
  const accumulate = (r: SalesRollup, sign: 1 | -1) => {
    addCounters(totals, r.t, sign);
    into(byProject, dimensionOf(r, 'p', scope.projectId, ROLLUP_COUNTERS.project), sign);
    into(byRealEstate, dimensionOf(r, 'r', scope.realEstateCompanyId, ROLLUP_COUNTERS.realEstateCompany), sign);
    into(byPartner, dimensionOf(r, 'c', scope.partnerCompanyId, ROLLUP_COUNTERS.partnerCompany), sign);
    for (const projectKey in r.y ?? {}) {
      let typologies = byTypology.get(projectKey);
      if (!typologies) byTypology.set(projectKey, (typologies = new Map()));
      into(typologies, r.y![projectKey], sign);
    }
  };
  for (const r of added) accumulate(r, 1);
  for (const r of subtracted) accumulate(r, -1);
  if (subtracted.length) {
    // What a subtracted day took back entirely is not there: as if it had never been added.
    for (const m of [byProject, byRealEstate, byPartner, ...byTypology.values()]) for (const [key, c] of m) if (isZero(c)) m.delete(key);
    for (const [key, m] of byTypology) if (m.size === 0) byTypology.delete(key);
  }
  // The series from the totals of its days, or of its whole months and edge days (a month's `_id` period is
  // `2026-11`, drawn as its first day).
  for (const r of periodTotals) {
    const period = periodOfRollup(r._id);
    const sum = series.get(periodOf(period.length === 7 ? `${period}-01` : period, q.granularity));
    if (sum) addCounters(sum, r.t);
  }
  const decoded = <V>(m: Map<string, V>): [string, V][] => [...m].map(([key, value]) => [decodeKey(key), value]);
  const names = await namesOf(store, [...byProject.keys()].map(decodeKey));
  return {
    from: q.from,
    to: q.to,
    granularity: q.granularity,
    totals: new ReservationFigures(totals),
    // Rows are class instances (sales-answer-rows.ts): object literals with spreads lost their shared hidden class.
    series: Array.from(series, ([period, c]) => new SeriesRow(period, c)),
    byProject: decoded(byProject)
      .map(([projectId, c]) => new ProjectRow(projectId, names.get(projectId)?.name ?? projectId, names.get(projectId)?.realEstateCompanyId ?? '-', c))
      .sort((a, b) => b.confirmed - a.confirmed || b.started - a.started || byName(a.projectName, b.projectName)),
    byRealEstateCompany: decoded(byRealEstate)
      .map(([companyId, c]) => new RealEstateCompanyRow(companyId, c))
      .sort((a, b) => b.confirmed - a.confirmed || a.companyId.localeCompare(b.companyId)),
    byPartnerCompany: decoded(byPartner)
      .map(([companyId, c]) => new PartnerCompanyRow(companyId, c))
      .sort((a, b) => b.confirmed - a.confirmed || a.companyId.localeCompare(b.companyId)),
    // By project name, then typology: the projects sorted once, each one's few typologies among themselves
    // (sorting the 800 rows whole compared names ten times as often).
    byTypology: decoded(byTypology)
      .map(([projectId, typologies]) => ({ projectId, projectName: names.get(projectId)?.name ?? projectId, typologies }))
      .sort((a, b) => byName(a.projectName, b.projectName))
      .flatMap(({ projectId, projectName, typologies }) =>
        decoded(typologies)
          .sort(([a], [b]) => byName(a, b))
          .map(([typology, c]) => new TypologyRow(projectId, projectName, typology, c)),
      ),
    funnel: { visits: totals.views, leads: totals.leads, quotes: totals.quotes, reservations: totals.started, confirmed: totals.confirmed },
    rates: {
      /** Holds that ran out unpaid, of the holds granted. */
      holdExpiry: rate(totals.expired, totals.held),
      /** Payments the bank rejected, of the payments started. */
      paymentRejection: rate(totals.paymentRejected, totals.paymentAttempts),
    },
    contribution: { committedUF: round2(totals.contributionCommittedUF), paidUF: round2(totals.contributionPaidUF) },
    engagement: { views: totals.views, favourites: totals.favourites },
  };
};

const namesOf = async (store: ReadStore, projectIds: string[]) => {
  if (projectIds.length === 0) return new Map<string, { name: string; realEstateCompanyId: string }>();
  const docs = await store.collection<{ _id: string; [k: string]: unknown }>(SALES_REFS).find({ _id: { $in: projectIds.map((p) => `project:${p}`) } });
  return new Map(docs.map((d) => [d._id.slice('project:'.length), { name: String(d.name ?? ''), realEstateCompanyId: String(d.realEstateCompanyId ?? '-') }]));
};

/** The dashboard's filter choices: projects (with their real-estate company) the analytics know of, within a scope. */
export const analyticsProjects = async (store: ReadStore, scope: SalesScope) => {
  const docs = await store.collection<{ _id: string; [k: string]: unknown }>(SALES_REFS).find({ _id: { $regex: '^project:' } });
  return docs
    .map((d) => ({
      id: d._id.slice('project:'.length),
      name: String(d.name ?? ''),
      realEstateCompanyId: String(d.realEstateCompanyId ?? '-'),
      realEstateName: String(d.realEstateName ?? ''),
    }))
    .filter((p) => (!scope.realEstateCompanyId || p.realEstateCompanyId === scope.realEstateCompanyId) && (!scope.projectId || p.id === scope.projectId))
    .sort((a, b) => byName(a.name, b.name));
};

/**
 * What reservations committed, as the analytics recorded them when each was requested: the unit's price and
 * the contribution of the buyer's employer at that moment (UF). Keyed by reservation id.
 */
export const reservationTerms = async (store: ReadStore, reservationIds: readonly string[]) => {
  if (reservationIds.length === 0) return new Map<string, { priceUF: number; contributionUF: number }>();
  const docs = await store
    .collection<{ _id: string; [k: string]: unknown }>(SALES_REFS)
    .find({ _id: { $in: reservationIds.map((id) => `reservation:${id}`) } }, { projection: { priceUF: 1, contributionUF: 1 } });
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  return new Map(docs.map((d) => [d._id.slice('reservation:'.length), { priceUF: num(d.priceUF), contributionUF: num(d.contributionUF) }]));
};
