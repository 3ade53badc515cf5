import { useState } from 'react';
import { smtpSettings, type EmailSettings } from '../../../../../contract/email';
import { FormFields, type FieldSpec } from '../../../shared/form/FormFields';
import { useContractForm } from '../../../shared/form/useContractForm';
import { toApiErrorBody } from '../../../shared/api/errors';
import { useApi } from '../../../shared/kit/api-context';
import { useUnsavedChangesGuard } from '../../../shared/kit/useUnsavedChangesGuard';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { Row, Stack } from '../../../shared/ui/layout';
import { saveEmailSettings, testConnection, type SmtpDraft } from '../api/email-api';
import { SECURITY_LABELS } from '../labels';
import type { SettingsFormProps } from './settings-form';

type Draft = Record<Exclude<keyof SmtpDraft, 'password'>, string> & { password: string };

const toDraft = (s: EmailSettings['smtp']): Draft => ({
  relay: s.relay,
  host: s.host,
  port: String(s.port),
  security: s.security,
  username: s.username,
  password: '',
  fromName: s.fromName,
  fromEmail: s.fromEmail,
  replyTo: s.replyTo,
  timeoutMs: String(s.timeoutMs),
  maxRetries: String(s.maxRetries),
  retryDelayMs: String(s.retryDelayMs),
});

const SECURITY_OPTIONS = Object.entries(SECURITY_LABELS).map(([value, label]) => ({ value, label }));

const DESTINATION: readonly FieldSpec<Draft>[] = [
  {
    name: 'relay',
    label: 'Destino de los correos',
    kind: 'select',
    required: true,
    options: [
      { value: 'capture', label: 'Captura integrada (se ven en Correos)' },
      { value: 'smtp', label: 'Servidor SMTP' },
    ],
    hint: 'La captura integrada es para desarrollo: los correos no salen del servidor.',
  },
];

const SERVER: readonly FieldSpec<Draft>[] = [
  { name: 'host', label: 'Servidor SMTP', required: true },
  { name: 'port', label: 'Puerto', inputMode: 'numeric', required: true, hint: '1 a 65535; 465 con SSL, 587 con STARTTLS.' },
  { name: 'security', label: 'Seguridad', kind: 'select', required: true, options: SECURITY_OPTIONS },
];

const SENDER: readonly FieldSpec<Draft>[] = [
  { name: 'fromName', label: 'Nombre del remitente', required: true },
  { name: 'fromEmail', label: 'Email del remitente', type: 'email', required: true },
  { name: 'replyTo', label: 'Responder a (opcional)', type: 'email' },
];

const RETRIES: readonly FieldSpec<Draft>[] = [
  { name: 'timeoutMs', label: 'Tiempo de espera (ms)', inputMode: 'numeric' },
  { name: 'maxRetries', label: 'Reintentos máximos', inputMode: 'numeric' },
  { name: 'retryDelayMs', label: 'Espera entre reintentos (ms)', inputMode: 'numeric', hint: 'Se duplica en cada reintento.' },
];

/** The capture is a choice only where the server runs one (no SMTP_HOST in its environment). */
const settingsOffersCapture = (settings: EmailSettings): boolean => settings.captureAvailable;

/** Spec §3 Email config with §5's rules; the password is never shown, only replaced or kept. */
export function SmtpSettingsForm({ settings, etag, onSaved, onConflict }: SettingsFormProps) {
  const api = useApi();
  const form = useContractForm({
    schema: smtpSettings,
    defaultValues: toDraft(settings.smtp),
    toBody: ({ password: _password, ...fields }: Draft) => fields,
    rules: (_data, { password, ...fields }): Record<string, string> => {
      if (fields.relay === 'capture') return {};
      return {
        ...(fields.host.trim() ? {} : { host: 'El servidor SMTP es obligatorio.' }),
        ...(fields.username && !settings.smtp.hasPassword && !password ? { password: 'La contraseña es obligatoria.' } : {}),
      };
    },
    onConflict,
  });
  const { failure, busy } = form;
  const dirty = form.formState.isDirty;
  const relay = form.watch('relay');
  const [checked, setChecked] = useState<{ ok: boolean; message: string } | null>(null);
  const [checking, setChecking] = useState(false);
  const guard = useUnsavedChangesGuard(dirty);

  const submit = form.submit(async (smtp, { password, username }) => {
    const keepPassword = password ? { password } : username || smtp.relay === 'capture' ? {} : { password: '' };
    const saved = await saveEmailSettings(api, { smtp: { ...smtp, ...keepPassword } }, etag);
    onSaved(saved.settings, saved.etag, 'Configuración SMTP guardada: el próximo correo la usa.');
  });

  const probe = async () => {
    setChecking(true);
    setChecked(null);
    try {
      await testConnection(api);
      setChecked({
        ok: true,
        message: settings.smtp.relay === 'capture' ? 'La captura integrada está recibiendo correos.' : 'Conexión correcta con el servidor SMTP guardado.',
      });
    } catch (error) {
      const body = toApiErrorBody(error);
      setChecked({ ok: false, message: [body.message, body.fieldErrors[0]?.message].filter(Boolean).join(' ') });
    } finally {
      setChecking(false);
    }
  };

  return (
    <>
      <form onSubmit={submit} noValidate aria-label="Configuración SMTP">
        <Stack $gap={3}>
          {failure && <Alert kind="error">{failure}</Alert>}
          {(settingsOffersCapture(settings) || relay === 'capture') && <FormFields form={form} fields={DESTINATION} min="220px" />}
          {relay === 'smtp' && (
            <>
              <FormFields form={form} fields={SERVER} min="220px" />
              <FormFields
                form={form}
                min="220px"
                fields={[
                  { name: 'username', label: 'Usuario (email)', type: 'email', autoComplete: 'off', hint: 'Vacío si el servidor no pide autenticación.' },
                  {
                    name: 'password',
                    label: 'Contraseña',
                    type: 'password',
                    autoComplete: 'new-password',
                    hint: settings.smtp.hasPassword ? 'Hay una contraseña guardada: déjela vacía para conservarla.' : 'Se guarda cifrada y nunca se muestra.',
                  },
                ]}
              />
            </>
          )}
          <FormFields form={form} fields={SENDER} min="220px" />
          <FormFields form={form} fields={RETRIES} min="180px" />
          {checked && <Alert kind={checked.ok ? 'success' : 'error'}>{checked.message}</Alert>}
          <Row $gap={2} $wrap>
            <Button type="submit" variant="primary" busy={busy} busyLabel="Guardando...">
              Guardar configuración SMTP
            </Button>
            <Button onClick={() => void probe()} busy={checking} busyLabel="Probando..." disabled={dirty}>
              Probar conexión
            </Button>
          </Row>
        </Stack>
      </form>
      {guard}
    </>
  );
}
