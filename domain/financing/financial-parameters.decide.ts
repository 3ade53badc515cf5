import { DomainError, type FieldError } from '../shared/errors';
import type { CommandMetadata, Decider } from '../shared/event';
import {
  evolveFinancialParameters,
  initialFinancialParameters,
  PARAMETER_CATEGORIES,
  PARAMETER_TYPES,
  type FinancialParametersEvent,
  type FinancialParametersState,
  type KeptParameter,
  type ParameterFields,
  type ParameterTemplate,
} from './financial-parameters';

export type FinancialParametersCommand =
  | { type: 'CreateFinancialParameter'; parameterId: string; fields: ParameterFields }
  | { type: 'ChangeFinancialParameter'; parameterId: string; changes: Partial<ParameterFields>; reason: string; expectedVersion?: number }
  | ({ type: 'SaveParameterTemplate' } & ParameterTemplate)
  | { type: 'ApplyParameterTemplate'; templateId: string; reason: string };

const decimals = (value: number): number => (Number.isInteger(value) ? 0 : (String(value).split('.')[1]?.length ?? 0));

/** Spec §5: the value must match its type, and lie within min/max when they are set. */
const valueErrors = (p: ParameterFields): FieldError[] => {
  const errors: FieldError[] = [];
  const bad = (field: string, message: string) => errors.push({ field, code: 'INVALID_VALUE', message });
  if (!Number.isFinite(p.value)) bad('value', 'Ingrese un número.');
  else
    switch (p.type) {
      case 'percentage':
        if (p.value < 0 || p.value > 100) bad('value', 'Un porcentaje va de 0 a 100.');
        else if (decimals(p.value) > 4) bad('value', 'Use como máximo 4 decimales.');
        break;
      case 'rate':
        if (p.value < 0 || p.value > 100) bad('value', 'Una tasa va de 0 a 100 %.');
        else if (decimals(p.value) > 6) bad('value', 'Use como máximo 6 decimales.');
        break;
      case 'currency':
        if (p.value < 0) bad('value', 'Un monto no puede ser negativo.');
        else if (decimals(p.value) > 2) bad('value', 'Un monto usa como máximo 2 decimales (UF) o ninguno (CLP).');
        break;
      case 'days':
        if (!Number.isInteger(p.value) || p.value < 0) bad('value', 'Los días son un número entero positivo.');
        break;
      case 'number':
        break;
    }
  if (p.minValue !== null && p.maxValue !== null && p.minValue > p.maxValue) bad('minValue', 'El mínimo no puede ser mayor que el máximo.');
  else if (errors.length === 0) {
    if (p.minValue !== null && p.value < p.minValue) errors.push({ field: 'value', code: 'MIN_VALUE', message: `El valor mínimo es ${p.minValue}.` });
    if (p.maxValue !== null && p.value > p.maxValue) errors.push({ field: 'value', code: 'MAX_VALUE', message: `El valor máximo es ${p.maxValue}.` });
  }
  return errors;
};

const fieldErrors = (p: ParameterFields, state: FinancialParametersState, selfId: string): FieldError[] => {
  const errors: FieldError[] = [];
  const name = p.name.trim();
  if (name.length < 2 || name.length > 80)
    errors.push({ field: 'name', code: name ? 'INVALID_VALUE' : 'REQUIRED', message: name ? 'El nombre tiene de 2 a 80 caracteres.' : undefined });
  const key = name.toLocaleLowerCase('es-CL');
  if ([...state.parameters.values()].some((other) => other.parameterId !== selfId && other.name.trim().toLocaleLowerCase('es-CL') === key))
    errors.push({ field: 'name', code: 'NAME_TAKEN', message: 'Ya existe un parámetro con este nombre.' });
  if (!(PARAMETER_CATEGORIES as readonly string[]).includes(p.category)) errors.push({ field: 'category', code: 'INVALID_VALUE' });
  if (!(PARAMETER_TYPES as readonly string[]).includes(p.type)) errors.push({ field: 'type', code: 'INVALID_VALUE' });
  else errors.push(...valueErrors(p));
  return errors;
};

const refuse = (errors: FieldError[]): never => {
  throw new DomainError('VALIDATION_FAILED', errors.map((e) => e.field).join(','), errors);
};

const existing = (state: FinancialParametersState, id: string): KeptParameter => {
  const kept = state.parameters.get(id);
  if (!kept) throw new DomainError('NOT_FOUND', `financial parameter ${id}`);
  return kept;
};

export const financialParametersDecider: Decider<FinancialParametersCommand, FinancialParametersState, FinancialParametersEvent> = {
  initialState: initialFinancialParameters,
  evolve: evolveFinancialParameters,
  decide: (command, state, meta: CommandMetadata): FinancialParametersEvent[] => {
    switch (command.type) {
      case 'CreateFinancialParameter': {
        const { parameterId, fields } = command;
        if (state.parameters.has(parameterId)) return []; // the same creation retried
        const errors = fieldErrors(fields, state, parameterId);
        if (errors.length) refuse(errors);
        return [
          {
            type: 'FinancialParameterCreated',
            data: {
              parameterId,
              ...fields,
              name: fields.name.trim(),
              description: fields.description.trim(),
              createdBy: meta.actorId,
              createdAt: meta.now.toISOString(),
            },
          },
        ];
      }
      case 'ChangeFinancialParameter': {
        const kept = existing(state, command.parameterId);
        if (command.expectedVersion !== undefined && command.expectedVersion !== kept.version)
          throw new DomainError('PRECONDITION_FAILED', `parameter ${kept.parameterId} is at version ${kept.version}`);
        const proposed: ParameterFields = { ...kept, ...command.changes };
        const errors = fieldErrors(proposed, state, kept.parameterId);
        if (!command.reason.trim()) errors.push({ field: 'reason', code: 'REQUIRED' });
        if (errors.length) refuse(errors);
        const changes: Partial<Record<keyof ParameterFields, unknown>> = {};
        const previous: Partial<Record<keyof ParameterFields, unknown>> = {};
        for (const key of Object.keys(command.changes) as (keyof ParameterFields)[]) {
          if (proposed[key] !== kept[key]) {
            changes[key] = key === 'name' || key === 'description' ? String(proposed[key]).trim() : proposed[key];
            previous[key] = kept[key];
          }
        }
        if (Object.keys(changes).length === 0) return [];
        return [
          {
            type: 'FinancialParameterChanged',
            data: {
              parameterId: kept.parameterId,
              changes: changes as Partial<ParameterFields>,
              previous: previous as Partial<ParameterFields>,
              reason: command.reason.trim(),
              changedBy: meta.actorId,
              changedAt: meta.now.toISOString(),
            },
          },
        ];
      }
      case 'SaveParameterTemplate': {
        const { type: _type, ...template } = command;
        if (state.templates.has(template.templateId)) return [];
        const errors: FieldError[] = [];
        const name = template.name.trim();
        if (name.length < 2 || name.length > 80)
          errors.push({ field: 'name', code: name ? 'INVALID_VALUE' : 'REQUIRED', message: name ? 'El nombre tiene de 2 a 80 caracteres.' : undefined });
        if ([...state.templates.values()].some((t) => t.name.trim().toLocaleLowerCase('es-CL') === name.toLocaleLowerCase('es-CL')))
          errors.push({ field: 'name', code: 'NAME_TAKEN', message: 'Ya existe una plantilla con este nombre.' });
        const entries = Object.entries(template.values);
        if (entries.length === 0) errors.push({ field: 'values', code: 'REQUIRED', message: 'Una plantilla necesita al menos un valor.' });
        for (const [parameterId, value] of entries) {
          const kept = state.parameters.get(parameterId);
          if (!kept) errors.push({ field: `values.${parameterId}`, code: 'NOT_FOUND', message: 'No existe ese parámetro.' });
          else for (const e of valueErrors({ ...kept, value })) errors.push({ ...e, field: `values.${parameterId}` });
        }
        if (errors.length) refuse(errors);
        return [
          {
            type: 'FinancialParameterTemplateSaved',
            data: { ...template, name, description: template.description.trim(), savedBy: meta.actorId, savedAt: meta.now.toISOString() },
          },
        ];
      }
      case 'ApplyParameterTemplate': {
        const template = state.templates.get(command.templateId);
        if (!template) throw new DomainError('NOT_FOUND', `template ${command.templateId}`);
        if (!command.reason.trim()) refuse([{ field: 'reason', code: 'REQUIRED' }]);
        const at = meta.now.toISOString();
        // Each parameter whose value differs changes, checked against its type and bounds as they are now.
        const changes: FinancialParametersEvent[] = [];
        for (const [parameterId, value] of Object.entries(template.values)) {
          const kept = existing(state, parameterId);
          if (kept.value === value) continue;
          const errors = valueErrors({ ...kept, value });
          if (errors.length) refuse(errors.map((e) => ({ ...e, field: `values.${parameterId}` })));
          changes.push({
            type: 'FinancialParameterChanged',
            data: {
              parameterId,
              changes: { value },
              previous: { value: kept.value },
              reason: `Plantilla «${template.name}»: ${command.reason.trim()}`,
              changedBy: meta.actorId,
              changedAt: at,
            },
          });
        }
        return [
          ...changes,
          {
            type: 'FinancialParameterTemplateApplied',
            data: { templateId: template.templateId, reason: command.reason.trim(), appliedBy: meta.actorId, appliedAt: at },
          },
        ];
      }
      default: {
        const exhaustive: never = command;
        throw new Error(`Unknown command ${(exhaustive as { type: string }).type}`);
      }
    }
  },
};

/** The parameter's value if it exists and is active: what the simulator uses in place of its built-in default. */
export const activeValue = (state: FinancialParametersState, parameterId: string): number | undefined => {
  const p = state.parameters.get(parameterId);
  return p?.active ? p.value : undefined;
};
