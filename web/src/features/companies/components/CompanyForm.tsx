import { useState, type FormEvent } from 'react';
import { createCompanyBody } from '../../../../../contract/companies';
import { useApi } from '../../../shared/kit/api-context';
import { FormActions } from '../../../shared/kit/FormActions';
import { useServerSubmit } from '../../../shared/kit/useServerSubmit';
import { Alert } from '../../../shared/ui/Alert';
import { SelectField, TextAreaField, TextField } from '../../../shared/ui/fields';
import { Grid, Stack } from '../../../shared/ui/layout';
import { zodFieldMessages } from '../../../shared/validation/zod-messages';
import { createCompany } from '../api/companies-api';

type Draft = { name: string; rut: string; kind: 'employer' | 'real_estate'; description: string; contactEmail: string; contactPhone: string };

/** A company the back office registers itself (spec §3 Company: name, RUT, description, contact). */
export function CompanyForm({ onDone, onCancel }: { onDone: (id: string, name: string) => void; onCancel: () => void }) {
  const api = useApi();
  const [draft, setDraft] = useState<Draft>({ name: '', rut: '', kind: 'employer', description: '', contactEmail: '', contactPhone: '' });
  const { errors, setErrors, failure, busy, run, clear } = useServerSubmit();
  const set = (key: keyof Draft, value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    clear(key);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = createCompanyBody.safeParse(draft);
    if (!checked.success) return setErrors(zodFieldMessages(checked.error));
    await run(async () => onDone(await createCompany(api, checked.data), checked.data.name));
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Nueva empresa">
      <Stack $gap={3}>
        {failure && <Alert kind="error">{failure}</Alert>}
        <Grid $min="200px">
          <TextField label="Nombre" name="name" required value={draft.name} error={errors.name} onChange={(e) => set('name', e.target.value)} />
          <TextField label="RUT" name="rut" required value={draft.rut} error={errors.rut} onChange={(e) => set('rut', e.target.value)} />
          <SelectField
            label="Tipo"
            name="kind"
            value={draft.kind}
            options={[
              { value: 'employer', label: 'Empresa en convenio' },
              { value: 'real_estate', label: 'Inmobiliaria' },
            ]}
            onChange={(e) => set('kind', e.target.value)}
          />
          <TextField
            label="Email de contacto"
            name="contactEmail"
            required
            value={draft.contactEmail}
            error={errors.contactEmail}
            onChange={(e) => set('contactEmail', e.target.value)}
          />
          <TextField
            label="Teléfono de contacto"
            name="contactPhone"
            required
            value={draft.contactPhone}
            error={errors.contactPhone}
            onChange={(e) => set('contactPhone', e.target.value)}
          />
        </Grid>
        <TextAreaField label="Descripción" name="description" rows={2} value={draft.description} onChange={(e) => set('description', e.target.value)} />
        <FormActions submitLabel="Registrar empresa" busy={busy} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
