import type { Projection } from '../../application/projections/projection';
import { guardedUpsert } from '../../application/projections/guarded-writes';
import type { RecordedEvent } from '../../application/ports/event-store';
import type { Filter, ReadStore } from '../../application/ports/read-store';
import { erasedSubjectOf, PERSONAL_DATA_CATEGORY, PERSONAL_DATA_ERASED } from '../../application/personal-data/personal-data-erased';
import { SHREDDED_TEXT } from '../../application/personal-data/pii-codec';
import type { LeadEvent, LeadStatus } from '../../domain/leads/lead';

export const LEADS = 'leads';

export interface LeadDoc {
  _id: string;
  [key: string]: unknown;
  email: string;
  status: LeadStatus;
  createdAt: string;
  lastActivityAt: string;
}

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
export const leadsProjection: Projection = {
  name: 'leads',
  collections: [LEADS],
  categories: ['lead', PERSONAL_DATA_CATEGORY],
  eventTypes: ['LeadCaptured', 'LeadActivityRecorded', 'LeadStatusChanged', 'LeadScored', 'LeadPreApproved', 'LeadProfilingStopped', 'LeadProfilingResumed', PERSONAL_DATA_ERASED],
  indexes: [{ collection: LEADS, keys: { lastActivityAt: -1 } }, { collection: LEADS, keys: { status: 1 } }],
  async apply(recorded: RecordedEvent, store: ReadStore) {
    const docs = store.collection<LeadDoc>(LEADS);
    const erased = erasedSubjectOf(recorded);
    if (erased !== null) return scrubErasedLead(store, erased);
    const event = { type: recorded.type, data: recorded.data } as LeadEvent;
    const id = event.data.leadId;
    switch (event.type) {
      case 'LeadCaptured': {
        const { leadId: _id, capturedAt, ...contact } = event.data;
        await guardedUpsert(docs, id, recorded, {
          $set: { ...contact, createdAt: capturedAt, lastActivityAt: capturedAt },
          $setOnInsert: { status: 'unfinished', score: 0, profiled: true, preApproved: false, contactRequests: 0, documentsDownloaded: 0, reservations: 0, websiteVisits: 0, chatMessages: 0, projectIds: [], activities: [] },
        });
        return;
      }
      case 'LeadActivityRecorded': {
        const { leadId: _id, contact, recordedAt, ...activity } = event.data;
        await guardedUpsert(docs, id, recorded, {
          $set: { ...contact, lastActivityAt: recordedAt },
          $inc: { [COUNTER[activity.kind]]: 1 },
          $push: { activities: { ...activity, at: recordedAt } },
          ...(activity.projectId ? { $addToSet: { projectIds: activity.projectId } } : {}),
        });
        return;
      }
      case 'LeadStatusChanged':
        await guardedUpsert(docs, id, recorded, { $set: { status: event.data.to, statusChangedAt: event.data.changedAt, statusChangedBy: event.data.changedBy } });
        return;
      case 'LeadScored':
        await guardedUpsert(docs, id, recorded, { $set: { score: event.data.score } });
        return;
      case 'LeadPreApproved':
        await guardedUpsert(docs, id, recorded, { $set: { preApproved: true, preApprovedAt: event.data.preApprovedAt } });
        return;
      // Opposition to profiling: no score is kept or shown ("no perfilado"); a later LeadScored sets it again.
      case 'LeadProfilingStopped':
        await guardedUpsert(docs, id, recorded, { $set: { score: null, profiled: false } });
        return;
      case 'LeadProfilingResumed':
        await guardedUpsert(docs, id, recorded, { $set: { profiled: true } });
        return;
    }
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
    const activities = Array.isArray(lead.activities)
      ? lead.activities.map((a: Record<string, unknown>) => (typeof a.message === 'string' ? { ...a, message: SHREDDED_TEXT } : a))
      : lead.activities;
    await docs.updateOne({ _id: lead._id }, { $set: { ...SCRUBBED_CONTACT, activities } });
  }
};

export interface LeadsQuery {
  status?: LeadStatus;
  source?: string;
  projectId?: string;
  search?: string;
  page: number;
  perPage: number;
}

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const listLeads = async (store: ReadStore, q: LeadsQuery) => {
  const and: Filter[] = [{ email: { $exists: true } }];
  if (q.status) and.push({ status: q.status });
  if (q.source) and.push({ source: q.source });
  if (q.projectId) and.push({ projectIds: q.projectId });
  if (q.search?.trim()) {
    const pattern = escapeRegex(q.search.trim());
    and.push({ $or: ['name', 'email', 'company', 'dni'].map((f) => ({ [f]: { $regex: pattern, $options: 'i' } })) });
  }
  const docs = store.collection<LeadDoc>(LEADS);
  const [items, total] = await Promise.all([
    docs.find({ $and: and }, { sort: { lastActivityAt: -1, _id: 1 }, skip: (q.page - 1) * q.perPage, limit: q.perPage }),
    docs.countDocuments({ $and: and }),
  ]);
  return { items: items.map(({ _id, _v: _version, ...rest }) => ({ id: _id, ...rest })), total, page: q.page, perPage: q.perPage };
};
