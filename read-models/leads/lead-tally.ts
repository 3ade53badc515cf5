import { isFinalLeadStatus } from '../../domain/leads/lead';
import { decodeKey, encodeKey } from '../shared/map-keys';
import type { LeadRow } from './lead-doc';

/**
 * What one lead adds to the lead dashboard, as counters under dotted paths (the `$inc` a day's tally takes):
 * its status, source, score band, advisor, and how its first contact went against the 24-hour promise. A lead
 * still waiting for its first contact with a due time is "open": whether it is overdue depends on when the
 * dashboard is read. It is counted under the UTC day it falls due (`due.<day>.<advisor>`: all overdue once that
 * day is past, all pending before it) and kept by id with its due time, read only for the day being lived.
 *
 * The same function serves both ways of reading: the day tallies the projection keeps (`lead_day_tallies`:
 * the sum of its leads' contributions, moved by the difference on every event) and the rows of a scoped read
 * (a company's projects or collaborators), summed at read time, so both give the same figures.
 */
export interface LeadContribution {
  readonly inc: Readonly<Record<string, number>>;
  readonly open: { readonly due: string; readonly advisor: string } | null;
}

export const SCORE_BANDS = [
  { band: '0-19', min: 0, max: 19 },
  { band: '20-39', min: 20, max: 39 },
  { band: '40-59', min: 40, max: 59 },
  { band: '60-79', min: 60, max: 79 },
  { band: '80-100', min: 80, max: 100 },
] as const;

/** Map keys of a tally: never empty, never a number (a path segment '0' would mean an array index). */
export const tallyKey = (value: string): string => `_${encodeKey(value)}`;
export const fromTallyKey = (key: string): string => decodeKey(key.slice(1));

const NO_ADVISOR = 'none';
/** The UTC day of a due time: before it every lead due that day is pending, after it overdue. */
const dueDayOf = (due: string): string => new Date(due).toISOString().slice(0, 10);
const round1 = (n: number): number => Math.round(n * 10) / 10;
const hoursBetween = (from: string, to: string): number => (Date.parse(to) - Date.parse(from)) / 3_600_000;

export const contributionOf = (row: LeadRow): LeadContribution => {
  const inc: Record<string, number> = { n: 1 };
  const add = (path: string, n = 1) => (inc[path] = (inc[path] ?? 0) + n);
  add(`status.${tallyKey(row.status)}`);
  add(`source.${tallyKey(String(row.source ?? ''))}`);
  const score = typeof row.score === 'number' ? row.score : 0;
  const band = SCORE_BANDS.findIndex((b) => score >= b.min && score <= b.max);
  if (band >= 0) add(`band.b${band}`);
  const advisor = tallyKey(typeof row.advisorId === 'string' ? row.advisorId : NO_ADVISOR);
  add(`adv.${advisor}.total`);
  const due = typeof row.contactDueAt === 'string' ? row.contactDueAt : null;
  const contacted = typeof row.firstContactAt === 'string' ? row.firstContactAt : null;
  const start = typeof row.promisedAt === 'string' ? row.promisedAt : typeof row.assignedAt === 'string' ? row.assignedAt : null;
  let open: LeadContribution['open'] = null;
  if (contacted) {
    add(`adv.${advisor}.contacted`);
    if (start) {
      const hours = hoursBetween(start, contacted);
      add('fc.hoursN');
      add('fc.hoursSum', hours);
      // Rounded as the dashboard shows it: rounding keeps the order, so the median read off this histogram is
      // the rounded median of the exact hours.
      add(`hours.${tallyKey(String(round1(hours)))}`);
    }
    if (!due || contacted <= due) {
      add('fc.onTime');
      add(`adv.${advisor}.onTime`);
    } else add('fc.late');
  } else if (due && !isFinalLeadStatus(row.status)) {
    open = { due, advisor };
    add(`due.${tallyKey(dueDayOf(due))}.${advisor}`);
  }
  return { inc, open };
};

/** The counters that move when a lead's contribution goes from `before` (null: not yet captured) to `after`. */
export const tallyChange = (before: LeadContribution | null, after: LeadContribution): Record<string, number> => {
  const inc: Record<string, number> = { ...after.inc };
  for (const [path, n] of Object.entries(before?.inc ?? {})) inc[path] = (inc[path] ?? 0) - n;
  for (const path of Object.keys(inc)) if (inc[path] === 0) delete inc[path];
  return inc;
};

/** A day's tally as stored: nested counters. */
export interface LeadTally {
  [key: string]: unknown;
}

/** The leads of a day still open (waiting for a first contact with a due time), by lead id. */
export type OpenLeads = Record<string, { due: string; advisor: string }>;

type Nested = { [key: string]: number | Nested };

/** Adds nested counters (everything but `_id`) into `into`. */
const addNested = (into: Nested, from: Record<string, unknown>): void => {
  for (const key in from) {
    if (key === '_id') continue;
    const value = from[key];
    if (typeof value === 'number') into[key] = ((into[key] as number | undefined) ?? 0) + value;
    else if (value && typeof value === 'object') addNested(((into[key] as Nested | undefined) ??= {}) as Nested, value as Record<string, unknown>);
  }
};

/** A contribution's dotted counters as the nested shape a stored tally has. */
const nestedOf = (inc: Readonly<Record<string, number>>): Nested => {
  const out: Nested = {};
  for (const [path, n] of Object.entries(inc)) {
    const segments = path.split('.');
    let node = out;
    for (const s of segments.slice(0, -1)) node = (node[s] ??= {}) as Nested;
    const last = segments[segments.length - 1];
    node[last] = ((node[last] as number | undefined) ?? 0) + n;
  }
  return out;
};

/**
 * Sums tallies (the stored days of a range, or the contributions of a scoped read's rows), and the open leads
 * due on `today` (UTC), the only ones whose due time must be compared with the time of the read.
 */
export class TallySum {
  readonly counters: Nested = {};
  readonly dueToday: { due: string; advisor: string }[] = [];

  constructor(readonly today: string) {}

  addTally(tally: LeadTally): void {
    addNested(this.counters, tally);
  }

  /** The open leads of a day whose due bucket is `today`. */
  addOpen(open: OpenLeads): void {
    for (const entry of Object.values(open)) if (dueDayOf(entry.due) === this.today) this.dueToday.push(entry);
  }

  addContribution(c: LeadContribution): void {
    addNested(this.counters, nestedOf(c.inc));
    if (c.open && dueDayOf(c.open.due) === this.today) this.dueToday.push(c.open);
  }

  /** Whether a day's tally counts leads falling due today (then its open leads must be read). */
  static hasDueOn(tally: LeadTally, today: string): boolean {
    const due = tally.due as Record<string, unknown> | undefined;
    return due !== undefined && tallyKey(today) in due;
  }

  /** Open leads overdue and pending at `now`, in all and per advisor key. */
  openAt(now: Date): { overdue: number; pending: number; overdueBy: Map<string, number> } {
    const overdueBy = new Map<string, number>();
    let overdue = 0;
    let pending = 0;
    const todayKey = tallyKey(this.today);
    for (const [dayKey, byAdvisor] of Object.entries((this.counters.due ?? {}) as Nested)) {
      if (dayKey === todayKey) continue;
      const past = fromTallyKey(dayKey) < this.today;
      for (const [advisor, count] of Object.entries(byAdvisor as Nested)) {
        const n = count as number;
        if (!past) pending += n;
        else {
          overdue += n;
          overdueBy.set(advisor, (overdueBy.get(advisor) ?? 0) + n);
        }
      }
    }
    for (const { due, advisor } of this.dueToday) {
      if (Date.parse(due) < now.getTime()) {
        overdue += 1;
        overdueBy.set(advisor, (overdueBy.get(advisor) ?? 0) + 1);
      } else pending += 1;
    }
    return { overdue, pending, overdueBy };
  }
}
