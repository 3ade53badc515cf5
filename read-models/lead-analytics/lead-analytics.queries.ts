import type { ReadStore } from '../../kernel/ports/read-store';
import { CONTACT_PROMISE_HOURS, LEAD_ACTIVITIES, LEAD_STATUSES } from '../../domain/leads/lead';
import { calendarDays } from '../../domain/shared/chile-day';
import { contributionOf, fromTallyKey, SCORE_BANDS, tallyKey, TallySum } from '../leads/lead-tally';
import { LEAD_DAY_ROWS, LEAD_DAYS, leadDayRowIds, type LeadDay, type LeadDayRows } from '../leads/leads.queries';

export interface LeadAnalyticsQuery {
  from: string;
  to: string;
  /** Leads that touched one of these projects (a real-estate company's scope). */
  projectIds?: readonly string[];
  /** Leads of these accounts (a partner employer's collaborators). */
  userIds?: readonly string[];
}

/**
 * What the leads captured on the range's days add up to (fetched by `_id`: no scan of every lead). Every lead:
 * the days' tallies (`lead_days`). Within a company's scope (leads that touched one of its projects, or of one of
 * its accounts): the days' rows (`lead_day_rows`) of the leads in scope, each adding what it adds to a tally.
 */
const leadsCapturedIn = async (store: ReadStore, q: LeadAnalyticsQuery, now: Date): Promise<TallySum> => {
  const ids = q.from <= q.to ? calendarDays(q.from, q.to) : [];
  const sum = new TallySum(now.toISOString().slice(0, 10));
  if (ids.length === 0) return sum;
  const scoped = q.projectIds !== undefined || q.userIds !== undefined;
  const days = store.collection<LeadDay>(LEAD_DAYS);
  if (!scoped) {
    // Read only: the tallies are summed right away into fresh counters, never changed.
    const found = await days.find({ _id: { $in: ids } }, { readOnly: true, projection: { t: 1 } });
    for (const day of found) if (day.t) sum.addTally(day.t);
    // Leads falling due today are overdue or not by the hour: only those days' open leads are read.
    const dueToday = found.filter((day) => day.t && TallySum.hasDueOn(day.t, sum.today)).map((day) => day._id);
    if (dueToday.length) for (const day of await days.find({ _id: { $in: dueToday } }, { projection: { open: 1 } })) sum.addOpen(day.open ?? {});
    return sum;
  }
  const projects = q.projectIds ? new Set(q.projectIds) : null;
  const users = q.userIds ? new Set(q.userIds) : null;
  const shards = await store
    .collection<LeadDayRows>(LEAD_DAY_ROWS)
    .find({ _id: { $in: ids.flatMap(leadDayRowIds) } }, { readOnly: true, projection: { rows: 1 } });
  for (const shard of shards)
    for (const row of Object.values(shard.rows ?? {})) {
      if (projects && !(row.projectIds ?? []).some((p) => projects.has(p))) continue;
      if (users && !(typeof row.userId === 'string' && users.has(row.userId))) continue;
      sum.addContribution(contributionOf(row));
    }
  return sum;
};

type Counters = { [key: string]: number | Counters };
const num = (v: unknown): number => (typeof v === 'number' ? v : 0);
const mapOf = (v: unknown): Counters => (v && typeof v === 'object' ? (v as Counters) : {});
const round1 = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);

/** The median of a histogram of values (value -> count): the value at index (n-1)/2 of the sorted list. */
const medianOf = (histogram: Counters): number | null => {
  const values = Object.entries(histogram)
    .map(([key, count]) => [Number(fromTallyKey(key)), num(count)] as const)
    .filter(([, count]) => count > 0)
    .sort((a, b) => a[0] - b[0]);
  const n = values.reduce((s, [, count]) => s + count, 0);
  let index = Math.floor((n - 1) / 2);
  for (const [value, count] of values) {
    if (index < count) return value;
    index -= count;
  }
  return null;
};

/**
 * The lead dashboard, from the leads read model (itself a projection of the lead events; here the tallies and
 * rows of each capture day, see LEAD_DAYS): by status, source and advisor, score distribution, and the time to
 * first contact against the 24-hour promise (from the first contact request, else the assignment, to the first
 * move of the sales team). Whether a lead still waiting is overdue is decided now, against `now`.
 */
export const leadAnalytics = async (store: ReadStore, q: LeadAnalyticsQuery, now: Date) => {
  const sum = await leadsCapturedIn(store, q, now);
  const { counters } = sum;
  const status = mapOf(counters.status);
  const sources = mapOf(counters.source);
  const bands = mapOf(counters.band);
  const fc = mapOf(counters.fc);
  const bySource = new Map<string, number>(LEAD_ACTIVITIES.map((s) => [s, 0]));
  for (const [key, count] of Object.entries(sources)) bySource.set(fromTallyKey(key), (bySource.get(fromTallyKey(key)) ?? 0) + num(count));
  const { overdue, pending, overdueBy } = sum.openAt(now);
  const onTime = num(fc.onTime);
  const late = num(fc.late);
  const hoursN = num(fc.hoursN);
  return {
    from: q.from,
    to: q.to,
    total: num(counters.n),
    byStatus: LEAD_STATUSES.map((s) => ({ status: s, count: num(status[tallyKey(s)]) })),
    bySource: [...bySource].map(([source, count]) => ({ source, count })),
    byAdvisor: Object.entries(mapOf(counters.adv)).map(([key, value]) => {
      const a = mapOf(value);
      const advisorId = fromTallyKey(key);
      return {
        advisorId: advisorId === 'none' ? null : advisorId,
        total: num(a.total),
        contacted: num(a.contacted),
        onTime: num(a.onTime),
        overdue: overdueBy.get(key) ?? 0,
      };
    }),
    scoreDistribution: SCORE_BANDS.map((b, i) => ({ band: b.band, count: num(bands[`b${i}`]) })),
    firstContact: {
      promiseHours: CONTACT_PROMISE_HOURS,
      contacted: onTime + late,
      onTime,
      late,
      overdue,
      pending,
      onTimeRate: onTime + late > 0 ? Math.round((onTime / (onTime + late)) * 10_000) / 10_000 : 0,
      medianHours: hoursN > 0 ? round1(medianOf(mapOf(counters.hours))) : null,
      averageHours: hoursN > 0 ? round1(num(fc.hoursSum) / hoursN) : null,
    },
  };
};
