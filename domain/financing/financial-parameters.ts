import type { DomainEvent } from '../shared/event';

/**
 * The financial parameters (spec §3, §5): rates, insurance, taxes, fees and periods the simulator, quotes and
 * the CAE use, edited in the back office. One stream for the whole table (`financial-parameters`): there are
 * tens of them, changed rarely, and one stream makes "name unique" a plain rule of the aggregate. Each
 * parameter carries its own version, so an edit is conditional on the parameter the editor saw (If-Match),
 * not on the whole table.
 */
export const FINANCIAL_PARAMETERS_STREAM = 'financial-parameters';

export const PARAMETER_CATEGORIES = ['CAE', 'INSURANCE', 'TAXES', 'FEES', 'RATES', 'PERIODS', 'LIMITS'] as const;
export type ParameterCategory = (typeof PARAMETER_CATEGORIES)[number];

export const PARAMETER_TYPES = ['percentage', 'currency', 'days', 'rate', 'number'] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

export type ParameterFields = {
  readonly name: string;
  readonly description: string;
  readonly value: number;
  readonly category: ParameterCategory;
  readonly type: ParameterType;
  readonly minValue: number | null;
  readonly maxValue: number | null;
  readonly active: boolean;
};

export type FinancialParametersEvent =
  | DomainEvent<'FinancialParameterCreated', ParameterFields & { parameterId: string; createdBy: string; createdAt: string }>
  | DomainEvent<
      'FinancialParameterChanged',
      { parameterId: string; changes: Partial<ParameterFields>; previous: Partial<ParameterFields>; reason: string; changedBy: string; changedAt: string }
    >
  | DomainEvent<'FinancialParameterTemplateSaved', ParameterTemplate & { savedBy: string; savedAt: string }>
  | DomainEvent<'FinancialParameterTemplateApplied', { templateId: string; reason: string; appliedBy: string; appliedAt: string }>;

/** A named set of values (a bank's offer, a campaign's rates) applied to the table in one step. */
export type ParameterTemplate = { templateId: string; name: string; description: string; values: Record<string, number> };

export interface KeptParameter extends ParameterFields {
  readonly parameterId: string;
  /** 0 when created, +1 per change: the weak ETag of GET /financial-parameters/{id}. */
  readonly version: number;
  readonly createdAt: string;
  readonly lastModified: string;
  readonly modifiedBy: string;
}

export interface FinancialParametersState {
  /** By id; a Map because ids come from the caller ('toString' is not a parameter). */
  readonly parameters: ReadonlyMap<string, KeptParameter>;
  readonly templates: ReadonlyMap<string, ParameterTemplate & { savedAt: string; savedBy: string }>;
}

export const initialFinancialParameters = (): FinancialParametersState => ({ parameters: new Map(), templates: new Map() });

export const evolveFinancialParameters = (state: FinancialParametersState, event: FinancialParametersEvent): FinancialParametersState => {
  const parameters = new Map(state.parameters);
  switch (event.type) {
    case 'FinancialParameterTemplateSaved':
      return { ...state, templates: new Map(state.templates).set(event.data.templateId, event.data) };
    case 'FinancialParameterTemplateApplied':
      return state;
    case 'FinancialParameterCreated': {
      const { createdBy, createdAt, ...fields } = event.data;
      parameters.set(fields.parameterId, { ...fields, version: 0, createdAt, lastModified: createdAt, modifiedBy: createdBy });
      break;
    }
    case 'FinancialParameterChanged': {
      const kept = parameters.get(event.data.parameterId);
      if (kept)
        parameters.set(kept.parameterId, {
          ...kept,
          ...event.data.changes,
          version: kept.version + 1,
          lastModified: event.data.changedAt,
          modifiedBy: event.data.changedBy,
        });
      break;
    }
  }
  return { ...state, parameters };
};
