import { useState, type FormEvent } from 'react';
import { deliverySettings, type EmailSettings } from '../../../../../contract/email';
import { useApi } from '../../../shared/kit/api-context';
import { FormActions } from '../../../shared/kit/FormActions';
import { useServerSubmit } from '../../../shared/kit/useServerSubmit';
import { useUnsavedChangesGuard } from '../../../shared/kit/useUnsavedChangesGuard';
import { Alert } from '../../../shared/ui/Alert';
import { CheckboxField, TextField } from '../../../shared/ui/fields';
import { Grid, Stack } from '../../../shared/ui/layout';
import { zodFieldMessages } from '../../../shared/validation/zod-messages';
import { saveEmailSettings } from '../api/email-api';

type Delivery = EmailSettings['delivery'];

export interface DeliverySettingsFormProps {
  readonly settings: EmailSettings;
  readonly etag: string;
  readonly onSaved: (settings: EmailSettings, etag: string, message: string) => void;
  readonly onConflict: () => void;
}

/** Spec §3 delivery settings: limits per hour and day, tracking, language, time zone, preferred time, history retention. */
export function DeliverySettingsForm({ settings, etag, onSaved, onConflict }: DeliverySettingsFormProps) {
  const api = useApi();
  const initial = settings.delivery;
  const [draft, setDraft] = useState<Record<keyof Delivery, string | boolean>>({
    ...initial,
    maxPerHour: String(initial.maxPerHour),
    maxPerDay: String(initial.maxPerDay),
    retentionDays: String(initial.retentionDays),
  });
  const { errors, setErrors, failure, busy, run, clear } = useServerSubmit(onConflict);
  const dirty =
    JSON.stringify(draft) !==
    JSON.stringify({ ...initial, maxPerHour: String(initial.maxPerHour), maxPerDay: String(initial.maxPerDay), retentionDays: String(initial.retentionDays) });
  const guard = useUnsavedChangesGuard(dirty);
  const set = (key: keyof Delivery, value: string | boolean) => {
    setDraft((d) => ({ ...d, [key]: value }));
    clear(key);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = deliverySettings.safeParse(draft);
    const next = parsed.success ? {} : zodFieldMessages(parsed.error);
    if (parsed.success && parsed.data.maxPerDay < parsed.data.maxPerHour) next.maxPerDay = 'El máximo diario no puede ser menor que el máximo por hora.';
    setErrors(next);
    if (!parsed.success || Object.keys(next).length) return;
    await run(async () => {
      const saved = await saveEmailSettings(api, { delivery: parsed.data }, etag);
      onSaved(saved.settings, saved.etag, 'Configuración de entrega guardada.');
    });
  };

  return (
    <>
      <form onSubmit={submit} noValidate aria-label="Configuración de entrega">
        <Stack $gap={3}>
          {failure && <Alert kind="error">{failure}</Alert>}
          <Grid $min="200px">
            <TextField
              label="Máximo por hora"
              name="maxPerHour"
              inputMode="numeric"
              value={String(draft.maxPerHour)}
              error={errors.maxPerHour}
              onChange={(e) => set('maxPerHour', e.target.value)}
            />
            <TextField
              label="Máximo por día"
              name="maxPerDay"
              inputMode="numeric"
              value={String(draft.maxPerDay)}
              error={errors.maxPerDay}
              onChange={(e) => set('maxPerDay', e.target.value)}
            />
            <TextField
              label="Retención del historial (días)"
              name="retentionDays"
              inputMode="numeric"
              hint="Entre 30 y 730 días."
              value={String(draft.retentionDays)}
              error={errors.retentionDays}
              onChange={(e) => set('retentionDays', e.target.value)}
            />
          </Grid>
          <Grid $min="200px">
            <TextField
              label="Idioma predeterminado"
              name="defaultLanguage"
              value={String(draft.defaultLanguage)}
              error={errors.defaultLanguage}
              onChange={(e) => set('defaultLanguage', e.target.value)}
            />
            <TextField
              label="Zona horaria"
              name="timezone"
              value={String(draft.timezone)}
              error={errors.timezone}
              onChange={(e) => set('timezone', e.target.value)}
            />
            <TextField
              label="Hora preferida de envío"
              name="preferredTime"
              type="time"
              value={String(draft.preferredTime)}
              error={errors.preferredTime}
              onChange={(e) => set('preferredTime', e.target.value)}
            />
          </Grid>
          <CheckboxField
            label="Registrar aperturas (píxel de seguimiento)"
            name="trackOpens"
            checked={Boolean(draft.trackOpens)}
            onChange={(e) => set('trackOpens', e.target.checked)}
          />
          <CheckboxField
            label="Registrar clics en enlaces"
            name="trackClicks"
            checked={Boolean(draft.trackClicks)}
            onChange={(e) => set('trackClicks', e.target.checked)}
          />
          <FormActions
            submitLabel="Guardar entrega"
            busy={busy}
            onCancel={() =>
              setDraft({
                ...initial,
                maxPerHour: String(initial.maxPerHour),
                maxPerDay: String(initial.maxPerDay),
                retentionDays: String(initial.retentionDays),
              })
            }
          />
        </Stack>
      </form>
      {guard}
    </>
  );
}
