import { useState, type FormEvent } from 'react';
import { campaignFields, type CampaignDetail, type CompanyItem } from '../../../../../contract/campaigns';
import { useApi } from '../../../shared/kit/api-context';
import { Alert } from '../../../shared/ui/Alert';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../shared/ui/fields';
import { Grid, Stack } from '../../../shared/ui/layout';
import { FormActions } from '../../../shared/kit/FormActions';
import { useServerSubmit } from '../../../shared/kit/useServerSubmit';
import { zodFieldMessages } from '../../../shared/validation/zod-messages';
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
  const [draft, setDraft] = useState<Draft>({
    companyId: campaign?.companyId ?? companies[0]?.id ?? '',
    name: campaign?.name ?? '',
    description: campaign?.description ?? '',
    startDate: campaign?.startDate ?? '',
    endDate: campaign?.endDate ?? '',
    autoEnrollment: campaign?.autoEnrollment ?? true,
    selfEnrollmentByRut: campaign?.selfEnrollmentByRut ?? false,
  });
  const { errors, setErrors, failure, busy, run, clear } = useServerSubmit(onConflict);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    clear(key);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { companyId, ...rest } = draft;
    const checked = campaignFields.safeParse({ ...rest, endDate: rest.endDate || null });
    const next = checked.success ? {} : zodFieldMessages(checked.error);
    if (!campaign && !companyId) next.companyId = 'Elija una empresa en convenio.';
    if (checked.success && checked.data.endDate && checked.data.endDate < checked.data.startDate) next.endDate = 'El término no puede ser anterior al inicio.';
    setErrors(next);
    if (!checked.success || Object.keys(next).length) return;
    await run(async () => {
      if (campaign) await changeCampaign(api, campaign.id, campaign.revision, checked.data);
      else await createCampaign(api, { ...checked.data, companyId });
      onDone(campaign ? `Campaña «${checked.data.name}» actualizada.` : `Campaña «${checked.data.name}» creada como borrador.`);
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={campaign ? `Editar ${campaign.name}` : 'Nueva campaña'}>
      <Stack $gap={3}>
        {failure && <Alert kind="error">{failure}</Alert>}
        {!campaign && (
          <SelectField
            label="Empresa"
            name="companyId"
            required
            value={draft.companyId}
            error={errors.companyId}
            options={companies.map((c) => ({ value: c.id, label: c.name }))}
            onChange={(e) => set('companyId', e.target.value)}
          />
        )}
        <TextField label="Nombre" name="name" required value={draft.name} error={errors.name} onChange={(e) => set('name', e.target.value)} />
        <TextAreaField
          label="Descripción"
          name="description"
          required
          rows={3}
          value={draft.description}
          error={errors.description}
          onChange={(e) => set('description', e.target.value)}
        />
        <Grid $min="180px">
          <TextField
            label="Inicio"
            name="startDate"
            type="date"
            required
            value={draft.startDate}
            error={errors.startDate}
            onChange={(e) => set('startDate', e.target.value)}
          />
          <TextField
            label="Término (opcional)"
            name="endDate"
            type="date"
            hint="Vacío: hasta que se termine."
            value={draft.endDate}
            error={errors.endDate}
            onChange={(e) => set('endDate', e.target.value)}
          />
        </Grid>
        <CheckboxField
          label="Inscripción automática de los colaboradores de la empresa"
          name="autoEnrollment"
          checked={draft.autoEnrollment}
          onChange={(e) => set('autoEnrollment', e.target.checked)}
        />
        <CheckboxField
          label="Inscripción por RUT en la página de la campaña"
          name="selfEnrollmentByRut"
          checked={draft.selfEnrollmentByRut}
          onChange={(e) => set('selfEnrollmentByRut', e.target.checked)}
        />
        <FormActions submitLabel={campaign ? 'Guardar cambios' : 'Crear borrador'} busy={busy} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
