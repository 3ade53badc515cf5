import type { Projection } from '../../kernel/projections/projection';
import { guardedUpsert } from '../../kernel/projections/guarded-writes';
import type { CollaboratorEvent } from '../../domain/companies/collaborator';

export const COLLABORATORS = 'collaborators';

export interface CollaboratorDoc {
  _id: string;
  [key: string]: unknown;
  userId: string | null;
  companyId: string;
  companyName: string;
  companyContributionUF: number;
  plan: string;
  post: string;
  active: boolean;
}

/** Collaborators of partner companies, looked up by user for the profile and the financing simulator. */
export const collaboratorsProjection: Projection<CollaboratorEvent> = {
  name: 'collaborators',
  collections: [COLLABORATORS],
  categories: ['collaborator'],
  eventTypes: ['CollaboratorEnrolled', 'CollaboratorUpdated', 'CollaboratorDeactivated'],
  indexes: [
    { collection: COLLABORATORS, keys: { userId: 1 } },
    { collection: COLLABORATORS, keys: { companyId: 1 } },
  ],
  async apply(recorded, store) {
    const event: CollaboratorEvent = recorded;
    const docs = store.collection<CollaboratorDoc>(COLLABORATORS);
    switch (event.type) {
      case 'CollaboratorEnrolled': {
        const { enrolledAt, collaboratorId, ...data } = event.data;
        await guardedUpsert(docs, collaboratorId, recorded, { $set: { ...data, active: true, enrolledAt, revision: recorded.revision } });
        return;
      }
      case 'CollaboratorUpdated':
        await guardedUpsert(docs, event.data.collaboratorId, recorded, { $set: { ...event.data.changes, revision: recorded.revision } });
        return;
      case 'CollaboratorDeactivated':
        await guardedUpsert(docs, event.data.collaboratorId, recorded, { $set: { active: false, revision: recorded.revision } });
        return;
    }
  },
};
