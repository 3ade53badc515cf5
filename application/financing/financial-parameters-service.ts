import { handleCommand, type CommandResult } from '../../kernel/command-handling/handle-command';
import { loadStream } from '../../kernel/command-handling/decided-state';
import type { EventStore } from '../../kernel/ports/event-store';
import type { IdGenerator } from '../../kernel/ports/clock';
import type { CommandMetadata } from '../../domain/shared/event';
import { DomainError } from '../../domain/shared/errors';
import {
  FINANCIAL_PARAMETERS_STREAM,
  type FinancialParametersEvent,
  type KeptParameter,
  type ParameterFields,
} from '../../domain/financing/financial-parameters';
import { financialParametersDecider } from '../../domain/financing/financial-parameters.decide';
import { activeReservationsLimit, SEEDED_PARAMETERS, simulatorDefaults, type SimulatorDefaults } from '../../domain/financing/simulator-parameters';

export type ParameterHistoryEntry = {
  at: string;
  actor: string;
  event: 'created' | 'changed';
  reason: string | null;
  changes: { field: string; before: unknown; after: unknown }[];
};

/**
 * The financial parameters table. Read straight from its one stream (through the decided-state cache): tens
 * of rows, and the simulator must see a change on its very next call.
 */
export class FinancialParametersService {
  constructor(
    private readonly events: EventStore,
    private readonly ids: IdGenerator,
  ) {}

  private state() {
    return loadStream(this.events, FINANCIAL_PARAMETERS_STREAM, financialParametersDecider);
  }

  async list(): Promise<KeptParameter[]> {
    const { state } = await this.state();
    return [...state.parameters.values()].sort((a, b) => a.category.localeCompare(b.category) || a.name.localeCompare(b.name, 'es-CL'));
  }

  async get(parameterId: string): Promise<KeptParameter> {
    const { state } = await this.state();
    const kept = state.parameters.get(parameterId);
    if (!kept) throw new DomainError('NOT_FOUND', `financial parameter ${parameterId}`);
    return kept;
  }

  /** What the simulator and quotes use for every input the buyer leaves out. */
  async inForce(): Promise<SimulatorDefaults> {
    return simulatorDefaults((await this.state()).state);
  }

  /** How many reservations a buyer may have under way or confirmed at once. */
  async activeReservationsLimit(): Promise<number> {
    return activeReservationsLimit((await this.state()).state);
  }

  create(fields: ParameterFields, meta: CommandMetadata): Promise<CommandResult<FinancialParametersEvent>> {
    return handleCommand(
      this.events,
      FINANCIAL_PARAMETERS_STREAM,
      financialParametersDecider,
      { type: 'CreateFinancialParameter', parameterId: this.ids.newId(), fields },
      meta,
    );
  }

  change(
    parameterId: string,
    changes: Partial<ParameterFields>,
    reason: string,
    expectedVersion: number,
    meta: CommandMetadata,
  ): Promise<CommandResult<FinancialParametersEvent>> {
    return handleCommand(
      this.events,
      FINANCIAL_PARAMETERS_STREAM,
      financialParametersDecider,
      { type: 'ChangeFinancialParameter', parameterId, changes, reason, expectedVersion },
      meta,
    );
  }

  /** Every change of one parameter, newest first: who, when, why, each field before and after. */
  async history(parameterId: string): Promise<ParameterHistoryEntry[]> {
    await this.get(parameterId);
    const recorded = await this.events.readStream(FINANCIAL_PARAMETERS_STREAM);
    const entries: ParameterHistoryEntry[] = [];
    for (const r of recorded) {
      const event = { type: r.type, data: r.data } as FinancialParametersEvent;
      if (event.type !== 'FinancialParameterCreated' && event.type !== 'FinancialParameterChanged') continue;
      if (event.data.parameterId !== parameterId) continue;
      if (event.type === 'FinancialParameterCreated') {
        const { parameterId: _id, createdBy, createdAt, ...fields } = event.data;
        entries.push({
          at: createdAt,
          actor: createdBy,
          event: 'created',
          reason: null,
          changes: Object.entries(fields).map(([field, after]) => ({ field, before: null, after })),
        });
      } else {
        const { changes, previous, reason, changedBy, changedAt } = event.data;
        entries.push({
          at: changedAt,
          actor: changedBy,
          event: 'changed',
          reason,
          changes: Object.entries(changes).map(([field, after]) => ({ field, before: previous[field as keyof ParameterFields] ?? null, after })),
        });
      }
    }
    return entries.reverse();
  }

  async templates() {
    const { state } = await this.state();
    return [...state.templates.values()].sort((a, b) => a.name.localeCompare(b.name, 'es-CL'));
  }

  /** Saves the given values, or the table's current values, as a named template. */
  async saveTemplate(name: string, description: string, values: Record<string, number> | undefined, meta: CommandMetadata) {
    const { state } = await this.state();
    const current = Object.fromEntries([...state.parameters.values()].filter((p) => p.active).map((p) => [p.parameterId, p.value]));
    return handleCommand(
      this.events,
      FINANCIAL_PARAMETERS_STREAM,
      financialParametersDecider,
      { type: 'SaveParameterTemplate', templateId: this.ids.newId(), name, description, values: values ?? current },
      meta,
    );
  }

  applyTemplate(templateId: string, reason: string, meta: CommandMetadata) {
    return handleCommand(this.events, FINANCIAL_PARAMETERS_STREAM, financialParametersDecider, { type: 'ApplyParameterTemplate', templateId, reason }, meta);
  }

  /** The first table, when the platform has none: a restart creates nothing again (creation by fixed id). */
  async seed(now = new Date()): Promise<void> {
    const meta = { now, actorId: 'system', actorRoles: [], correlationId: 'seed-financial-parameters' };
    for (const { parameterId, fields } of SEEDED_PARAMETERS)
      await handleCommand(
        this.events,
        FINANCIAL_PARAMETERS_STREAM,
        financialParametersDecider,
        { type: 'CreateFinancialParameter', parameterId, fields },
        meta,
      );
  }
}
