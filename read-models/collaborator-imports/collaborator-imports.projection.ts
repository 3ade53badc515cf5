import type { Projection } from '../../kernel/projections/projection';
import { guardedUpsert } from '../../kernel/projections/guarded-writes';
import type { ReadStore } from '../../kernel/ports/read-store';
import type { CollaboratorImportEvent, CollaboratorImportStatus } from '../../domain/companies/collaborator-import';

const COLLABORATOR_IMPORTS = 'collaborator_imports';

export interface CollaboratorImportDoc {
  _id: string;
  [key: string]: unknown;
  status: CollaboratorImportStatus;
  companyId: string;
  fileName: string;
  total: number;
  startedAt: string;
  finishedAt: string | null;
}

/** The collaborators' imports: the ones to resume at start-up (each import's progress is read from its stream). */
export const collaboratorImportsProjection: Projection<CollaboratorImportEvent> = {
  name: 'collaborator-imports',
  collections: [COLLABORATOR_IMPORTS],
  categories: ['collaborator'],
  eventTypes: ['CollaboratorImportStarted', 'CollaboratorImportCompleted', 'CollaboratorImportFailed'],
  indexes: [{ collection: COLLABORATOR_IMPORTS, keys: { status: 1 } }],
  async apply(recorded, store) {
    const docs = store.collection<CollaboratorImportDoc>(COLLABORATOR_IMPORTS);
    const event: CollaboratorImportEvent = recorded;
    const id = event.data.importId;
    switch (event.type) {
      case 'CollaboratorImportStarted': {
        const { companyId, fileName, total, startedAt } = event.data;
        await guardedUpsert(docs, id, recorded, { $set: { status: 'processing', companyId, fileName, total, startedAt, finishedAt: null } });
        return;
      }
      case 'CollaboratorImportCompleted':
        await guardedUpsert(docs, id, recorded, { $set: { status: 'completed', finishedAt: event.data.completedAt } });
        return;
      case 'CollaboratorImportFailed':
        await guardedUpsert(docs, id, recorded, { $set: { status: 'failed', finishedAt: event.data.failedAt } });
        return;
      default:
        return;
    }
  },
};

export const unfinishedCollaboratorImports = async (store: ReadStore): Promise<string[]> =>
  (await store.collection<CollaboratorImportDoc>(COLLABORATOR_IMPORTS).find({ status: 'processing' }, { projection: { _id: 1 } })).map((d) => d._id);
