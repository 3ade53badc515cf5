import {
  changeParameterBody,
  createParameterBody,
  PARAMETER_CATEGORIES,
  PARAMETER_TYPES,
  type ChangeParameter,
  type FinancialParameter,
  type ParameterFieldsInput,
} from '../../../../../contract/financial-parameters';
import { useApi } from '../../../shared/kit/api-context';
import { Alert } from '../../../shared/ui/Alert';
import { Stack } from '../../../shared/ui/layout';
import { FormActions } from '../../../shared/kit/FormActions';
import { FormFields, type FieldSpec } from '../../../shared/form/FormFields';
import { useContractForm } from '../../../shared/form/useContractForm';
import { changeParameter, createParameter } from '../api/parameters-api';
import { CATEGORY_LABELS, TYPE_LABELS } from './parameter-format';

type Draft = {
  name: string;
  description: string;
  value: string;
  category: string;
  type: string;
  minValue: string;
  maxValue: string;
  active: boolean;
  reason: string;
};

const toDraft = (p: FinancialParameter | null): Draft => ({
  name: p?.name ?? '',
  description: p?.description ?? '',
  value: p ? String(p.value).replace('.', ',') : '',
  category: p?.category ?? 'RATES',
  type: p?.type ?? 'percentage',
  minValue: p?.minValue === null || p?.minValue === undefined ? '' : String(p.minValue).replace('.', ','),
  maxValue: p?.maxValue === null || p?.maxValue === undefined ? '' : String(p.maxValue).replace('.', ','),
  active: p?.active ?? true,
  reason: '',
});

/** es-CL numbers are typed with a decimal comma; an empty bound is "no bound". */
const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(/\./g, '').replace(',', '.')));
const boundOf = (text: string): number | null => (text.trim() === '' ? null : numberOf(text));

const fieldsOf = (d: Draft): ParameterFieldsInput => ({
  name: d.name,
  description: d.description,
  value: numberOf(d.value),
  category: d.category as ParameterFieldsInput['category'],
  type: d.type as ParameterFieldsInput['type'],
  minValue: boundOf(d.minValue),
  maxValue: boundOf(d.maxValue),
  active: d.active,
});

const FIELDS: readonly FieldSpec<Draft>[] = [
  { name: 'name', label: 'Nombre', required: true },
  { name: 'description', label: 'Descripción', kind: 'textarea', rows: 2 },
];

const KIND: readonly FieldSpec<Draft>[] = [
  { name: 'category', label: 'Categoría', kind: 'select', required: true, options: PARAMETER_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] })) },
  { name: 'type', label: 'Tipo', kind: 'select', required: true, options: PARAMETER_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] })) },
];

const VALUES: readonly FieldSpec<Draft>[] = [
  { name: 'value', label: 'Valor', required: true, inputMode: 'decimal' },
  { name: 'minValue', label: 'Mínimo', inputMode: 'decimal', hint: 'Vacío: sin mínimo.' },
  { name: 'maxValue', label: 'Máximo', inputMode: 'decimal', hint: 'Vacío: sin máximo.' },
];

const ACTIVE: FieldSpec<Draft> = { name: 'active', label: 'Activo (el simulador lo usa)', kind: 'checkbox' };
const REASON: FieldSpec<Draft> = { name: 'reason', label: 'Motivo del cambio', required: true };

export interface ParameterFormProps {
  /** Null: a new parameter. */
  readonly parameter: FinancialParameter | null;
  readonly onDone: (message: string) => void;
  readonly onCancel: () => void;
  readonly onConflict: () => void;
}

/**
 * Create or change a financial parameter. Checked with the contract's schema, then by the server (name unique,
 * value by type and bounds), whose field errors land on their fields; a change needs a reason and is
 * conditional on the version shown (412: someone else changed it).
 */
export function ParameterForm({ parameter, onDone, onCancel, onConflict }: ParameterFormProps) {
  const api = useApi();
  const form = useContractForm<Draft, ParameterFieldsInput | ChangeParameter>(
    parameter
      ? { schema: changeParameterBody, defaultValues: toDraft(parameter), toBody: (d) => ({ ...fieldsOf(d), reason: d.reason }), onConflict }
      : { schema: createParameterBody, defaultValues: toDraft(null), toBody: fieldsOf, onConflict },
  );
  const { failure, busy } = form;

  const submit = form.submit(async (_body, draft) => {
    const fields = fieldsOf(draft);
    if (parameter) {
      await changeParameter(api, parameter.id, parameter.version, { ...fields, reason: draft.reason });
      onDone(`Parámetro «${fields.name}» actualizado: la próxima simulación ya lo usa.`);
    } else {
      await createParameter(api, fields);
      onDone(`Parámetro «${fields.name}» creado.`);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={parameter ? `Editar ${parameter.name}` : 'Nuevo parámetro'}>
      <Stack $gap={3}>
        {failure && <Alert kind="error">{failure}</Alert>}
        <FormFields form={form} fields={FIELDS} />
        <FormFields form={form} fields={KIND} min="180px" />
        <FormFields form={form} fields={VALUES} min="140px" />
        <FormFields form={form} fields={[ACTIVE, parameter !== null && REASON]} />
        <FormActions submitLabel={parameter ? 'Guardar cambios' : 'Crear parámetro'} busy={busy} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
