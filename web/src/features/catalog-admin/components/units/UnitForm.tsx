import { useRef, useState, type FormEvent } from 'react';
import type { BackofficeUnitRow } from '../../../../../../contract/catalog-admin';
import { useApi } from '../../../../shared/kit/api-context';
import { FormActions } from '../../../../shared/kit/FormActions';
import { useServerSubmit } from '../../../../shared/kit/useServerSubmit';
import { Alert } from '../../../../shared/ui/Alert';
import { Button } from '../../../../shared/ui/Button';
import { TextField } from '../../../../shared/ui/fields';
import { Grid, Stack } from '../../../../shared/ui/layout';
import { createUnit, updateUnit } from '../../api/catalog-admin-api';
import { changedFields } from '../../logic/project-draft';
import { checkUnitDraft, draftFromUnit, emptyUnitDraft, unitDraftErrors, type UnitDraft } from '../../logic/unit-draft';
import { OPTIONAL_UNIT_FIELDS, UNIT_FIELD_GROUPS, UNIT_FIELD_LABELS } from '../../logic/unit-fields';

const TEXT_INPUTS: ReadonlySet<keyof UnitDraft> = new Set(['unitNumber', 'typology', 'model', 'orientation']);

export interface UnitFormProps {
  readonly projectId: string;
  /** null: a new unit. */
  readonly unit: BackofficeUnitRow | null;
  readonly onDone: (message: string) => void;
  /** Someone else changed the unit: the screen reads it again. */
  readonly onConflict: () => void;
  readonly onCancel: () => void;
}

/** Every field of a unit (contract unitFields), checked by the contract's schema; an edit sends what changed, with If-Match. */
export function UnitForm({ projectId, unit, onDone, onConflict, onCancel }: UnitFormProps) {
  const api = useApi();
  const form = useRef<HTMLFormElement | null>(null);
  const [draft, setDraft] = useState<UnitDraft>(() => (unit ? draftFromUnit(unit) : emptyUnitDraft()));
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState(false);
  const submit = useServerSubmit(() => setConflict(true));
  const errors = { ...unitDraftErrors(submit.errors), ...clientErrors };

  const set = (key: keyof UnitDraft, value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setClientErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkUnitDraft(draft);
    if (!checked.ok) {
      setClientErrors(checked.errors);
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setClientErrors({});
    await submit.run(async () => {
      if (!unit) {
        await createUnit(api, projectId, checked.fields);
        return onDone(`Unidad ${checked.fields.unitNumber} agregada.`);
      }
      const before = checkUnitDraft(draftFromUnit(unit));
      const changes = before.ok ? changedFields(before.fields, checked.fields) : checked.fields;
      if (Object.keys(changes).length > 0) await updateUnit(api, unit.id, unit.revision, changes);
      onDone(Object.keys(changes).length > 0 ? `Unidad ${checked.fields.unitNumber} guardada.` : 'No hay cambios que guardar.');
    });
  };

  return (
    <form ref={form} onSubmit={save} noValidate aria-label={unit ? `Unidad ${unit.unitNumber}` : 'Nueva unidad'}>
      <Stack $gap={2}>
        {conflict && (
          <Alert kind="warning" title="Otra persona modificó esta unidad mientras usted la editaba.">
            <Button onClick={onConflict}>Recargar unidades</Button>
          </Alert>
        )}
        {submit.failure && <Alert kind="error">{submit.failure}</Alert>}
        {UNIT_FIELD_GROUPS.map((group) => (
          <fieldset key={group.legend}>
            <legend>{group.legend}</legend>
            <Grid $min="170px">
              {group.fields.map((key) => (
                <TextField
                  key={key}
                  label={UNIT_FIELD_LABELS[key]}
                  name={key}
                  required={!OPTIONAL_UNIT_FIELDS.has(key)}
                  inputMode={TEXT_INPUTS.has(key) ? undefined : 'decimal'}
                  value={draft[key]}
                  error={errors[key]}
                  onChange={(e) => set(key, e.target.value)}
                />
              ))}
            </Grid>
          </fieldset>
        ))}
        <FormActions submitLabel={unit ? 'Guardar unidad' : 'Agregar unidad'} busy={submit.busy} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
