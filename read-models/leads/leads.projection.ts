import type { Projection } from '../../kernel/projections/projection';
import { appliedRevision, guardedUpsert } from '../../kernel/projections/guarded-writes';
import type { Filter, ReadStore } from '../../kernel/ports/read-store';
import { PERSONAL_DATA_CATEGORY, PERSONAL_DATA_ERASED } from '../../kernel/personal-data/personal-data-erased';
import { SHREDDED_TEXT } from '../../kernel/personal-data/pii-codec';
import { contactDueAt, isContactRequest, type LeadEvent, type LeadStatus } from '../../domain/leads/lead';
import type { PersonalDataErased } from '../../kernel/personal-data/personal-data-erased';
import { chileDay } from '../../domain/shared/chile-day';
import { encodeKey } from '../shared/map-keys';
import { contributionOf, tallyChange, type LeadContribution, type LeadTally, type OpenLeads } from './lead-tally';
import { LEAD_ROW_FIELDS, type LeadDoc, type LeadRow } from './lead-doc';

export type { LeadDoc, LeadRow } from './lead-doc';
import { dictionary } from '../../kernel/projections/dictionary';

export const LEADS = 'leads';
/**
 * A lead's activities (visits, quotes, chat messages, reservations: its timeline), kept apart from its document in
 * pages of ACTIVITIES_PER_PAGE (`_id` = `<leadId>#<page>`, page 0 first). A lead's document stays the size of its
 * fields however long it lives, and an activity rewrites one page at most, not every activity before it (a lead
 * with a thousand website visits rewrote ~50 KB at each new one). The lead's `activityCount` says which pages
 * exist, so a timeline is read by `_id`, never by a scan.
 */
export const LEAD_ACTIVITIES = 'lead_activities';
const ACTIVITIES_PER_PAGE = 25;
const activityPageId = (leadId: string, page: number): string => `${leadId}#${page}`;
export interface LeadActivityPage {
  _id: string;
  [key: string]: unknown;
  leadId: string;
  items: Record<string, unknown>[];
}

/** The `_id`s of a lead's activity pages, in order. */
const activityPageIds = (lead: Pick<LeadDoc, '_id' | 'activityCount'>): string[] =>
  Array.from({ length: Math.ceil((lead.activityCount ?? 0) / ACTIVITIES_PER_PAGE) }, (_, page) => activityPageId(lead._id, page));

/** A lead's activities, oldest first. */
export const leadActivities = async (store: ReadStore, lead: Pick<LeadDoc, '_id' | 'activityCount'>): Promise<Record<string, unknown>[]> => {
  const ids = activityPageIds(lead);
  if (ids.length === 0) return [];
  const pages = await store.collection<LeadActivityPage>(LEAD_ACTIVITIES).find({ _id: { $in: ids } });
  const byId = new Map(pages.map((page) => [page._id, page.items]));
  return ids.flatMap((id) => byId.get(id) ?? []);
};

/** What an erased person wrote in a lead's contact requests reads as their events now do. Safe to repeat. */
export const shredActivityMessages = async (store: ReadStore, lead: Pick<LeadDoc, '_id' | 'activityCount'>): Promise<void> => {
  const pages = store.collection<LeadActivityPage>(LEAD_ACTIVITIES);
  for (const page of await pages.find({ _id: { $in: activityPageIds(lead) } })) {
    if (!page.items.some((a) => typeof a.message === 'string' && a.message !== SHREDDED_TEXT)) continue;
    const items = page.items.map((a) => (typeof a.message === 'string' ? { ...a, message: SHREDDED_TEXT } : a));
    await pages.updateOne({ _id: page._id }, { $set: { items } });
  }
};
/**
 * The leads captured each Chilean calendar day (`_id` = the day of `createdAt` in Santiago): the day's tally
 * (`t`, lead-tally.ts: the sum of what its leads add to the dashboard, moved by the difference each event makes)
 * and its leads still waiting for a first contact (`open`). The dashboard reads the days of its range by `_id`.
 * A redelivered event leaves the lead as it was, so its tally moves by 0.
 */
export const LEAD_DAYS = 'lead_days';
/**
 * Each lead as the few fields the lead dashboard counts (`rows.<leadId>`, see LeadRow), kept equal to its lead
 * document, under its capture day, in LEAD_DAY_ROW_SHARDS documents per day (`_id` = `<day>#<shard>`, the shard
 * a hash of the lead's id): read, by `_id`, when a company's scope must pick its leads. In shards so that a busy
 * day's leads are not one document rewritten whole at every activity of any of them (one day's document held
 * every row until projection version 3: 29 KB for the benchmark's 64 buyers).
 */
export const LEAD_DAY_ROWS = 'lead_day_rows';
const LEAD_DAY_ROW_SHARDS = 16;
/** FNV-1a of the lead's id: stable across processes and versions, spread evenly. */
const shardOf = (leadId: string): number => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < leadId.length; i++) hash = Math.imul(hash ^ leadId.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % LEAD_DAY_ROW_SHARDS;
};
const leadDayRowsId = (day: string, shard: number): string => `${day}#${shard}`;
/** The `_id`s of a day's row documents. */
export const leadDayRowIds = (day: string): string[] => Array.from({ length: LEAD_DAY_ROW_SHARDS }, (_, shard) => leadDayRowsId(day, shard));
const leadDayOf = (createdAt: string): string => chileDay(createdAt);

export interface LeadDay {
  _id: string;
  [key: string]: unknown;
  t?: LeadTally;
  open?: OpenLeads;
}
export interface LeadDayRows {
  _id: string;
  [key: string]: unknown;
  rows?: Record<string, LeadRow>;
}

/**
 * The lead's dashboard fields and capture day, as its document has them now (null before its capture). Read from
 * the store's own object (readOnly) and never changed: a projection of its fields (a copy) cost ~20 µs per activity
 * under the reservations' load.
 */
const rowOf = async (store: ReadStore, leadId: string): Promise<{ day: string; row: LeadRow } | null> => {
  const lead = await store.collection<LeadDoc>(LEADS).findOne({ _id: leadId }, { readOnly: true });
  if (!lead || typeof lead.createdAt !== 'string' || typeof lead.email !== 'string') return null;
  // The row outlives this read (it is written after an await): its one array (projectIds, of strings) is copied.
  const row = keyedBy();
  for (const f of LEAD_ROW_FIELDS) {
    const value = lead[f];
    if (value !== undefined) row[f] = Array.isArray(value) ? [...(value as unknown[])] : value;
  }
  return { day: leadDayOf(lead.createdAt), row: row as LeadRow };
};

/** A dictionary (kernel/projections/dictionary.ts) of the keys and values given in turn: keys here name leads and tallies. */
const keyedBy = (...entries: unknown[]): Record<string, unknown> => {
  const object = dictionary();
  for (let i = 0; i < entries.length; i += 2) object[entries[i] as string] = entries[i + 1];
  return object;
};

const sameOpen = (a: LeadContribution['open'] | undefined, b: LeadContribution['open']): boolean =>
  (a ?? null) === b || (!!a && !!b && a.due === b.due && a.advisor === b.advisor);

/**
 * After any write to the lead: its row copied under its capture day (always: a redelivery after a crash between
 * the lead and its row puts the row right), and the day's tally moved by the change, written only when it moves
 * or the lead's wait for a first contact changes (most activities change neither).
 */
const syncLeadDay = async (store: ReadStore, leadId: string, before: LeadRow | null): Promise<void> => {
  const now = await rowOf(store, leadId);
  if (!now) return;
  const key = encodeKey(leadId);
  await store
    .collection<LeadDayRows>(LEAD_DAY_ROWS)
    .updateOne({ _id: leadDayRowsId(now.day, shardOf(leadId)) }, { $set: keyedBy(`rows.${key}`, now.row) }, { upsert: true });
  const was = before ? contributionOf(before) : null;
  const is = contributionOf(now.row);
  const inc = keyedBy();
  let moved = false;
  for (const [path, n] of Object.entries(tallyChange(was, is))) {
    inc[`t.${path}`] = n;
    moved = true;
  }
  const openChanged = !sameOpen(was?.open, is.open);
  if (!moved && !openChanged) return;
  const update = keyedBy();
  if (is.open && openChanged) update.$set = keyedBy(`open.${key}`, is.open);
  if (!is.open && was?.open) update.$unset = keyedBy(`open.${key}`, '');
  if (moved) update.$inc = inc;
  await store.collection<LeadDay>(LEAD_DAYS).updateOne({ _id: now.day }, update, { upsert: true });
};

const COUNTER: Record<string, string> = {
  contact_request: 'contactRequests',
  advisor_request: 'contactRequests',
  quote_downloaded: 'documentsDownloaded',
  quote_emailed: 'documentsDownloaded',
  reservation: 'reservations',
  website_visit: 'websiteVisits',
  chat_message: 'chatMessages',
};

/** The back office's leads list (spec §3 Lead fields), newest activity first. */
export const leadsProjection: Projection<LeadEvent | PersonalDataErased> = {
  name: 'leads',
  /**
   * 2: `lead_days` holds each lead's dashboard row under its Chilean capture day (1: ids per UTC day).
   * 3: activities in pages of their own (`lead_activities`), no longer an ever-growing array in the lead; the
   * days' rows in shards of their own (`lead_day_rows`).
   */
  version: 3,
  collections: [LEADS, LEAD_DAYS, LEAD_DAY_ROWS, LEAD_ACTIVITIES],
  categories: ['lead', PERSONAL_DATA_CATEGORY],
  eventTypes: [
    'LeadCaptured',
    'LeadActivityRecorded',
    'LeadStatusChanged',
    'LeadScored',
    'LeadPreApproved',
    'LeadAssigned',
    'LeadProfilingStopped',
    'LeadProfilingResumed',
    PERSONAL_DATA_ERASED,
  ],
  indexes: [
    { collection: LEADS, keys: { lastActivityAt: -1 } },
    { collection: LEADS, keys: { status: 1 } },
    { collection: LEADS, keys: { advisorId: 1 } },
  ],
  async apply(recorded, store) {
    const docs = store.collection<LeadDoc>(LEADS);
    if (recorded.type === PERSONAL_DATA_ERASED) return scrubErasedLead(store, recorded.data.subjectId);
    const event: LeadEvent = recorded;
    const id = event.data.leadId;
    const before = (await rowOf(store, id))?.row ?? null;
    switch (event.type) {
      case 'LeadCaptured': {
        const { leadId: _id, capturedAt, previousLeadId, ...contact } = event.data;
        await guardedUpsert(docs, id, recorded, {
          $set: { ...contact, previousLeadId: previousLeadId ?? null, createdAt: capturedAt, lastActivityAt: capturedAt },
          $setOnInsert: {
            status: 'unfinished',
            score: 0,
            profiled: true,
            preApproved: false,
            contactRequests: 0,
            documentsDownloaded: 0,
            reservations: 0,
            websiteVisits: 0,
            chatMessages: 0,
            projectIds: [],
            activityCount: 0,
            history: [],
            advisorId: null,
            assignedAt: null,
            promisedAt: null,
            contactDueAt: null,
            firstContactAt: null,
          },
        });
        break;
      }
      case 'LeadActivityRecorded': {
        const { leadId: _id, contact, recordedAt, ...activity } = event.data;
        // One stream feeds the document and the guard refuses a redelivery, so reading it first is safe. A few
        // fields are read, never changed: the store's own object.
        const current = await docs.findOne({ _id: id }, { readOnly: true });
        // A redelivery changes nothing: the page it went to is found by the count it already moved.
        if (current && appliedRevision(current, recorded.streamId) >= recorded.revision) break;
        const index = typeof current?.activityCount === 'number' ? current.activityCount : 0;
        // The page first, then the count: a crash between them redelivers the event to the same page, whose
        // own guard refuses it, and the count then moves.
        await guardedUpsert(store.collection<LeadActivityPage>(LEAD_ACTIVITIES), activityPageId(id, Math.floor(index / ACTIVITIES_PER_PAGE)), recorded, {
          $set: { leadId: id },
          $push: { items: { at: recordedAt, ...activity } },
        });
        const promise =
          isContactRequest(activity.kind) && !current?.promisedAt
            ? { promisedAt: recordedAt, ...(current?.assignedAt ? {} : { contactDueAt: contactDueAt(recordedAt, recordedAt) }) }
            : {};
        await guardedUpsert(docs, id, recorded, {
          $set: { lastActivityAt: recordedAt, ...contact, ...promise },
          $inc: keyedBy(COUNTER[activity.kind], 1, 'activityCount', 1),
          ...(activity.projectId ? { $addToSet: { projectIds: activity.projectId } } : {}),
        });
        break;
      }
      case 'LeadStatusChanged': {
        const { from, to, reason, changedBy, changedAt, manual } = event.data;
        const current = await docs.findOne({ _id: id }, { readOnly: true });
        await guardedUpsert(docs, id, recorded, {
          $set: {
            status: to,
            statusChangedAt: changedAt,
            statusChangedBy: changedBy,
            ...(manual && !current?.firstContactAt ? { firstContactAt: changedAt } : {}),
          },
          $push: { history: { kind: 'status_changed', from, to, reason, by: changedBy, manual: manual === true, at: changedAt } },
        });
        break;
      }
      case 'LeadAssigned': {
        const { advisorId, previousAdvisorId, assignedBy, assignedAt, contactDueAt: due } = event.data;
        await guardedUpsert(docs, id, recorded, {
          $set: { advisorId, assignedAt, contactDueAt: due },
          $push: { history: { kind: 'assigned', advisorId, previousAdvisorId, by: assignedBy, at: assignedAt } },
        });
        break;
      }
      case 'LeadScored':
        await guardedUpsert(docs, id, recorded, { $set: { score: event.data.score } });
        break;
      case 'LeadPreApproved':
        await guardedUpsert(docs, id, recorded, { $set: { preApproved: true, preApprovedAt: event.data.preApprovedAt } });
        break;
      // Opposition to profiling: no score is kept or shown ("no perfilado"); a later LeadScored sets it again.
      case 'LeadProfilingStopped':
        await guardedUpsert(docs, id, recorded, { $set: { score: null, profiled: false } });
        break;
      case 'LeadProfilingResumed':
        await guardedUpsert(docs, id, recorded, { $set: { profiled: true } });
        break;
    }
    await syncLeadDay(store, id, before);
  },
};

const SCRUBBED_CONTACT = { name: SHREDDED_TEXT, email: SHREDDED_TEXT, dni: SHREDDED_TEXT, phone: SHREDDED_TEXT, company: SHREDDED_TEXT, monthlyIncome: null };

/**
 * An erased lead (its own subject) or the leads of an erased account read as their events now do: events
 * sealed under the shredded key already replay as "titular suprimido", but a lead captured in clear before
 * encryption would come back on a rebuild without this. Safe to repeat.
 */
export const scrubErasedLead = async (store: ReadStore, subjectId: string): Promise<void> => {
  const docs = store.collection<LeadDoc>(LEADS);
  for (const lead of await docs.find({ $or: [{ _id: subjectId }, { userId: subjectId }] })) {
    await docs.updateOne({ _id: lead._id }, { $set: SCRUBBED_CONTACT });
    await shredActivityMessages(store, lead);
  }
};

export interface LeadsQuery {
  status?: LeadStatus;
  source?: string;
  projectId?: string;
  /** An advisor's id, or 'none' for the leads nobody was assigned. */
  advisorId?: string;
  scoreMin?: number;
  scoreMax?: number;
  /** Captured on or after / on or before these days (yyyy-mm-dd, Chile's calendar is not applied: UTC days). */
  from?: string;
  to?: string;
  preApproved?: boolean;
  search?: string;
  page: number;
  perPage: number;
}

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const nextDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();

const leadsFilter = (q: Omit<LeadsQuery, 'page' | 'perPage'>): Filter => {
  const and: Filter[] = [{ email: { $exists: true } }];
  if (q.status) and.push({ status: q.status });
  if (q.source) and.push({ source: q.source });
  if (q.projectId) and.push({ projectIds: q.projectId });
  if (q.advisorId) and.push(q.advisorId === 'none' ? { advisorId: null } : { advisorId: q.advisorId });
  if (q.scoreMin !== undefined) and.push({ score: { $gte: q.scoreMin } });
  if (q.scoreMax !== undefined) and.push({ score: { $lte: q.scoreMax } });
  if (q.from) and.push({ createdAt: { $gte: `${q.from}T00:00:00.000Z` } });
  if (q.to) and.push({ createdAt: { $lt: nextDay(q.to) } });
  if (q.preApproved !== undefined) and.push({ preApproved: q.preApproved });
  if (q.search?.trim()) {
    const pattern = escapeRegex(q.search.trim());
    and.push({ $or: ['name', 'email', 'company', 'dni'].map((f) => ({ [f]: { $regex: pattern, $options: 'i' } })) });
  }
  return { $and: and };
};

const LIST_FIELDS = (doc: LeadDoc) => {
  const { _id, _v: _version, history: _h, ...rest } = doc;
  return { id: _id, ...rest };
};

export const listLeads = async (store: ReadStore, q: LeadsQuery) => {
  const filter = leadsFilter(q);
  const docs = store.collection<LeadDoc>(LEADS);
  const [items, total] = await Promise.all([
    docs.find(filter, { sort: { lastActivityAt: -1, _id: 1 }, skip: (q.page - 1) * q.perPage, limit: q.perPage }),
    docs.countDocuments(filter),
  ]);
  return { items: items.map(LIST_FIELDS), total, page: q.page, perPage: q.perPage };
};

export const getLeadDoc = (store: ReadStore, leadId: string): Promise<LeadDoc | null> =>
  store.collection<LeadDoc>(LEADS).findOne({ _id: leadId, email: { $exists: true } });
