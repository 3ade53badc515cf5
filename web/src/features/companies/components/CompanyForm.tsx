import { createCompanyBody } from '../../../../../contract/companies';
import { useApi } from '../../../shared/kit/api-context';
import { FormActions } from '../../../shared/kit/FormActions';
import { FormField, FormFields, type FieldSpec } from '../../../shared/form/FormFields';
import { useContractForm } from '../../../shared/form/useContractForm';
import { Alert } from '../../../shared/ui/Alert';
import { Stack } from '../../../shared/ui/layout';
import { createCompany } from '../api/companies-api';

type Draft = { name: string; rut: string; kind: 'employer' | 'real_estate'; description: string; contactEmail: string; contactPhone: string };

const FIELDS: readonly FieldSpec<Draft>[] = [
  { name: 'name', label: 'Nombre', required: true },
  { name: 'rut', label: 'RUT', required: true },
  {
    name: 'kind',
    label: 'Tipo',
    kind: 'select',
    options: [
      { value: 'employer', label: 'Empresa en convenio' },
      { value: 'real_estate', label: 'Inmobiliaria' },
    ],
  },
  { name: 'contactEmail', label: 'Email de contacto', required: true },
  { name: 'contactPhone', label: 'Teléfono de contacto', required: true },
];

const DESCRIPTION: FieldSpec<Draft> = { name: 'description', label: 'Descripción', kind: 'textarea', rows: 2 };

/** A company the back office registers itself (spec §3 Company: name, RUT, description, contact). */
export function CompanyForm({ onDone, onCancel }: { onDone: (id: string, name: string) => void; onCancel: () => void }) {
  const api = useApi();
  const form = useContractForm({
    schema: createCompanyBody,
    defaultValues: { name: '', rut: '', kind: 'employer', description: '', contactEmail: '', contactPhone: '' } as Draft,
  });
  const { failure, busy } = form;
  const submit = form.submit(async (company) => onDone(await createCompany(api, company), company.name));
  return (
    <form onSubmit={submit} noValidate aria-label="Nueva empresa">
      <Stack $gap={3}>
        {failure && <Alert kind="error">{failure}</Alert>}
        <FormFields form={form} fields={FIELDS} min="200px" />
        <FormField form={form} field={DESCRIPTION} />
        <FormActions submitLabel="Registrar empresa" busy={busy} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
