import { projectStream, type ProjectState } from '../../domain/catalog/project';
import { projectDecider, type ProjectCommand } from '../../domain/catalog/project.decide';
import { unitStream, type UnitSpec, type UnitState } from '../../domain/catalog/unit';
import { unitDecider, type UnitCommand } from '../../domain/catalog/unit.decide';
import type { ChileTerritory } from '../../domain/reference/chile-territory';
import { DomainError } from '../../domain/shared/errors';
import type { CommandMetadata } from '../../domain/shared/event';
import { loadStream } from '../../kernel/command-handling/decided-state';
import { handleCommand } from '../../kernel/command-handling/handle-command';
import type { EventStore } from '../../kernel/ports/event-store';

/** Catalogue use cases: projects and their units, each command decided on its own stream. */
export class CatalogService {
  readonly projects;

  constructor(
    private readonly events: EventStore,
    readonly territory: ChileTerritory,
  ) {
    this.projects = projectDecider(territory);
  }

  async onProject(projectId: string, command: ProjectCommand, meta: CommandMetadata, ifMatch?: number) {
    return handleCommand(this.events, projectStream(projectId), this.projects, command, meta, { ifMatch });
  }

  async addUnit(unitId: string, projectId: string, spec: UnitSpec, meta: CommandMetadata) {
    if ((await this.project(projectId)).status === 'none') throw new DomainError('NOT_FOUND', 'project');
    return handleCommand(this.events, unitStream(unitId), unitDecider, { type: 'AddUnit', unitId, projectId, spec }, meta);
  }

  async onUnit(unitId: string, command: Exclude<UnitCommand, { type: 'AddUnit' }>, meta: CommandMetadata, ifMatch?: number) {
    return handleCommand(this.events, unitStream(unitId), unitDecider, command, meta, { ifMatch });
  }

  async project(projectId: string): Promise<ProjectState> {
    return (await loadStream(this.events, projectStream(projectId), this.projects)).state;
  }

  async unit(unitId: string): Promise<UnitState> {
    return (await loadStream(this.events, unitStream(unitId), unitDecider)).state;
  }
}
