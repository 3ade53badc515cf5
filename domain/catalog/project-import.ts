import { DomainError } from '../shared/errors';
import type { CommandMetadata, Decider, DomainEvent } from '../shared/event';

/**
 * A bulk project upload (stream `project-import-<id>`, spec §4 bulk upload states): the file is stored,
 * then processed project by project. Each group of rows (one project and its units) either lands whole or
 * is rejected whole with its rows' errors; the stream records which groups are done, so an import cut
 * short (a restart, kill -9) resumes where it stopped. Cancel stops it between projects.
 */
export type RejectedRow = { row: number; field: string; message: string };

type Of = { importId: string };

export type ProjectImportEvent =
  | DomainEvent<
      'ProjectImportStarted',
      Of & { fileRef: string; fileName: string; format: 'csv' | 'xlsx'; total: number; groups: number; companyId: string | null; startedAt: string }
    >
  | DomainEvent<'ProjectImportGroupLanded', Of & { group: number; projectId: string; units: number; rows: number; landedAt: string }>
  | DomainEvent<'ProjectImportGroupRejected', Of & { group: number; rows: number; rejected: RejectedRow[]; rejectedAt: string }>
  | DomainEvent<'ProjectImportCancelRequested', Of & { requestedAt: string }>
  | DomainEvent<'ProjectImportCancelled', Of & { cancelledAt: string }>
  | DomainEvent<'ProjectImportCompleted', Of & { completedAt: string }>
  | DomainEvent<'ProjectImportFailed', Of & { error: string; failedAt: string }>;

export type ProjectImportStatus = 'idle' | 'processing' | 'completed' | 'failed' | 'cancelled';

export type ProjectImportState = {
  status: ProjectImportStatus;
  importId: string;
  fileRef: string;
  fileName: string;
  format: 'csv' | 'xlsx';
  companyId: string | null;
  total: number;
  groups: number;
  /** Groups already decided (landed or rejected): a resumed import skips them. */
  done: ReadonlySet<number>;
  processed: number;
  created: number;
  projectsCreated: number;
  rejected: RejectedRow[];
  cancelRequested: boolean;
  startedAt: string;
  finishedAt: string | null;
  error: string | null;
};

export type ProjectImportCommand =
  | {
      type: 'StartProjectImport';
      importId: string;
      fileRef: string;
      fileName: string;
      format: 'csv' | 'xlsx';
      total: number;
      groups: number;
      companyId: string | null;
    }
  | { type: 'RecordGroupLanded'; group: number; projectId: string; units: number; rows: number }
  | { type: 'RecordGroupRejected'; group: number; rows: number; rejected: RejectedRow[] }
  | { type: 'RequestCancel' }
  | { type: 'ConfirmCancelled' }
  | { type: 'CompleteImport' }
  | { type: 'FailImport'; error: string };

const initial = (): ProjectImportState => ({
  status: 'idle',
  importId: '',
  fileRef: '',
  fileName: '',
  format: 'csv',
  companyId: null,
  total: 0,
  groups: 0,
  done: new Set(),
  processed: 0,
  created: 0,
  projectsCreated: 0,
  rejected: [],
  cancelRequested: false,
  startedAt: '',
  finishedAt: null,
  error: null,
});

const evolve = (state: ProjectImportState, event: ProjectImportEvent): ProjectImportState => {
  switch (event.type) {
    case 'ProjectImportStarted': {
      const { importId, fileRef, fileName, format, total, groups, companyId, startedAt } = event.data;
      return { ...initial(), status: 'processing', importId, fileRef, fileName, format, total, groups, companyId, startedAt };
    }
    case 'ProjectImportGroupLanded':
      return {
        ...state,
        done: new Set(state.done).add(event.data.group),
        processed: state.processed + event.data.rows,
        created: state.created + event.data.units,
        projectsCreated: state.projectsCreated + 1,
      };
    case 'ProjectImportGroupRejected':
      return {
        ...state,
        done: new Set(state.done).add(event.data.group),
        processed: state.processed + event.data.rows,
        rejected: [...state.rejected, ...event.data.rejected],
      };
    case 'ProjectImportCancelRequested':
      return { ...state, cancelRequested: true };
    case 'ProjectImportCancelled':
      return { ...state, status: 'cancelled', finishedAt: event.data.cancelledAt };
    case 'ProjectImportCompleted':
      return { ...state, status: 'completed', finishedAt: event.data.completedAt };
    case 'ProjectImportFailed':
      return { ...state, status: 'failed', error: event.data.error, finishedAt: event.data.failedAt };
  }
};

const finished = (state: ProjectImportState) => state.status === 'completed' || state.status === 'failed' || state.status === 'cancelled';

const decide = (command: ProjectImportCommand, state: ProjectImportState, meta: CommandMetadata): ProjectImportEvent[] => {
  const at = meta.now.toISOString();
  if (command.type === 'StartProjectImport') {
    if (state.status !== 'idle') return [];
    const { type: _t, ...started } = command;
    return [{ type: 'ProjectImportStarted', data: { ...started, startedAt: at } }];
  }
  if (state.status === 'idle') throw new DomainError('NOT_FOUND', 'import');
  const importId = state.importId;
  switch (command.type) {
    case 'RecordGroupLanded':
      if (finished(state) || state.done.has(command.group)) return [];
      return [
        {
          type: 'ProjectImportGroupLanded',
          data: { importId, group: command.group, projectId: command.projectId, units: command.units, rows: command.rows, landedAt: at },
        },
      ];
    case 'RecordGroupRejected':
      if (finished(state) || state.done.has(command.group)) return [];
      return [{ type: 'ProjectImportGroupRejected', data: { importId, group: command.group, rows: command.rows, rejected: command.rejected, rejectedAt: at } }];
    case 'RequestCancel':
      if (finished(state)) throw new DomainError('BUSINESS_RULE_VIOLATION', `import ${state.status}`);
      return state.cancelRequested ? [] : [{ type: 'ProjectImportCancelRequested', data: { importId, requestedAt: at } }];
    case 'ConfirmCancelled':
      return finished(state) ? [] : [{ type: 'ProjectImportCancelled', data: { importId, cancelledAt: at } }];
    case 'CompleteImport':
      return finished(state) ? [] : [{ type: 'ProjectImportCompleted', data: { importId, completedAt: at } }];
    case 'FailImport':
      return finished(state) ? [] : [{ type: 'ProjectImportFailed', data: { importId, error: command.error, failedAt: at } }];
  }
};

export const projectImportDecider: Decider<ProjectImportCommand, ProjectImportState, ProjectImportEvent> = { initialState: initial, evolve, decide };
export const projectImportStream = (importId: string): string => `project-import-${importId}`;
