import { campaignFields, type CampaignDetail, type CompanyItem } from '../../../../../contract/campaigns';
import { useApi } from '../../../shared/kit/api-context';
import { Alert } from '../../../shared/ui/Alert';
import { Stack } from '../../../shared/ui/layout';
import { FormActions } from '../../../shared/kit/FormActions';
import { FormFields, type FieldSpec } from '../../../shared/form/FormFields';
import { useContractForm } from '../../../shared/form/useContractForm';
import { changeCampaign, createCampaign } from '../api/campaigns-api';

type Draft = {
  companyId: string;
  name: string;
  description: string;
  startDate: string;
  endDate: string;
  autoEnrollment: boolean;
  selfEnrollmentByRut: boolean;
};

const DATES: readonly FieldSpec<Draft>[] = [
  { name: 'startDate', label: 'Inicio', type: 'date', required: true },
  { name: 'endDate', label: 'Término (opcional)', type: 'date', hint: 'Vacío: hasta que se termine.' },
];

const ENROLLMENT: readonly FieldSpec<Draft>[] = [
  { name: 'autoEnrollment', label: 'Inscripción automática de los colaboradores de la empresa', kind: 'checkbox' },
  { name: 'selfEnrollmentByRut', label: 'Inscripción por RUT en la página de la campaña', kind: 'checkbox' },
];

export interface CampaignFormProps {
  /** Null: a new campaign. */
  readonly campaign: CampaignDetail | null;
  readonly companies: readonly CompanyItem[];
  readonly onDone: (message: string) => void;
  readonly onCancel: () => void;
  readonly onConflict: () => void;
}

/** Create or edit a campaign (spec §3, §5: name, description and status required; end optional, not before the start). */
export function CampaignForm({ campaign, companies, onDone, onCancel, onConflict }: CampaignFormProps) {
  const api = useApi();
  const form = useContractForm({
    schema: campaignFields,
    defaultValues: {
      companyId: campaign?.companyId ?? companies[0]?.id ?? '',
      name: campaign?.name ?? '',
      description: campaign?.description ?? '',
      startDate: campaign?.startDate ?? '',
      endDate: campaign?.endDate ?? '',
      autoEnrollment: campaign?.autoEnrollment ?? true,
      selfEnrollmentByRut: campaign?.selfEnrollmentByRut ?? false,
    } as Draft,
    toBody: ({ companyId: _companyId, ...rest }: Draft) => ({ ...rest, endDate: rest.endDate || null }),
    rules: (data, { companyId }): Record<string, string> => ({
      ...(!campaign && !companyId ? { companyId: 'Elija una empresa en convenio.' } : {}),
      ...(data?.endDate && data.endDate < data.startDate ? { endDate: 'El término no puede ser anterior al inicio.' } : {}),
    }),
    onConflict,
  });
  const { failure, busy } = form;

  const submit = form.submit(async (fields, { companyId }) => {
    if (campaign) await changeCampaign(api, campaign.id, campaign.revision, fields);
    else await createCampaign(api, { ...fields, companyId });
    onDone(campaign ? `Campaña «${fields.name}» actualizada.` : `Campaña «${fields.name}» creada como borrador.`);
  });

  return (
    <form onSubmit={submit} noValidate aria-label={campaign ? `Editar ${campaign.name}` : 'Nueva campaña'}>
      <Stack $gap={3}>
        {failure && <Alert kind="error">{failure}</Alert>}
        <FormFields
          form={form}
          fields={[
            !campaign && {
              name: 'companyId',
              label: 'Empresa',
              kind: 'select',
              required: true,
              options: companies.map((c) => ({ value: c.id, label: c.name })),
            },
            { name: 'name', label: 'Nombre', required: true },
            { name: 'description', label: 'Descripción', kind: 'textarea', required: true, rows: 3 },
          ]}
        />
        <FormFields form={form} fields={DATES} min="180px" />
        <FormFields form={form} fields={ENROLLMENT} />
        <FormActions submitLabel={campaign ? 'Guardar cambios' : 'Crear borrador'} busy={busy} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
