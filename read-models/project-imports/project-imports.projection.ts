import type { Projection } from '../../kernel/projections/projection';
import { guardedUpsert } from '../../kernel/projections/guarded-writes';
import type { Filter, ReadStore } from '../../kernel/ports/read-store';
import type { ProjectImportEvent, ProjectImportStatus } from '../../domain/catalog/project-import';

const PROJECT_IMPORTS = 'project_imports';

export interface ProjectImportDoc {
  _id: string;
  [key: string]: unknown;
  status: ProjectImportStatus;
  fileName: string;
  companyId: string | null;
  total: number;
  processed: number;
  created: number;
  projectsCreated: number;
  rejectedRows: number;
  startedAt: string;
  finishedAt: string | null;
}

/**
 * The bulk uploads, newest first (the import screen's history) and the ones to resume at start-up. The
 * counters are incremented under the stream-revision guard, so a redelivered event changes nothing.
 */
export const projectImportsProjection: Projection<ProjectImportEvent> = {
  name: 'project-imports',
  collections: [PROJECT_IMPORTS],
  categories: ['project'],
  eventTypes: [
    'ProjectImportStarted',
    'ProjectImportGroupLanded',
    'ProjectImportGroupRejected',
    'ProjectImportCancelled',
    'ProjectImportCompleted',
    'ProjectImportFailed',
  ],
  indexes: [{ collection: PROJECT_IMPORTS, keys: { status: 1 } }],
  async apply(recorded, store) {
    const docs = store.collection<ProjectImportDoc>(PROJECT_IMPORTS);
    const event: ProjectImportEvent = recorded;
    const id = event.data.importId;
    switch (event.type) {
      case 'ProjectImportStarted': {
        const { fileName, companyId, total, startedAt } = event.data;
        await guardedUpsert(docs, id, recorded, {
          $set: { status: 'processing', fileName, companyId, total, startedAt, finishedAt: null },
          $setOnInsert: { processed: 0, created: 0, projectsCreated: 0, rejectedRows: 0 },
        });
        return;
      }
      case 'ProjectImportGroupLanded':
        await guardedUpsert(docs, id, recorded, { $inc: { processed: event.data.rows, created: event.data.units, projectsCreated: 1 } });
        return;
      case 'ProjectImportGroupRejected':
        await guardedUpsert(docs, id, recorded, { $inc: { processed: event.data.rows, rejectedRows: new Set(event.data.rejected.map((r) => r.row)).size } });
        return;
      case 'ProjectImportCancelled':
        await guardedUpsert(docs, id, recorded, { $set: { status: 'cancelled', finishedAt: event.data.cancelledAt } });
        return;
      case 'ProjectImportCompleted':
        await guardedUpsert(docs, id, recorded, { $set: { status: 'completed', finishedAt: event.data.completedAt } });
        return;
      case 'ProjectImportFailed':
        await guardedUpsert(docs, id, recorded, { $set: { status: 'failed', finishedAt: event.data.failedAt } });
        return;
      default:
        return;
    }
  },
};

export const listProjectImports = async (store: ReadStore, companyId: string | null, limit = 20) => {
  const filter: Filter = companyId ? { companyId } : {};
  const docs = await store.collection<ProjectImportDoc>(PROJECT_IMPORTS).find(filter, { sort: { startedAt: -1, _id: 1 }, limit });
  return { items: docs.map(({ _id, _v: _version, _w: _written, ...doc }) => ({ id: _id, ...doc })) };
};

export const unfinishedImports = async (store: ReadStore): Promise<string[]> =>
  (await store.collection<ProjectImportDoc>(PROJECT_IMPORTS).find({ status: 'processing' }, { projection: { _id: 1 } })).map((d) => d._id);
