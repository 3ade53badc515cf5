import { z } from 'zod';
import { labelField } from './common';

/** Financial parameters (spec §3, §5): the rates, insurance, taxes, fees and periods the simulator uses. */
export const PARAMETER_CATEGORIES = ['CAE', 'INSURANCE', 'TAXES', 'FEES', 'RATES', 'PERIODS', 'LIMITS'] as const;
export const PARAMETER_TYPES = ['percentage', 'currency', 'days', 'rate', 'number'] as const;

const bound = z.number().finite().nullable();

export const parameterFields = z.strictObject({
  name: labelField(2, 80),
  description: z.string().trim().max(400),
  value: z.number().finite(),
  category: z.enum(PARAMETER_CATEGORIES),
  type: z.enum(PARAMETER_TYPES),
  minValue: bound,
  maxValue: bound,
  active: z.boolean(),
});
export type ParameterFieldsInput = z.infer<typeof parameterFields>;

export const createParameterBody = parameterFields;

/** A change names what changes and why (kept in the parameter's history). */
export const changeParameterBody = parameterFields.partial().extend({ reason: z.string().trim().min(1).max(400) });
export type ChangeParameter = z.infer<typeof changeParameterBody>;

export const financialParameter = parameterFields.extend({
  id: z.string(),
  /** The weak ETag's number: send it back as If-Match to change the parameter. */
  version: z.number().int(),
  createdAt: z.string(),
  lastModified: z.string(),
  modifiedBy: z.string(),
  /** The person's name, when the actor is a user (null for the system). */
  modifiedByName: z.string().nullable(),
});
export type FinancialParameter = z.infer<typeof financialParameter>;

export const financialParametersResponse = z.object({ items: z.array(financialParameter) });

export const parameterHistoryResponse = z.object({
  items: z.array(
    z.object({
      at: z.string(),
      event: z.enum(['created', 'changed']),
      actor: z.string(),
      actorName: z.string().nullable(),
      reason: z.string().nullable(),
      changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
    }),
  ),
});
export type ParameterHistory = z.infer<typeof parameterHistoryResponse>;

/** Templates (spec §2 "financial settings: ... templates"): named sets of values applied in one step. */
export const saveTemplateBody = z.strictObject({
  name: labelField(2, 80),
  description: z.string().trim().max(400),
  /** By parameter id; without it, the table's current values of its active parameters. */
  values: z.record(z.string().max(64), z.number().finite()).optional(),
});
export type SaveTemplate = z.infer<typeof saveTemplateBody>;
export const applyTemplateBody = z.strictObject({ reason: z.string().trim().min(1).max(400) });

export const parameterTemplate = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  values: z.record(z.string(), z.number()),
  savedAt: z.string(),
  savedBy: z.string(),
});
export type ParameterTemplateItem = z.infer<typeof parameterTemplate>;
export const templatesResponse = z.object({ items: z.array(parameterTemplate) });
export const templateAppliedResponse = z.object({ templateId: z.string(), changed: z.number().int() });
