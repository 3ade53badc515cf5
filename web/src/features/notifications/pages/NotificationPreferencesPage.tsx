import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { NotificationChannel, NotificationPreferences, NotificationPreferencesView } from '../../../../../contract/notifications';
import { toApiErrorBody } from '../../../shared/api/errors';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useApi } from '../../../shared/kit/api-context';
import { useServerSubmit } from '../../../shared/kit/useServerSubmit';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { CheckboxField, FieldErrorText, RadioGroup, TextField } from '../../../shared/ui/fields';
import { Card, Grid, Muted, Row } from '../../../shared/ui/layout';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Skeleton } from '../../../shared/ui/Skeleton';
import {
  CATEGORY_LABEL,
  fetchPushKey,
  forgetPushSubscription,
  registerPushSubscription,
  savePreferences,
  useNotificationPreferencesQuery,
} from '../api/notifications-api';
import {
  BrowserNotificationError,
  browserPermission,
  PERMISSION_LABEL,
  requestBrowserPermission,
  subscribeToPush,
  unsubscribeFromPush,
  type BrowserPermission,
} from '../browser-notifications';

const Fieldset = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  padding: ${({ theme }) => theme.space(4)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  min-width: 0;
  legend {
    font-weight: 600;
    padding: 0 ${({ theme }) => theme.space(1)};
  }
`;

const CHANNELS: readonly { key: NotificationChannel; label: string; hint: string }[] = [
  { key: 'email', label: 'Email', hint: 'A la dirección de su cuenta.' },
  { key: 'sms', label: 'SMS', hint: 'Al teléfono de su perfil.' },
  { key: 'push', label: 'Notificaciones push', hint: 'En este dispositivo, aunque la página esté cerrada.' },
  { key: 'browser', label: 'Navegador', hint: 'Mientras tenga la plataforma abierta.' },
];
const CATEGORIES = Object.keys(CATEGORY_LABEL) as (keyof typeof CATEGORY_LABEL)[];
const FREQUENCIES = [
  { value: 'immediate', label: 'Inmediata' },
  { value: 'hourly', label: 'Resumen cada hora' },
  { value: 'daily', label: 'Resumen diario' },
];

const preferencesOf = (view: NotificationPreferencesView): NotificationPreferences => ({
  channels: { ...view.channels },
  categories: { ...view.categories },
  frequency: view.frequency,
  quietHours: { ...view.quietHours },
});

/** The browser's permission for notifications (spec §4), and asking for it. */
function BrowserPermissionCard({ permission, onRequest, busy }: { permission: BrowserPermission; onRequest: () => void; busy: boolean }) {
  return (
    <Card aria-labelledby="titulo-navegador">
      <h2 id="titulo-navegador">Notificaciones del navegador</h2>
      <p>
        Estado del permiso: <strong>{PERMISSION_LABEL[permission]}</strong>
      </p>
      {permission === 'default' && (
        <Button onClick={onRequest} busy={busy} busyLabel="Esperando al navegador...">
          Permitir notificaciones del navegador
        </Button>
      )}
      {permission === 'denied' && <Muted>Las bloqueó en este navegador: para recibirlas, permítalas en la configuración del sitio.</Muted>}
    </Card>
  );
}

function PreferencesForm({ view, onSaved }: { view: NotificationPreferencesView; onSaved: (view: NotificationPreferencesView) => void }) {
  const api = useApi();
  const [values, setValues] = useState<NotificationPreferences>(() => preferencesOf(view));
  const [saved, setSaved] = useState<string | null>(null);
  const [pushProblem, setPushProblem] = useState<string | null>(null);
  const submit = useServerSubmit();
  const channelsError = submit.errors.channels;
  const categoriesError = submit.errors.categories;
  const ids = { channels: `${useId()}-canales`, categories: `${useId()}-categorias` };

  const edit = (change: (v: NotificationPreferences) => NotificationPreferences, ...fields: string[]) => {
    setValues(change);
    setSaved(null);
    for (const f of fields) submit.clear(f);
  };

  const syncPush = async (wanted: boolean) => {
    setPushProblem(null);
    try {
      if (wanted)
        await subscribeToPush(await fetchPushKey(api), (s) =>
          registerPushSubscription(api, {
            endpoint: s.endpoint ?? '',
            expirationTime: s.expirationTime ?? null,
            keys: { p256dh: s.keys?.p256dh ?? '', auth: s.keys?.auth ?? '' },
          }),
        );
      else if (view.pushSubscriptions > 0) await unsubscribeFromPush((endpoint) => forgetPushSubscription(api, endpoint));
    } catch (error) {
      setPushProblem(error instanceof BrowserNotificationError ? error.message : toApiErrorBody(error).message);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit.run(async () => {
      const next = await savePreferences(api, values);
      submit.setErrors({});
      setSaved('Preferencias guardadas.');
      onSaved(next);
      if (values.channels.push !== view.channels.push || (values.channels.push && next.pushSubscriptions === 0)) await syncPush(values.channels.push);
    });
  };

  return (
    <form noValidate aria-labelledby="titulo-preferencias" onSubmit={onSubmit}>
      <h2 id="titulo-preferencias">Cómo y cuándo avisarle</h2>
      <Muted>El centro de notificaciones (la campana) siempre muestra todo; aquí elige qué más le avisamos y por dónde.</Muted>
      {submit.failure && <Alert kind="error">{submit.failure}</Alert>}
      {pushProblem && <Alert kind="warning">{pushProblem}</Alert>}
      <Grid $min="280px">
        <Fieldset aria-describedby={channelsError ? ids.channels : undefined} aria-invalid={channelsError ? true : undefined}>
          <legend>Canales</legend>
          {CHANNELS.map((c) => (
            <CheckboxField
              key={c.key}
              label={c.label}
              hint={
                c.key === 'sms' && !view.contact.hasPhone
                  ? 'Su cuenta no tiene teléfono: agréguelo en Mi perfil.'
                  : c.key === 'email' && !view.contact.hasEmail
                    ? 'Su cuenta no tiene email.'
                    : c.hint
              }
              checked={values.channels[c.key]}
              error={submit.errors[`channels.${c.key}`]}
              onChange={(e) => {
                const checked = e.target.checked;
                edit((v) => ({ ...v, channels: { ...v.channels, [c.key]: checked } }), 'channels', `channels.${c.key}`);
              }}
            />
          ))}
          {channelsError && <FieldErrorText id={ids.channels}>{channelsError}</FieldErrorText>}
        </Fieldset>
        <Fieldset aria-describedby={categoriesError ? ids.categories : undefined} aria-invalid={categoriesError ? true : undefined}>
          <legend>Categorías</legend>
          {CATEGORIES.map((c) => (
            <CheckboxField
              key={c}
              label={CATEGORY_LABEL[c]}
              checked={values.categories[c]}
              onChange={(e) => {
                const checked = e.target.checked;
                edit((v) => ({ ...v, categories: { ...v.categories, [c]: checked } }), 'categories');
              }}
            />
          ))}
          {categoriesError && <FieldErrorText id={ids.categories}>{categoriesError}</FieldErrorText>}
        </Fieldset>
      </Grid>
      <RadioGroup
        legend="Frecuencia"
        name="frecuencia"
        options={FREQUENCIES}
        value={values.frequency}
        error={submit.errors.frequency}
        onChange={(frequency) => edit((v) => ({ ...v, frequency: frequency as NotificationPreferences['frequency'] }), 'frequency')}
      />
      <Fieldset>
        <legend>Horario de silencio</legend>
        <CheckboxField
          label="No avisarme en este horario (salvo lo urgente)"
          checked={values.quietHours.enabled}
          onChange={(e) => {
            const enabled = e.target.checked;
            edit((v) => ({ ...v, quietHours: { ...v.quietHours, enabled } }), 'quietHours.start', 'quietHours.end');
          }}
        />
        <Grid $min="160px">
          <TextField
            label="Desde"
            type="time"
            value={values.quietHours.start}
            disabled={!values.quietHours.enabled}
            error={submit.errors['quietHours.start']}
            onChange={(e) => {
              const start = e.target.value;
              edit((v) => ({ ...v, quietHours: { ...v.quietHours, start } }), 'quietHours.start', 'quietHours.end');
            }}
          />
          <TextField
            label="Hasta"
            type="time"
            value={values.quietHours.end}
            disabled={!values.quietHours.enabled}
            error={submit.errors['quietHours.end']}
            onChange={(e) => {
              const end = e.target.value;
              edit((v) => ({ ...v, quietHours: { ...v.quietHours, end } }), 'quietHours.end');
            }}
          />
        </Grid>
        <Muted>Hora de Chile continental.</Muted>
      </Fieldset>
      <Row $gap={3} $align="center">
        <Button type="submit" variant="primary" busy={submit.busy} busyLabel="Guardando...">
          Guardar preferencias
        </Button>
        <div role="status">{saved}</div>
      </Row>
    </form>
  );
}

/** Notification preferences of every signed-in person (spec §3 Preferences, §5). */
export default function NotificationPreferencesPage() {
  useDocumentTitle('Preferencias de notificación');
  const read = useNotificationPreferencesQuery();
  /** What the form last saved, which stands for the read from then on. */
  const [saved, setView] = useState<NotificationPreferencesView | null>(null);
  const view = saved ?? read.currentData ?? null;
  const error = read.isError && !read.isFetching && !saved ? toApiErrorBody(read.error).message : null;
  const load = () => void read.refetch();
  const [permission, setPermission] = useState<BrowserPermission>(browserPermission);
  const [asking, setAsking] = useState(false);
  const [permissionProblem, setPermissionProblem] = useState<string | null>(null);
  const ask = () => {
    setAsking(true);
    setPermissionProblem(null);
    requestBrowserPermission()
      .catch((e: unknown) => setPermissionProblem(e instanceof Error ? e.message : String(e)))
      .finally(() => {
        setPermission(browserPermission());
        setAsking(false);
      });
  };
  return (
    <>
      <h1>Preferencias de notificación</h1>
      {permissionProblem && <Alert kind="error">{permissionProblem}</Alert>}
      <BrowserPermissionCard permission={permission} onRequest={ask} busy={asking} />
      {error && <LoadFailed message={error} onRetry={load} />}
      {!view && !error && (
        <Card aria-busy="true" aria-label="Cargando preferencias">
          <Skeleton $width="50%" />
          <br />
          <Skeleton />
        </Card>
      )}
      {view && (
        <Card>
          <PreferencesForm view={view} onSaved={setView} />
        </Card>
      )}
    </>
  );
}
