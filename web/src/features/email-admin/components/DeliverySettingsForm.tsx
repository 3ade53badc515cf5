import { deliverySettings, type EmailSettings } from '../../../../../contract/email';
import { useApi } from '../../../shared/kit/api-context';
import { FormActions } from '../../../shared/kit/FormActions';
import { FormFields, type FieldSpec } from '../../../shared/form/FormFields';
import { useContractForm } from '../../../shared/form/useContractForm';
import { useUnsavedChangesGuard } from '../../../shared/kit/useUnsavedChangesGuard';
import { Alert } from '../../../shared/ui/Alert';
import { Stack } from '../../../shared/ui/layout';
import { saveEmailSettings } from '../api/email-api';
import type { SettingsFormProps } from './settings-form';

type Delivery = EmailSettings['delivery'];
type Draft = Record<keyof Delivery, string | boolean>;

const toDraft = (delivery: Delivery): Draft => ({
  ...delivery,
  maxPerHour: String(delivery.maxPerHour),
  maxPerDay: String(delivery.maxPerDay),
  retentionDays: String(delivery.retentionDays),
});

const LIMITS: readonly FieldSpec<Draft>[] = [
  { name: 'maxPerHour', label: 'Máximo por hora', inputMode: 'numeric' },
  { name: 'maxPerDay', label: 'Máximo por día', inputMode: 'numeric' },
  { name: 'retentionDays', label: 'Retención del historial (días)', inputMode: 'numeric', hint: 'Entre 30 y 730 días.' },
];

const LOCALE: readonly FieldSpec<Draft>[] = [
  { name: 'defaultLanguage', label: 'Idioma predeterminado' },
  { name: 'timezone', label: 'Zona horaria' },
  { name: 'preferredTime', label: 'Hora preferida de envío', type: 'time' },
];

const TRACKING: readonly FieldSpec<Draft>[] = [
  { name: 'trackOpens', label: 'Registrar aperturas (píxel de seguimiento)', kind: 'checkbox' },
  { name: 'trackClicks', label: 'Registrar clics en enlaces', kind: 'checkbox' },
];

/** Spec §3 delivery settings: limits per hour and day, tracking, language, time zone, preferred time, history retention. */
export function DeliverySettingsForm({ settings, etag, onSaved, onConflict }: SettingsFormProps) {
  const api = useApi();
  const form = useContractForm({
    schema: deliverySettings,
    defaultValues: toDraft(settings.delivery),
    rules: (data): Record<string, string> =>
      data && data.maxPerDay < data.maxPerHour ? { maxPerDay: 'El máximo diario no puede ser menor que el máximo por hora.' } : {},
    onConflict,
  });
  const { failure, busy } = form;
  const guard = useUnsavedChangesGuard(form.formState.isDirty);

  const submit = form.submit(async (delivery) => {
    const saved = await saveEmailSettings(api, { delivery }, etag);
    onSaved(saved.settings, saved.etag, 'Configuración de entrega guardada.');
  });

  return (
    <>
      <form onSubmit={submit} noValidate aria-label="Configuración de entrega">
        <Stack $gap={3}>
          {failure && <Alert kind="error">{failure}</Alert>}
          <FormFields form={form} fields={LIMITS} min="200px" />
          <FormFields form={form} fields={LOCALE} min="200px" />
          <FormFields form={form} fields={TRACKING} />
          <FormActions submitLabel="Guardar entrega" busy={busy} onCancel={() => form.reset()} />
        </Stack>
      </form>
      {guard}
    </>
  );
}
