import { useState } from 'react';
import { collaboratorFields, createCollaboratorBody, type CollaboratorRow } from '../../../../../contract/companies';
import { useApi } from '../../../shared/kit/api-context';
import { Alert } from '../../../shared/ui/Alert';
import { Stack } from '../../../shared/ui/layout';
import { FormActions } from '../../../shared/kit/FormActions';
import { FormField, FormFields } from '../../../shared/form/FormFields';
import { useContractForm } from '../../../shared/form/useContractForm';
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
  const [failure412, setFailure412] = useState(false);
  const toBody = (draft: Draft) => {
    const { rut, ...rest } = { ...draft, companyContributionUF: Number(draft.companyContributionUF.replace(',', '.')) };
    return collaborator ? rest : { rut, ...rest };
  };
  const form = useContractForm<Draft, Parameters<typeof changeCollaborator>[2] | Parameters<typeof addCollaborator>[2]>({
    schema: collaborator ? collaboratorFields : createCollaboratorBody,
    defaultValues: {
      rut: collaborator?.rut ?? '',
      ...(Object.fromEntries(FIELDS.map((f) => [f.name, collaborator ? String(collaborator[f.name]) : f.name === 'companyContributionUF' ? '0' : ''])) as Omit<
        Draft,
        'rut'
      >),
    },
    toBody,
    onConflict: () => setFailure412(true),
  });
  const { failure, busy } = form;
  const submit = form.submit(async (body, draft) => {
    if (collaborator) await changeCollaborator(api, collaborator, body);
    else await addCollaborator(api, companyId, body as Parameters<typeof addCollaborator>[2]);
    onDone(collaborator ? `Colaborador ${draft.name} ${draft.firstSurname} actualizado.` : `Colaborador ${draft.name} ${draft.firstSurname} agregado.`);
  });
  return (
    <form onSubmit={submit} noValidate aria-label={collaborator ? 'Editar colaborador' : 'Nuevo colaborador'}>
      <Stack $gap={3}>
        {failure412 && <Alert kind="warning">Otra persona modificó este colaborador: cierre y vuelva a abrirlo.</Alert>}
        {failure && <Alert kind="error">{failure}</Alert>}
        {!collaborator && <FormField form={form} field={{ name: 'rut', label: 'RUT' }} />}
        <FormFields form={form} fields={FIELDS} min="200px" />
        <FormActions submitLabel={collaborator ? 'Guardar cambios' : 'Agregar colaborador'} busy={busy} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
