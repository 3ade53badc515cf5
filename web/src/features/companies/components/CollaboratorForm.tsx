import { useState, type FormEvent } from 'react';
import { collaboratorFields, createCollaboratorBody, type CollaboratorRow } from '../../../../../contract/companies';
import { useApi } from '../../../shared/kit/api-context';
import { Alert } from '../../../shared/ui/Alert';
import { TextField } from '../../../shared/ui/fields';
import { Grid, Stack } from '../../../shared/ui/layout';
import { FormActions } from '../../../shared/kit/FormActions';
import { useServerSubmit } from '../../../shared/kit/useServerSubmit';
import { zodFieldMessages } from '../../../shared/validation/zod-messages';
import { addCollaborator, changeCollaborator } from '../api/companies-api';

const FIELDS = [
  { name: 'name', label: 'Nombre' },
  { name: 'firstSurname', label: 'Primer apellido' },
  { name: 'secondSurname', label: 'Segundo apellido' },
  { name: 'workEmail', label: 'Email laboral' },
  { name: 'personalEmail', label: 'Email personal' },
  { name: 'phone', label: 'Teléfono' },
  { name: 'post', label: 'Cargo' },
  { name: 'companyContributionUF', label: 'Aporte de la empresa (UF)' },
  { name: 'plan', label: 'Plan' },
] as const;

type Draft = Record<(typeof FIELDS)[number]['name'] | 'rut', string>;

/** Add or edit one collaborator (spec §3 Collaborator), checked with the contract's schema, then by the server. */
export function CollaboratorForm({
  companyId,
  collaborator,
  onDone,
  onCancel,
}: {
  companyId: string;
  collaborator: CollaboratorRow | null;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const api = useApi();
  const [draft, setDraft] = useState<Draft>(() => ({
    rut: collaborator?.rut ?? '',
    ...(Object.fromEntries(FIELDS.map((f) => [f.name, collaborator ? String(collaborator[f.name]) : f.name === 'companyContributionUF' ? '0' : ''])) as Omit<
      Draft,
      'rut'
    >),
  }));
  const conflict = () => setFailure412(true);
  const [failure412, setFailure412] = useState(false);
  const { errors, setErrors, failure, busy, run, clear } = useServerSubmit(conflict);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const values = { ...draft, companyContributionUF: Number(draft.companyContributionUF.replace(',', '.')) };
    const checked = collaborator ? collaboratorFields.safeParse((({ rut: _rut, ...rest }) => rest)(values)) : createCollaboratorBody.safeParse(values);
    if (!checked.success) return setErrors(zodFieldMessages(checked.error));
    await run(async () => {
      if (collaborator) await changeCollaborator(api, collaborator, checked.data);
      else await addCollaborator(api, companyId, checked.data as Parameters<typeof addCollaborator>[2]);
      onDone(collaborator ? `Colaborador ${draft.name} ${draft.firstSurname} actualizado.` : `Colaborador ${draft.name} ${draft.firstSurname} agregado.`);
    });
  };
  const bind = (name: keyof Draft, label: string) => (
    <TextField
      key={name}
      label={label}
      name={name}
      value={draft[name]}
      error={errors[name]}
      onChange={(e) => {
        setDraft((d) => ({ ...d, [name]: e.target.value }));
        clear(name);
      }}
    />
  );
  return (
    <form onSubmit={submit} noValidate aria-label={collaborator ? 'Editar colaborador' : 'Nuevo colaborador'}>
      <Stack $gap={3}>
        {failure412 && <Alert kind="warning">Otra persona modificó este colaborador: cierre y vuelva a abrirlo.</Alert>}
        {failure && <Alert kind="error">{failure}</Alert>}
        {!collaborator && bind('rut', 'RUT')}
        <Grid $min="200px">{FIELDS.map((f) => bind(f.name, f.label))}</Grid>
        <FormActions submitLabel={collaborator ? 'Guardar cambios' : 'Agregar colaborador'} busy={busy} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
