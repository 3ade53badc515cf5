import { useState, type FormEvent } from 'react';
import {
  changeParameterBody,
  createParameterBody,
  PARAMETER_CATEGORIES,
  PARAMETER_TYPES,
  type FinancialParameter,
  type ParameterFieldsInput,
} from '../../../../../contract/financial-parameters';
import { useApi } from '../../../shared/kit/api-context';
import { Alert } from '../../../shared/ui/Alert';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../shared/ui/fields';
import { Grid, Stack } from '../../../shared/ui/layout';
import { FormActions } from '../../../shared/kit/FormActions';
import { useServerSubmit } from '../../../shared/kit/useServerSubmit';
import { zodFieldMessages } from '../../../shared/validation/zod-messages';
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
  const [draft, setDraft] = useState<Draft>(() => toDraft(parameter));
  const { errors, setErrors, failure, busy, run, clear } = useServerSubmit(onConflict);
  const set = (key: keyof Draft, value: string | boolean) => {
    setDraft((d) => ({ ...d, [key]: value }));
    clear(key);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields = fieldsOf(draft);
    const checked = parameter ? changeParameterBody.safeParse({ ...fields, reason: draft.reason }) : createParameterBody.safeParse(fields);
    if (!checked.success) {
      setErrors(zodFieldMessages(checked.error));
      return;
    }
    await run(async () => {
      if (parameter) {
        await changeParameter(api, parameter.id, parameter.version, { ...fields, reason: draft.reason });
        onDone(`Parámetro «${fields.name}» actualizado: la próxima simulación ya lo usa.`);
      } else {
        await createParameter(api, fields);
        onDone(`Parámetro «${fields.name}» creado.`);
      }
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={parameter ? `Editar ${parameter.name}` : 'Nuevo parámetro'}>
      <Stack $gap={3}>
        {failure && <Alert kind="error">{failure}</Alert>}
        <TextField label="Nombre" name="name" required value={draft.name} error={errors.name} onChange={(e) => set('name', e.target.value)} />
        <TextAreaField
          label="Descripción"
          name="description"
          rows={2}
          value={draft.description}
          error={errors.description}
          onChange={(e) => set('description', e.target.value)}
        />
        <Grid $min="180px">
          <SelectField
            label="Categoría"
            name="category"
            required
            value={draft.category}
            error={errors.category}
            options={PARAMETER_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))}
            onChange={(e) => set('category', e.target.value)}
          />
          <SelectField
            label="Tipo"
            name="type"
            required
            value={draft.type}
            error={errors.type}
            options={PARAMETER_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
            onChange={(e) => set('type', e.target.value)}
          />
        </Grid>
        <Grid $min="140px">
          <TextField
            label="Valor"
            name="value"
            required
            inputMode="decimal"
            value={draft.value}
            error={errors.value}
            onChange={(e) => set('value', e.target.value)}
          />
          <TextField
            label="Mínimo"
            name="minValue"
            inputMode="decimal"
            hint="Vacío: sin mínimo."
            value={draft.minValue}
            error={errors.minValue}
            onChange={(e) => set('minValue', e.target.value)}
          />
          <TextField
            label="Máximo"
            name="maxValue"
            inputMode="decimal"
            hint="Vacío: sin máximo."
            value={draft.maxValue}
            error={errors.maxValue}
            onChange={(e) => set('maxValue', e.target.value)}
          />
        </Grid>
        <CheckboxField label="Activo (el simulador lo usa)" name="active" checked={draft.active} onChange={(e) => set('active', e.target.checked)} />
        {parameter && (
          <TextField
            label="Motivo del cambio"
            name="reason"
            required
            value={draft.reason}
            error={errors.reason}
            onChange={(e) => set('reason', e.target.value)}
          />
        )}
        <FormActions submitLabel={parameter ? 'Guardar cambios' : 'Crear parámetro'} busy={busy} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
