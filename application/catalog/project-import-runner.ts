import {
  projectImportDecider,
  projectImportStream,
  type ProjectImportCommand,
  type ProjectImportState,
  type RejectedRow,
} from '../../domain/catalog/project-import';
import { unitDecider } from '../../domain/catalog/unit.decide';
import { isDomainError } from '../../domain/shared/errors';
import type { CommandMetadata } from '../../domain/shared/event';
import { loadStream } from '../../kernel/command-handling/decided-state';
import { handleCommand } from '../../kernel/command-handling/handle-command';
import type { EventStore } from '../../kernel/ports/event-store';
import type { FileStore } from '../../kernel/ports/file-store';
import type { CatalogActor, CatalogAdministration } from './catalog-administration';
import type { CatalogService } from './catalog-service';
import { groupRows, parseGroup, type ParsedGroup, type SheetRow } from './project-import-rows';

/** Reads an import's rows off the event loop; a file past `maxRows`, or a zip that expands too much, is a DomainError. */
export interface SpreadsheetReader {
  read(bytes: Buffer, format: 'csv' | 'xlsx', maxRows: number): Promise<SheetRow[]>;
}

/** Rows of one bulk project upload (the benchmarks load 10,000 units in one file). */
const PROJECT_IMPORT_MAX_ROWS = 20_000;

/** The file is not a sheet the reader understands (a CSV or .xlsx in name only). */
export class UnreadableSpreadsheetError extends Error {
  constructor(cause: unknown) {
    super(`unreadable spreadsheet: ${(cause as Error)?.message ?? String(cause)}`);
    this.name = 'UnreadableSpreadsheetError';
  }
}

/** Units written at once: the event store commits concurrent appends together (one fsync for many). */
const UNITS_IN_FLIGHT = 64;

/** Ids derived from the import, so a resumed group writes the same streams (each command is idempotent). */
const projectIdOf = (importId: string, group: number) => `${importId}-p${group}`;
const unitIdOf = (importId: string, group: number, index: number) => `${importId}-p${group}-u${index}`;

/**
 * Runs bulk project uploads in the background. A project and its units land together or not at all: the
 * group is validated whole first (the same deciders as the single forms); then the project (disabled:
 * buyers never see half of it) and its units are written under ids derived from the import, and only then
 * is the group recorded as landed. Cut short anywhere (kill -9), the import resumes at start-up: a group
 * not recorded is written again, and what it had written already changes nothing.
 */
export class ProjectImportRunner {
  private readonly running = new Map<string, Promise<void>>();
  private halted = false;

  constructor(
    private readonly events: EventStore,
    private readonly catalog: CatalogService,
    private readonly admin: CatalogAdministration,
    private readonly files: FileStore,
    private readonly sheets: SpreadsheetReader,
    private readonly describe: (code: string, message?: string) => string,
    private readonly log: (message: string, error?: unknown) => void = () => undefined,
  ) {}

  async state(importId: string): Promise<ProjectImportState> {
    return (await loadStream(this.events, projectImportStream(importId), projectImportDecider)).state;
  }

  private on(importId: string, command: ProjectImportCommand, meta: CommandMetadata) {
    return handleCommand(this.events, projectImportStream(importId), projectImportDecider, command, meta);
  }

  /** Records the stored file as an import (202) and starts processing it in the background. */
  async start(
    importId: string,
    file: { fileRef: string; fileName: string; format: 'csv' | 'xlsx'; bytes: Buffer },
    companyId: string | null,
    meta: CommandMetadata,
  ) {
    const rows = await this.sheets.read(file.bytes, file.format, PROJECT_IMPORT_MAX_ROWS).catch((error: unknown) => {
      throw isDomainError(error) ? error : new UnreadableSpreadsheetError(error);
    });
    const result = await this.on(
      importId,
      {
        type: 'StartProjectImport',
        importId,
        fileRef: file.fileRef,
        fileName: file.fileName,
        format: file.format,
        total: rows.length,
        groups: groupRows(rows).length,
        companyId,
      },
      meta,
    );
    this.resume(importId, meta);
    return result;
  }

  async cancel(importId: string, meta: CommandMetadata) {
    return this.on(importId, { type: 'RequestCancel' }, meta);
  }

  /** Processes the import unless it is being processed already; resolves when it stops. */
  resume(importId: string, meta: CommandMetadata): Promise<void> {
    const current = this.running.get(importId);
    if (current) return current;
    if (this.halted) return Promise.resolve();
    const run = this.process(importId, meta)
      .catch(async (error: unknown) => {
        this.log(`project import ${importId} failed`, error);
        await this.on(importId, { type: 'FailImport', error: 'No se pudo procesar el archivo. Intente nuevamente.' }, meta).catch(() => undefined);
      })
      .finally(() => this.running.delete(importId));
    this.running.set(importId, run);
    return run;
  }

  /** Waits for the imports being processed. */
  async idle(): Promise<void> {
    await Promise.all([...this.running.values()]);
  }

  /** Shutdown: stops every import after its current project (resumed at the next start). */
  async halt(): Promise<void> {
    this.halted = true;
    await this.idle();
  }

  private async process(importId: string, meta: CommandMetadata): Promise<void> {
    const state = await this.state(importId);
    if (state.status !== 'processing') return;
    const stored = await this.files.get(state.fileRef);
    if (!stored) throw new Error(`import file ${state.fileRef} is missing`);
    const groups = groupRows(await this.sheets.read(stored.bytes, state.format, PROJECT_IMPORT_MAX_ROWS));
    const actor: CatalogActor = state.companyId ? { all: false, companyId: state.companyId } : { all: true };
    for (const [index, rows] of groups.entries()) {
      if (state.done.has(index)) continue;
      if (this.halted) return;
      if ((await this.state(importId)).cancelRequested) {
        await this.on(importId, { type: 'ConfirmCancelled' }, meta);
        return;
      }
      const group = parseGroup(rows, state.companyId);
      const rejected = group.errors.length ? group.errors : await this.validate(group, actor);
      if (rejected.length) {
        await this.on(importId, { type: 'RecordGroupRejected', group: index, rows: rows.length, rejected: rejected.map((e) => this.rejectedRow(e)) }, meta);
        continue;
      }
      await this.land(importId, index, group, actor, meta);
      await this.on(
        importId,
        { type: 'RecordGroupLanded', group: index, projectId: projectIdOf(importId, index), units: group.units.length, rows: rows.length },
        meta,
      );
    }
    await this.on(importId, { type: 'CompleteImport' }, meta);
  }

  private rejectedRow(error: { row: number; field: string; code: string; message?: string }): RejectedRow {
    return { row: error.row, field: error.field, message: this.describe(error.code, error.message) };
  }

  /** Every row of the group through the single forms' rules: nothing is written unless all pass. */
  private async validate(group: ParsedGroup, actor: CatalogActor): Promise<{ row: number; field: string; code: string; message?: string }[]> {
    const errors: { row: number; field: string; code: string; message?: string }[] = [];
    const firstRow = group.rows[0];
    const asRows = (error: unknown, row: number) => {
      if (!isDomainError(error)) throw error;
      if (error.fieldErrors.length) for (const f of error.fieldErrors) errors.push({ row, field: f.field, code: f.code, message: f.message });
      else errors.push({ row, field: '', code: error.code });
    };
    try {
      const realEstate = await this.admin.realEstateFor(actor, group.details!.realEstate.companyId);
      this.catalog.projects.decide(
        { type: 'CreateProject', projectId: 'check', details: { ...group.details!, realEstate } },
        this.catalog.projects.initialState(),
        CHECK_META,
      );
    } catch (error) {
      asRows(error, firstRow);
    }
    for (const unit of group.units) {
      try {
        unitDecider.decide({ type: 'AddUnit', unitId: 'check', projectId: 'check', spec: unit.spec }, unitDecider.initialState(), CHECK_META);
      } catch (error) {
        asRows(error, unit.row);
      }
    }
    return errors;
  }

  private async land(importId: string, index: number, group: ParsedGroup, actor: CatalogActor, meta: CommandMetadata): Promise<void> {
    const projectId = projectIdOf(importId, index);
    const realEstate = await this.admin.realEstateFor(actor, group.details!.realEstate.companyId);
    await this.catalog.onProject(projectId, { type: 'CreateProject', projectId, details: { ...group.details!, realEstate } }, meta);
    for (let start = 0; start < group.units.length; start += UNITS_IN_FLIGHT)
      await Promise.all(
        group.units
          .slice(start, start + UNITS_IN_FLIGHT)
          .map((unit, i) => this.catalog.addUnit(unitIdOf(importId, index, start + i), projectId, unit.spec, meta)),
      );
  }
}

const CHECK_META: CommandMetadata = { now: new Date(0), actorId: 'import-check', actorRoles: [], correlationId: 'import-check' };
