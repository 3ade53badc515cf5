import type { Projection } from '../../kernel/projections/projection';
import { guardedUpsert } from '../../kernel/projections/guarded-writes';
import type { Filter, ReadStore } from '../../kernel/ports/read-store';
import type { CampaignEvent, CampaignStatus } from '../../domain/campaigns/campaign';

const CAMPAIGNS = 'campaigns';

export interface CampaignDoc {
  _id: string;
  [key: string]: unknown;
  companyId: string;
  name: string;
  description: string;
  status: CampaignStatus;
  startDate: string;
  endDate: string | null;
  autoEnrollment: boolean;
  selfEnrollmentByRut: boolean;
  /** collaboratorId -> how they joined; a map so a redelivered enrolment sets the same key again. */
  enrolled?: Record<string, { via: string; enrolledAt: string }>;
}

const STATUS_OF: Partial<Record<CampaignEvent['type'], CampaignStatus>> = {
  CampaignLaunched: 'active',
  CampaignResumed: 'active',
  CampaignPaused: 'paused',
  CampaignEnded: 'ended',
  CampaignEliminated: 'eliminated',
};

/** Campaign list for the back office and the company portal. */
export const campaignsProjection: Projection<CampaignEvent> = {
  name: 'campaigns',
  collections: [CAMPAIGNS],
  categories: ['campaign'],
  eventTypes: [
    'CampaignCreated',
    'CampaignDetailsChanged',
    'CampaignLaunched',
    'CampaignPaused',
    'CampaignResumed',
    'CampaignEnded',
    'CampaignEliminated',
    'CampaignCollaboratorEnrolled',
  ],
  indexes: [{ collection: CAMPAIGNS, keys: { companyId: 1 } }],
  async apply(recorded, store) {
    const event: CampaignEvent = recorded;
    const docs = store.collection<CampaignDoc>(CAMPAIGNS);
    const id = event.data.campaignId;
    if (event.type === 'CampaignCreated') {
      const { createdAt, campaignId: _id, ...details } = event.data;
      await guardedUpsert(docs, id, recorded, { $set: { ...details, createdAt, revision: recorded.revision }, $setOnInsert: { status: 'draft' } });
    } else if (event.type === 'CampaignDetailsChanged') {
      await guardedUpsert(docs, id, recorded, { $set: { ...event.data.changes, revision: recorded.revision } });
    } else if (event.type === 'CampaignCollaboratorEnrolled') {
      await guardedUpsert(docs, id, recorded, {
        $set: { [`enrolled.${event.data.collaboratorId}`]: { via: event.data.via, enrolledAt: event.data.enrolledAt } },
      });
    } else {
      await guardedUpsert(docs, id, recorded, { $set: { status: STATUS_OF[event.type], revision: recorded.revision } });
    }
  },
};

export const listCampaigns = async (store: ReadStore, q: { companyId?: string; status?: CampaignStatus }) => {
  const filter: Filter = { name: { $exists: true } };
  if (q.companyId) filter.companyId = q.companyId;
  if (q.status) filter.status = q.status;
  const docs = await store.collection<CampaignDoc>(CAMPAIGNS).find(filter, { sort: { startDate: -1, _id: 1 } });
  return {
    items: docs.map(({ _id, enrolled, _v: _versions, revision: _revision, ...rest }) => ({
      id: _id,
      ...rest,
      enrolledCount: Object.keys(enrolled ?? {}).length,
    })),
  };
};

/** One campaign with the stream revision its last event left (the ETag for an edit). */
export const getCampaign = async (store: ReadStore, campaignId: string) => {
  const doc = await store.collection<CampaignDoc>(CAMPAIGNS).findOne({ _id: campaignId });
  if (!doc || typeof doc.name !== 'string') return null;
  const { _id, enrolled, _v: _versions, revision, ...rest } = doc;
  return { id: _id, ...rest, enrolledCount: Object.keys(enrolled ?? {}).length, revision: typeof revision === 'number' ? revision : 0 };
};
