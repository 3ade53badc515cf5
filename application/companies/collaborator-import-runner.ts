import {
  COLLABORATOR_IMPORT_MAX_ROWS,
  collaboratorImportDecider,
  collaboratorImportStream,
  type CollaboratorImportCommand,
  type CollaboratorImportState,
  type RejectedRow,
} from '../../domain/companies/collaborator-import';
import { isDomainError } from '../../domain/shared/errors';
import type { CommandMetadata } from '../../domain/shared/event';
import { parseRut } from '../../domain/shared/rut';
import { getCompany } from '../../read-models/companies/companies.queries';
import { loadStream } from '../../kernel/command-handling/decided-state';
import { handleCommand } from '../../kernel/command-handling/handle-command';
import { UnreadableSpreadsheetError, type SpreadsheetReader } from '../catalog/project-import-runner';
import type { SheetRow } from '../catalog/project-import-rows';
import type { EventStore } from '../../kernel/ports/event-store';
import type { FileStore } from '../../kernel/ports/file-store';
import type { ReadStore } from '../../kernel/ports/read-store';
import type { CompanyAdministrationService, NewCollaborator } from './company-administration-service';

/** A row read against the import's columns: the collaborator, or the first field it gets wrong. */
export type ParsedCollaboratorRow = { collaborator: NewCollaborator } | { rejected: Omit<RejectedRow, 'row'> };

/** Rows recorded together: a resumed import redoes at most one chunk. */
const CHUNK_ROWS = 500;
/** Collaborators written at once: the event store commits concurrent appends together (one fsync for many). */
const IN_FLIGHT = 64;

/** Ids derived from the import and the row that enrols the person, so a resumed chunk writes the same streams. */
const collaboratorIdOf = (importId: string, row: number) => `${importId}-r${row}`;

/** The request's metadata at the time of each write: the import runs on after the request answered. */
const now = (meta: CommandMetadata): CommandMetadata => ({ ...meta, now: new Date() });

type Outcome = { row: number; kind: 'created' | 'updated' | 'unchanged' } | { row: number; kind: 'rejected'; rejected: RejectedRow };

/**
 * Runs collaborators' imports in the background, as the project import runs (the same reader and file
 * store). Linear: the company's collaborators are read once, then each row is one command on its
 * collaborator's own stream. A RUT the company has is updated; a new one is enrolled under an id derived
 * from the row, and a later row with the same RUT updates that one. Cut short (a restart, kill -9), the
 * import resumes at start-up at its first chunk not recorded.
 */
export class CollaboratorImportRunner {
  private readonly running = new Map<string, Promise<void>>();
  private halted = false;

  constructor(
    private readonly deps: {
      events: EventStore;
      readStore: ReadStore;
      files: FileStore;
      sheets: SpreadsheetReader;
      companies: CompanyAdministrationService;
      parseRow: (cells: Record<string, string>) => ParsedCollaboratorRow;
      describe: (code: string, message?: string) => string;
      /** The column's header for a field (what the person sees in the file). */
      headerOf: (field: string) => string;
    },
    private readonly log: (message: string, error?: unknown) => void = () => undefined,
  ) {}

  async state(importId: string): Promise<CollaboratorImportState> {
    return (await loadStream(this.deps.events, collaboratorImportStream(importId), collaboratorImportDecider)).state;
  }

  private on(importId: string, command: CollaboratorImportCommand, meta: CommandMetadata) {
    return handleCommand(this.deps.events, collaboratorImportStream(importId), collaboratorImportDecider, command, now(meta));
  }

  /** Reads the stored file, records the import (202; a file past the row limit is refused here) and starts it. */
  async start(importId: string, file: { fileRef: string; fileName: string; format: 'csv' | 'xlsx'; bytes: Buffer }, companyId: string, meta: CommandMetadata) {
    const rows = await this.read(file.bytes, file.format);
    const result = await this.on(
      importId,
      {
        type: 'StartCollaboratorImport',
        importId,
        companyId,
        fileRef: file.fileRef,
        fileName: file.fileName,
        format: file.format,
        total: rows.length,
        chunks: Math.ceil(rows.length / CHUNK_ROWS),
      },
      meta,
    );
    this.resume(importId, meta);
    return result;
  }

  private read(bytes: Buffer, format: 'csv' | 'xlsx'): Promise<SheetRow[]> {
    return this.deps.sheets.read(bytes, format, COLLABORATOR_IMPORT_MAX_ROWS).catch((error: unknown) => {
      throw isDomainError(error) ? error : new UnreadableSpreadsheetError(error);
    });
  }

  /** Processes the import unless it is being processed already; resolves when it stops. */
  resume(importId: string, meta: CommandMetadata): Promise<void> {
    const current = this.running.get(importId);
    if (current) return current;
    if (this.halted) return Promise.resolve();
    const run = this.process(importId, meta)
      .catch(async (error: unknown) => {
        this.log(`collaborator import ${importId} failed`, error);
        await this.on(importId, { type: 'FailImport', error: 'No se pudo procesar el archivo. Intente nuevamente.' }, meta).catch(() => undefined);
      })
      .finally(() => this.running.delete(importId));
    this.running.set(importId, run);
    return run;
  }

  async idle(): Promise<void> {
    await Promise.all([...this.running.values()]);
  }

  /** Shutdown: stops every import after its current chunk (resumed at the next start). */
  async halt(): Promise<void> {
    this.halted = true;
    await this.idle();
  }

  private async process(importId: string, meta: CommandMetadata): Promise<void> {
    const state = await this.state(importId);
    if (state.status !== 'processing') return;
    const stored = await this.deps.files.get(state.fileRef);
    if (!stored) throw new Error(`import file ${state.fileRef} is missing`);
    const rows = await this.read(stored.bytes, state.format);
    const company = await getCompany(this.deps.readStore, state.companyId);
    if (!company) throw new Error(`company ${state.companyId} is missing`);
    const target = { companyId: state.companyId, companyName: company.name };
    // Which collaborator each row writes, decided in file order before anything is written (a RUT twice in
    // the file: the second row updates the collaborator the first enrols).
    const known = await this.deps.companies.collaboratorsByRut(state.companyId);
    const plan = rows.map((sheetRow) => {
      const parsed = this.deps.parseRow(sheetRow.cells);
      if ('rejected' in parsed) return { sheetRow, parsed, collaboratorId: null, enrols: false };
      const rut = parseRut(parsed.collaborator.rut);
      if (!rut) return { sheetRow, parsed, collaboratorId: null, enrols: false };
      const existing = known.get(rut);
      if (existing) return { sheetRow, parsed, collaboratorId: existing, enrols: existing === collaboratorIdOf(importId, sheetRow.row) };
      const collaboratorId = collaboratorIdOf(importId, sheetRow.row);
      known.set(rut, collaboratorId);
      return { sheetRow, parsed, collaboratorId, enrols: true };
    });
    for (let chunk = 0; chunk * CHUNK_ROWS < plan.length; chunk++) {
      if (state.done.has(chunk)) continue;
      if (this.halted) return;
      const outcomes: Outcome[] = [];
      const slice = plan.slice(chunk * CHUNK_ROWS, (chunk + 1) * CHUNK_ROWS);
      for (let start = 0; start < slice.length; start += IN_FLIGHT) {
        // Rows of one collaborator in file order; different collaborators at once.
        const byCollaborator = new Map<string, typeof slice>();
        for (const step of slice.slice(start, start + IN_FLIGHT)) {
          const key = step.collaboratorId ?? `row-${step.sheetRow.row}`;
          byCollaborator.set(key, [...(byCollaborator.get(key) ?? []), step]);
        }
        await Promise.all(
          [...byCollaborator.values()].map(async (steps) => {
            for (const step of steps) outcomes.push(await this.apply(step, target, now(meta)));
          }),
        );
      }
      outcomes.sort((a, b) => a.row - b.row);
      const rows = (kind: Outcome['kind']) => outcomes.filter((o) => o.kind === kind).map((o) => o.row);
      await this.on(
        importId,
        {
          type: 'RecordChunkApplied',
          chunk,
          rows: slice.length,
          createdRows: rows('created'),
          updatedRows: rows('updated'),
          rejected: outcomes.flatMap((o) => (o.kind === 'rejected' ? [o.rejected] : [])),
        },
        meta,
      );
    }
    await this.on(importId, { type: 'CompleteImport' }, meta);
  }

  private async apply(
    step: { sheetRow: SheetRow; parsed: ParsedCollaboratorRow; collaboratorId: string | null; enrols: boolean },
    company: { companyId: string; companyName: string },
    meta: CommandMetadata,
  ): Promise<Outcome> {
    const row = step.sheetRow.row;
    if ('rejected' in step.parsed) return { row, kind: 'rejected', rejected: { row, ...step.parsed.rejected } };
    const collaborator = step.parsed.collaborator;
    try {
      if (!step.collaboratorId) return this.refused(row, 'rut', 'INVALID_RUT');
      if (step.enrols) {
        await this.deps.companies.enroll(company, step.collaboratorId, collaborator, meta);
        return { row, kind: 'created' };
      }
      const { rut: _rut, ...changes } = collaborator;
      const updated = await this.deps.companies.updateCollaborator(step.collaboratorId, changes, undefined, meta);
      return { row, kind: updated.events.length ? 'updated' : 'unchanged' };
    } catch (error) {
      if (!isDomainError(error)) throw error;
      const first = error.fieldErrors[0];
      return this.refused(row, first?.field ?? '', first?.code ?? error.code, first?.message);
    }
  }

  private refused(row: number, field: string, code: string, message?: string): Outcome {
    return { row, kind: 'rejected', rejected: { row, field: this.deps.headerOf(field), message: this.deps.describe(code, message) } };
  }
}
