import { useState, type FormEvent } from 'react';
import { smtpSettings, type EmailSettings } from '../../../../../contract/email';
import { toApiErrorBody } from '../../../shared/api/errors';
import { useApi } from '../../../shared/kit/api-context';
import { useServerSubmit } from '../../../shared/kit/useServerSubmit';
import { useUnsavedChangesGuard } from '../../../shared/kit/useUnsavedChangesGuard';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { SelectField, TextField } from '../../../shared/ui/fields';
import { Grid, Row, Stack } from '../../../shared/ui/layout';
import { zodFieldMessages } from '../../../shared/validation/zod-messages';
import { saveEmailSettings, testConnection, type SmtpDraft } from '../api/email-api';
import { SECURITY_LABELS } from '../labels';

type Draft = Record<Exclude<keyof SmtpDraft, 'password'>, string> & { password: string };

const toDraft = (s: EmailSettings['smtp']): Draft => ({
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

export interface SmtpSettingsFormProps {
  readonly settings: EmailSettings;
  readonly etag: string;
  readonly onSaved: (settings: EmailSettings, etag: string, message: string) => void;
  readonly onConflict: () => void;
}

/** Spec §3 Email config with §5's rules; the password is never shown, only replaced or kept. */
export function SmtpSettingsForm({ settings, etag, onSaved, onConflict }: SmtpSettingsFormProps) {
  const api = useApi();
  const initial = toDraft(settings.smtp);
  const [draft, setDraft] = useState<Draft>(initial);
  const [checked, setChecked] = useState<{ ok: boolean; message: string } | null>(null);
  const [checking, setChecking] = useState(false);
  const { errors, setErrors, failure, busy, run, clear } = useServerSubmit(onConflict);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  const guard = useUnsavedChangesGuard(dirty);
  const set = (key: keyof Draft, value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    clear(key);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { password, ...fields } = draft;
    const parsed = smtpSettings.safeParse(fields);
    const next = parsed.success ? {} : zodFieldMessages(parsed.error);
    if (!fields.host.trim()) next.host = 'El servidor SMTP es obligatorio.';
    if (fields.username && !settings.smtp.hasPassword && !password) next.password = 'La contraseña es obligatoria.';
    setErrors(next);
    if (!parsed.success || Object.keys(next).length) return;
    await run(async () => {
      const saved = await saveEmailSettings(api, { smtp: { ...parsed.data, ...(password ? { password } : fields.username ? {} : { password: '' }) } }, etag);
      onSaved(saved.settings, saved.etag, 'Configuración SMTP guardada: el próximo correo la usa.');
    });
  };

  const probe = async () => {
    setChecking(true);
    setChecked(null);
    try {
      await testConnection(api);
      setChecked({ ok: true, message: 'Conexión correcta con el servidor SMTP guardado.' });
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
          <Grid $min="220px">
            <TextField label="Servidor SMTP" name="host" required value={draft.host} error={errors.host} onChange={(e) => set('host', e.target.value)} />
            <TextField
              label="Puerto"
              name="port"
              inputMode="numeric"
              required
              value={draft.port}
              error={errors.port}
              hint="1 a 65535; 465 con SSL, 587 con STARTTLS."
              onChange={(e) => set('port', e.target.value)}
            />
            <SelectField
              label="Seguridad"
              name="security"
              required
              value={draft.security}
              options={Object.entries(SECURITY_LABELS).map(([value, label]) => ({ value, label }))}
              error={errors.security}
              onChange={(e) => set('security', e.target.value)}
            />
          </Grid>
          <Grid $min="220px">
            <TextField
              label="Usuario (email)"
              name="username"
              type="email"
              autoComplete="off"
              value={draft.username}
              error={errors.username}
              hint="Vacío si el servidor no pide autenticación."
              onChange={(e) => set('username', e.target.value)}
            />
            <TextField
              label="Contraseña"
              name="password"
              type="password"
              autoComplete="new-password"
              value={draft.password}
              error={errors.password}
              hint={settings.smtp.hasPassword ? 'Hay una contraseña guardada: déjela vacía para conservarla.' : 'Se guarda cifrada y nunca se muestra.'}
              onChange={(e) => set('password', e.target.value)}
            />
          </Grid>
          <Grid $min="220px">
            <TextField
              label="Nombre del remitente"
              name="fromName"
              required
              value={draft.fromName}
              error={errors.fromName}
              onChange={(e) => set('fromName', e.target.value)}
            />
            <TextField
              label="Email del remitente"
              name="fromEmail"
              type="email"
              required
              value={draft.fromEmail}
              error={errors.fromEmail}
              onChange={(e) => set('fromEmail', e.target.value)}
            />
            <TextField
              label="Responder a (opcional)"
              name="replyTo"
              type="email"
              value={draft.replyTo}
              error={errors.replyTo}
              onChange={(e) => set('replyTo', e.target.value)}
            />
          </Grid>
          <Grid $min="180px">
            <TextField
              label="Tiempo de espera (ms)"
              name="timeoutMs"
              inputMode="numeric"
              value={draft.timeoutMs}
              error={errors.timeoutMs}
              onChange={(e) => set('timeoutMs', e.target.value)}
            />
            <TextField
              label="Reintentos máximos"
              name="maxRetries"
              inputMode="numeric"
              value={draft.maxRetries}
              error={errors.maxRetries}
              onChange={(e) => set('maxRetries', e.target.value)}
            />
            <TextField
              label="Espera entre reintentos (ms)"
              name="retryDelayMs"
              inputMode="numeric"
              value={draft.retryDelayMs}
              error={errors.retryDelayMs}
              hint="Se duplica en cada reintento."
              onChange={(e) => set('retryDelayMs', e.target.value)}
            />
          </Grid>
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
