import type { ReadStore } from '../../application/ports/read-store';
import { CONTACT_PROMISE_HOURS, LEAD_ACTIVITIES, LEAD_STATUSES } from '../../domain/leads/lead';
import { nextCalendarDay } from '../../domain/shared/chile-day';
import { LEAD_DAYS, type LeadDay, type LeadRow } from '../leads/leads.queries';

export interface LeadAnalyticsQuery {
  from: string;
  to: string;
  /** Leads that touched one of these projects (a real-estate company's scope). */
  projectIds?: readonly string[];
  /** Leads of these accounts (a partner employer's collaborators). */
  userIds?: readonly string[];
}

const SCORE_BANDS = [
  { band: '0-19', min: 0, max: 19 },
  { band: '20-39', min: 20, max: 39 },
  { band: '40-59', min: 40, max: 59 },
  { band: '60-79', min: 60, max: 79 },
  { band: '80-100', min: 80, max: 100 },
] as const;

const hours = (from: string, to: string): number => (Date.parse(to) - Date.parse(from)) / 3_600_000;

/** The Chilean days from `from` to `to`, inclusive (yyyy-mm-dd). */
const daysBetween = (from: string, to: string): string[] => {
  const days: string[] = [];
  for (let day = from; day <= to; day = nextCalendarDay(day)) days.push(day);
  return days;
};

/**
 * The rows of the leads captured on the range's days (`lead_days`, fetched by `_id`: no scan of every lead)
 * within the query's scope: leads that touched one of its projects, or of one of its accounts.
 */
const leadsCapturedIn = async (store: ReadStore, q: LeadAnalyticsQuery): Promise<LeadRow[]> => {
  const ids = q.from <= q.to ? daysBetween(q.from, q.to) : [];
  const days = ids.length ? await store.collection<LeadDay>(LEAD_DAYS).find({ _id: { $in: ids } }) : [];
  const projects = q.projectIds ? new Set(q.projectIds) : null;
  const users = q.userIds ? new Set(q.userIds) : null;
  const rows: LeadRow[] = [];
  for (const day of days)
    for (const row of Object.values(day.rows ?? {})) {
      if (projects && !(row.projectIds ?? []).some((p) => projects.has(p))) continue;
      if (users && !(typeof row.userId === 'string' && users.has(row.userId))) continue;
      rows.push(row);
    }
  return rows;
};

/**
 * The lead dashboard, from the leads read model (itself a projection of the lead events; here each lead's row
 * in its capture day, see LEAD_DAYS): by status, source and advisor, score distribution, and the time to first
 * contact against the 24-hour promise (from the first contact request, else the assignment, to the first move
 * of the sales team).
 */
export const leadAnalytics = async (store: ReadStore, q: LeadAnalyticsQuery, now: Date) => {
  const docs = await leadsCapturedIn(store, q);
  const byStatus = Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0])) as Record<string, number>;
  const bySource = Object.fromEntries(LEAD_ACTIVITIES.map((s) => [s, 0])) as Record<string, number>;
  const advisors = new Map<string, { total: number; contacted: number; onTime: number; overdue: number }>();
  const scores = SCORE_BANDS.map((b) => ({ band: b.band, count: 0 }));
  const firstContactHours: number[] = [];
  let onTime = 0;
  let late = 0;
  let overdue = 0;
  let pending = 0;
  for (const d of docs) {
    byStatus[d.status] = (byStatus[d.status] ?? 0) + 1;
    const source = String(d.source ?? '');
    bySource[source] = (bySource[source] ?? 0) + 1;
    const score = typeof d.score === 'number' ? d.score : 0;
    const band = SCORE_BANDS.findIndex((b) => score >= b.min && score <= b.max);
    if (band >= 0) scores[band].count += 1;
    const advisorId = typeof d.advisorId === 'string' ? d.advisorId : 'none';
    const a = advisors.get(advisorId) ?? { total: 0, contacted: 0, onTime: 0, overdue: 0 };
    a.total += 1;
    const due = typeof d.contactDueAt === 'string' ? d.contactDueAt : null;
    const contacted = typeof d.firstContactAt === 'string' ? d.firstContactAt : null;
    const start = typeof d.promisedAt === 'string' ? d.promisedAt : typeof d.assignedAt === 'string' ? d.assignedAt : null;
    if (contacted) {
      a.contacted += 1;
      if (start) firstContactHours.push(hours(start, contacted));
      if (!due || contacted <= due) {
        onTime += 1;
        a.onTime += 1;
      } else late += 1;
    } else if (due && d.status !== 'derivated' && d.status !== 'rejected') {
      if (Date.parse(due) < now.getTime()) {
        overdue += 1;
        a.overdue += 1;
      } else pending += 1;
    }
    advisors.set(advisorId, a);
  }
  firstContactHours.sort((x, y) => x - y);
  const median = firstContactHours.length ? firstContactHours[Math.floor((firstContactHours.length - 1) / 2)] : null;
  const avg = firstContactHours.length ? firstContactHours.reduce((s, h) => s + h, 0) / firstContactHours.length : null;
  const round1 = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);
  return {
    from: q.from,
    to: q.to,
    total: docs.length,
    byStatus: LEAD_STATUSES.map((status) => ({ status, count: byStatus[status] ?? 0 })),
    bySource: Object.entries(bySource).map(([source, count]) => ({ source, count })),
    byAdvisor: [...advisors.entries()].map(([advisorId, v]) => ({ advisorId: advisorId === 'none' ? null : advisorId, ...v })),
    scoreDistribution: scores,
    firstContact: {
      promiseHours: CONTACT_PROMISE_HOURS,
      contacted: onTime + late,
      onTime,
      late,
      overdue,
      pending,
      onTimeRate: onTime + late > 0 ? Math.round((onTime / (onTime + late)) * 10_000) / 10_000 : 0,
      medianHours: round1(median),
      averageHours: round1(avg),
    },
  };
};
