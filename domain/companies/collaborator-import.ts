import { DomainError } from '../shared/errors';
import type { CommandMetadata, Decider, DomainEvent } from '../shared/event';

/**
 * A collaborators' import (stream `collaborator-import-<id>`, spec §4 bulk upload states), run in the
 * background like the project import: the file is stored, then applied chunk by chunk. Each chunk records
 * exactly which rows created a collaborator, which updated one and which were refused, so the import
 * reports what it applied row by row, and one cut short resumes at the first chunk not recorded (its rows
 * write the same streams again, which changes nothing).
 */
export type RejectedRow = { row: number; field: string; message: string };

/** Spec §9 puts a file at 10 MB; a row limit keeps one import from holding the platform (issue 47). */
export const COLLABORATOR_IMPORT_MAX_ROWS = 10_000;

type Of = { importId: string };

export type CollaboratorImportEvent =
  | DomainEvent<
      'CollaboratorImportStarted',
      Of & { companyId: string; fileRef: string; fileName: string; format: 'csv' | 'xlsx'; total: number; chunks: number; startedAt: string }
    >
  | DomainEvent<
      'CollaboratorImportChunkApplied',
      Of & { chunk: number; rows: number; createdRows: number[]; updatedRows: number[]; rejected: RejectedRow[]; appliedAt: string }
    >
  | DomainEvent<'CollaboratorImportCompleted', Of & { completedAt: string }>
  | DomainEvent<'CollaboratorImportFailed', Of & { error: string; failedAt: string }>;

export type CollaboratorImportStatus = 'idle' | 'processing' | 'completed' | 'failed';

export type CollaboratorImportState = {
  status: CollaboratorImportStatus;
  importId: string;
  companyId: string;
  fileRef: string;
  fileName: string;
  format: 'csv' | 'xlsx';
  total: number;
  chunks: number;
  /** Chunks applied: a resumed import skips them. */
  done: ReadonlySet<number>;
  processed: number;
  createdRows: number[];
  updatedRows: number[];
  rejected: RejectedRow[];
  startedAt: string;
  finishedAt: string | null;
  error: string | null;
};

export type CollaboratorImportCommand =
  | {
      type: 'StartCollaboratorImport';
      importId: string;
      companyId: string;
      fileRef: string;
      fileName: string;
      format: 'csv' | 'xlsx';
      total: number;
      chunks: number;
    }
  | { type: 'RecordChunkApplied'; chunk: number; rows: number; createdRows: number[]; updatedRows: number[]; rejected: RejectedRow[] }
  | { type: 'CompleteImport' }
  | { type: 'FailImport'; error: string };

const initial = (): CollaboratorImportState => ({
  status: 'idle',
  importId: '',
  companyId: '',
  fileRef: '',
  fileName: '',
  format: 'csv',
  total: 0,
  chunks: 0,
  done: new Set(),
  processed: 0,
  createdRows: [],
  updatedRows: [],
  rejected: [],
  startedAt: '',
  finishedAt: null,
  error: null,
});

const evolve = (state: CollaboratorImportState, event: CollaboratorImportEvent): CollaboratorImportState => {
  switch (event.type) {
    case 'CollaboratorImportStarted': {
      const { importId, companyId, fileRef, fileName, format, total, chunks, startedAt } = event.data;
      return { ...initial(), status: 'processing', importId, companyId, fileRef, fileName, format, total, chunks, startedAt };
    }
    case 'CollaboratorImportChunkApplied':
      return {
        ...state,
        done: new Set(state.done).add(event.data.chunk),
        processed: state.processed + event.data.rows,
        createdRows: [...state.createdRows, ...event.data.createdRows],
        updatedRows: [...state.updatedRows, ...event.data.updatedRows],
        rejected: [...state.rejected, ...event.data.rejected],
      };
    case 'CollaboratorImportCompleted':
      return { ...state, status: 'completed', finishedAt: event.data.completedAt };
    case 'CollaboratorImportFailed':
      return { ...state, status: 'failed', error: event.data.error, finishedAt: event.data.failedAt };
  }
};

const finished = (state: CollaboratorImportState) => state.status === 'completed' || state.status === 'failed';

const decide = (command: CollaboratorImportCommand, state: CollaboratorImportState, meta: CommandMetadata): CollaboratorImportEvent[] => {
  const at = meta.now.toISOString();
  if (command.type === 'StartCollaboratorImport') {
    if (state.status !== 'idle') return [];
    if (command.total > COLLABORATOR_IMPORT_MAX_ROWS) throw new DomainError('VALIDATION_FAILED', 'import rows', [tooManyRows()]);
    const { type: _t, ...started } = command;
    return [{ type: 'CollaboratorImportStarted', data: { ...started, startedAt: at } }];
  }
  if (state.status === 'idle') throw new DomainError('NOT_FOUND', 'import');
  const importId = state.importId;
  switch (command.type) {
    case 'RecordChunkApplied': {
      if (finished(state) || state.done.has(command.chunk)) return [];
      const { type: _t, ...applied } = command;
      return [{ type: 'CollaboratorImportChunkApplied', data: { importId, ...applied, appliedAt: at } }];
    }
    case 'CompleteImport':
      return finished(state) ? [] : [{ type: 'CollaboratorImportCompleted', data: { importId, completedAt: at } }];
    case 'FailImport':
      return finished(state) ? [] : [{ type: 'CollaboratorImportFailed', data: { importId, error: command.error, failedAt: at } }];
  }
};

/** The refusal of a file past the row limit (the limit as a person reads it: 10.000). */
const tooManyRows = () => ({
  field: 'file',
  code: 'TOO_MANY_ROWS',
  message: `El archivo supera el máximo de ${COLLABORATOR_IMPORT_MAX_ROWS.toLocaleString('es-CL')} filas por importación: divídalo en varios archivos.`,
});

export const collaboratorImportDecider: Decider<CollaboratorImportCommand, CollaboratorImportState, CollaboratorImportEvent> = {
  initialState: initial,
  evolve,
  decide,
};
export const collaboratorImportStream = (importId: string): string => `collaborator-import-${importId}`;
