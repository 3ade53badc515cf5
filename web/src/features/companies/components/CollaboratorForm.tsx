import { useState, type FormEvent } from 'react';
import { collaboratorFields, createCollaboratorBody, type CollaboratorRow } from '../../../../../contract/companies';
import { ApiError, fieldErrorMap, toApiErrorBody } from '../../../shared/api/errors';
import { useApi } from '../../../shared/kit/api-context';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { TextField } from '../../../shared/ui/fields';
import { Grid, Row, Stack } from '../../../shared/ui/layout';
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
export function CollaboratorForm({ companyId, collaborator, onDone, onCancel }: { companyId: string; collaborator: CollaboratorRow | null; onDone: (message: string) => void; onCancel: () => void }) {
  const api = useApi();
  const [draft, setDraft] = useState<Draft>(() => ({
    rut: collaborator?.rut ?? '',
    ...(Object.fromEntries(FIELDS.map((f) => [f.name, collaborator ? String(collaborator[f.name]) : f.name === 'companyContributionUF' ? '0' : ''])) as Omit<Draft, 'rut'>),
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const values = { ...draft, companyContributionUF: Number(draft.companyContributionUF.replace(',', '.')) };
    const checked = collaborator ? collaboratorFields.safeParse((({ rut: _rut, ...rest }) => rest)(values)) : createCollaboratorBody.safeParse(values);
    if (!checked.success) return setErrors(zodFieldMessages(checked.error));
    setBusy(true);
    try {
      if (collaborator) await changeCollaborator(api, collaborator, checked.data);
      else await addCollaborator(api, companyId, checked.data as Parameters<typeof addCollaborator>[2]);
      onDone(collaborator ? `Colaborador ${draft.name} ${draft.firstSurname} actualizado.` : `Colaborador ${draft.name} ${draft.firstSurname} agregado.`);
    } catch (error) {
      const body = toApiErrorBody(error);
      setErrors(error instanceof ApiError ? fieldErrorMap(body) : {});
      setFailure(error instanceof ApiError && error.status === 412 ? 'Otra persona modificó este colaborador: cierre y vuelva a abrirlo.' : body.message);
    } finally {
      setBusy(false);
    }
  };
  const bind = (name: keyof Draft, label: string) => (
    <TextField key={name} label={label} name={name} value={draft[name]} error={errors[name]} onChange={(e) => { setDraft((d) => ({ ...d, [name]: e.target.value })); setErrors(({ [name]: _g, ...rest }) => rest); }} />
  );
  return (
    <form onSubmit={submit} noValidate aria-label={collaborator ? 'Editar colaborador' : 'Nuevo colaborador'}>
      <Stack $gap={3}>
        {failure && <Alert kind="error">{failure}</Alert>}
        {!collaborator && bind('rut', 'RUT')}
        <Grid $min="200px">{FIELDS.map((f) => bind(f.name, f.label))}</Grid>
        <Row $gap={2}>
          <Button type="submit" variant="primary" busy={busy} busyLabel="Guardando...">
            {collaborator ? 'Guardar cambios' : 'Agregar colaborador'}
          </Button>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancelar
          </Button>
        </Row>
      </Stack>
    </form>
  );
}
