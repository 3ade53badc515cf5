import { useCallback, useEffect, useState } from 'react';
import { ERASURE_KEEPS } from '../../../../../contract/privacy';
import { toApiErrorBody } from '../../../shared/api/errors';
import { formatDate, formatDateTime } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useApi } from '../../../shared/kit/api-context';
import { ConfirmDialog } from '../../../shared/kit/ConfirmDialog';
import { ResourceTable, type ResourceColumn } from '../../../shared/kit/ResourceTable';
import { useServerSubmit } from '../../../shared/kit/useServerSubmit';
import { DATA_REQUEST_KIND_LABELS } from '../../../../../contract/personal-data';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { CheckboxField, SelectField, TextAreaField } from '../../../shared/ui/fields';
import { Card, Muted, Row, Stack, TextLink } from '../../../shared/ui/layout';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import {
  DATA_EXPORT_JSON,
  DATA_EXPORT_PDF,
  fetchMyRequests,
  fetchPrivacy,
  savePrivacy,
  submitRequest,
  type MyDataRequest,
  type PrivacyView,
  type RequestKind,
} from '../api/my-data-api';

const KIND_LABELS: Readonly<Record<string, string>> = DATA_REQUEST_KIND_LABELS;
const STATUS_LABELS: Readonly<Record<string, string>> = { submitted: 'Recibida', verified: 'En revisión', completed: 'Respondida', rejected: 'Rechazada' };

const OTHER_KINDS: readonly { value: RequestKind; label: string }[] = [
  { value: 'access', label: 'Acceso: una copia revisada por el encargado' },
  { value: 'rectification', label: 'Rectificación de un dato que no puedo editar (RUT, email laboral)' },
  { value: 'portability', label: 'Portabilidad: mis datos para otro responsable' },
  { value: 'opposition', label: 'Oposición a otro tratamiento' },
];

const REQUEST_COLUMNS: ResourceColumn<MyDataRequest>[] = [
  { header: 'Solicitud', rowHeader: true, cell: (r) => KIND_LABELS[r.kind] ?? r.kind },
  { header: 'Estado', cell: (r) => STATUS_LABELS[r.status] ?? r.status },
  { header: 'Recibida', cell: (r) => formatDateTime(r.submittedAt) },
  { header: 'Plazo de respuesta', cell: (r) => formatDate(r.dueAt) },
  { header: 'Respuesta', cell: (r) => r.outcome ?? r.rejectionReason ?? '—' },
];

type Dialog = { kind: RequestKind; title: string; confirm: string } | null;

const CHOICE_LABELS: Readonly<Record<string, string>> = {
  MarketingConsentGiven: 'Aceptó los correos comerciales',
  MarketingConsentWithdrawn: 'Retiró su consentimiento a los correos comerciales',
  MarketingOpposed: 'Se opuso al marketing',
  MarketingOppositionWithdrawn: 'Retiró su oposición al marketing',
  ProfilingOpposed: 'Se opuso a la elaboración de perfiles',
  ProfilingOppositionWithdrawn: 'Retiró su oposición a la elaboración de perfiles',
  ProcessingBlocked: 'Tratamiento bloqueado',
  ProcessingUnblocked: 'Bloqueo levantado',
};

/**
 * "Mis datos" (Ley 21.719): download everything the platform holds about me (JSON and PDF, each kind with
 * its origin, purpose, recipients and retention), rectify, consent to marketing email, oppose marketing and
 * profiling, block processing, request erasure (with what it cannot remove), and follow my requests.
 */
export default function MyDataPage() {
  useDocumentTitle('Mis datos');
  const api = useApi();
  const [privacy, setPrivacy] = useState<PrivacyView | null>(null);
  const [requests, setRequests] = useState<readonly MyDataRequest[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [details, setDetails] = useState('');
  const [otherKind, setOtherKind] = useState<RequestKind | ''>('');
  const [otherDetails, setOtherDetails] = useState('');
  const choices = useServerSubmit();
  const request = useServerSubmit();

  const load = useCallback(() => {
    setFailure(null);
    Promise.all([fetchPrivacy(api), fetchMyRequests(api)]).then(
      ([p, r]) => {
        setPrivacy(p);
        setRequests(r);
      },
      (error: unknown) => setFailure(toApiErrorBody(error).message),
    );
  }, [api]);
  useEffect(load, [load]);

  const FLAG = { marketingEmails: 'marketingConsent', opposeMarketing: 'marketingOpposed', opposeProfiling: 'profilingOpposed' } as const;
  /** The switch moves at once; the server's answer confirms it, or a failure puts back what the server holds. */
  const choose = (key: keyof typeof FLAG, value: boolean, message: string) => {
    setSaved(null);
    setPrivacy((p) => (p ? { ...p, [FLAG[key]]: value } : p));
    void choices.run(async () => {
      try {
        setPrivacy(await savePrivacy(api, { [key]: value }));
        setSaved(message);
      } catch (error) {
        fetchPrivacy(api).then(setPrivacy, () => undefined);
        throw error;
      }
    });
  };

  const send = (kind: RequestKind, text: string, after: () => void) =>
    void request.run(async () => {
      await submitRequest(api, kind, text);
      after();
      setSaved('Solicitud enviada. La responderemos dentro de 30 días corridos.');
      setRequests(await fetchMyRequests(api));
    });

  const openRequests = requests?.filter((r) => r.status === 'submitted' || r.status === 'verified') ?? [];
  const pending = (kind: RequestKind) => openRequests.some((r) => r.kind === kind);

  return (
    <Stack $gap={4}>
      <h1>Mis datos</h1>
      <Muted>
        Sus derechos según la Ley 21.719 de protección de datos personales. Más detalle en la <TextLink to="/privacy">política de privacidad</TextLink>.
      </Muted>
      {failure && <LoadFailed message={failure} onRetry={load} />}
      <div aria-live="polite">{saved && <Alert kind="success">{saved}</Alert>}</div>

      <Card aria-labelledby="titulo-descargar">
        <h2 id="titulo-descargar">Descargar mis datos</h2>
        <Muted>
          Todo lo que la plataforma guarda sobre usted, con el origen, la finalidad, los destinatarios y el plazo de conservación de cada tipo de dato.
        </Muted>
        <Row $wrap>
          <a href={DATA_EXPORT_JSON} download="mis-datos.json">
            Descargar en JSON (portabilidad)
          </a>
          <a href={DATA_EXPORT_PDF} download>
            Descargar en PDF (lectura)
          </a>
        </Row>
      </Card>

      <Card aria-labelledby="titulo-rectificar">
        <h2 id="titulo-rectificar">Rectificar mis datos</h2>
        <Muted>
          Su nombre, apellidos, email personal y teléfono los corrige usted mismo en su perfil. Para el RUT o el email laboral, envíe una solicitud de
          rectificación más abajo.
        </Muted>
        <TextLink to="/dashboard/profile">Editar mis datos en Mi perfil</TextLink>
      </Card>

      <Card aria-labelledby="titulo-preferencias">
        <h2 id="titulo-preferencias">Comunicaciones y perfiles</h2>
        {privacy ? (
          <>
            <CheckboxField
              label="Acepto recibir correos comerciales"
              hint={privacy.marketingConsentText}
              checked={privacy.marketingConsent}
              disabled={choices.busy}
              onChange={(e) =>
                choose(
                  'marketingEmails',
                  e.target.checked,
                  e.target.checked ? 'Aceptó los correos comerciales.' : 'Retiró su consentimiento a los correos comerciales.',
                )
              }
            />
            <CheckboxField
              label="Me opongo al uso de mis datos para marketing"
              hint="No le enviaremos ofertas ni campañas, y los asesores no lo contactarán con fines comerciales."
              checked={privacy.marketingOpposed}
              disabled={choices.busy}
              onChange={(e) =>
                choose('opposeMarketing', e.target.checked, e.target.checked ? 'Registramos su oposición al marketing.' : 'Retiró su oposición al marketing.')
              }
            />
            <CheckboxField
              label="Me opongo a la elaboración de perfiles"
              hint="No calcularemos un puntaje comercial con su actividad (cotizaciones, reservas, visitas): su ficha aparecerá como «no perfilado»."
              checked={privacy.profilingOpposed}
              disabled={choices.busy}
              onChange={(e) =>
                choose(
                  'opposeProfiling',
                  e.target.checked,
                  e.target.checked ? 'Registramos su oposición a la elaboración de perfiles.' : 'Retiró su oposición a la elaboración de perfiles.',
                )
              }
            />
            {choices.failure && <Alert kind="error">{choices.failure}</Alert>}
            {privacy.history.length > 0 && (
              <details>
                <summary>Historial de mis elecciones ({privacy.history.length})</summary>
                <ul>
                  {privacy.history.map((h, i) => (
                    <li key={i}>
                      {formatDateTime(h.at)}: {CHOICE_LABELS[h.type] ?? h.type} ({h.reason})
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </>
        ) : (
          !failure && <Muted>Cargando sus preferencias...</Muted>
        )}
      </Card>

      <Card aria-labelledby="titulo-bloquear">
        <h2 id="titulo-bloquear">Bloquear temporalmente el tratamiento</h2>
        <Muted>
          Mientras dure el bloqueo conservamos sus datos pero no los usamos: no podrá cotizar, reservar, crear alertas ni pedir contacto. Podrá seguir
          ingresando, descargando sus datos y haciendo solicitudes. El encargado lo levanta cuando usted lo pida.
        </Muted>
        {privacy?.processingBlocked ? (
          <Alert kind="info">El tratamiento de sus datos está bloqueado.</Alert>
        ) : (
          <Button
            disabled={pending('blocking')}
            onClick={() => setDialog({ kind: 'blocking', title: 'Bloquear el tratamiento de mis datos', confirm: 'Solicitar bloqueo' })}
          >
            {pending('blocking') ? 'Bloqueo solicitado' : 'Solicitar bloqueo'}
          </Button>
        )}
      </Card>

      <Card aria-labelledby="titulo-suprimir">
        <h2 id="titulo-suprimir">Suprimir mis datos</h2>
        <Muted>
          Al completarse, su cuenta se cierra y sus datos personales se destruyen de forma irreversible (nombre, RUT, emails, teléfono, favoritos, alertas,
          cotizaciones).
        </Muted>
        <Alert kind="info" title="Lo que la supresión no elimina:">
          {' '}
          {ERASURE_KEEPS}
        </Alert>
        <Button
          variant="danger"
          disabled={pending('erasure')}
          onClick={() => setDialog({ kind: 'erasure', title: 'Solicitar la supresión de mis datos', confirm: 'Solicitar supresión' })}
        >
          {pending('erasure') ? 'Supresión solicitada' : 'Solicitar supresión'}
        </Button>
      </Card>

      <Card aria-labelledby="titulo-otra">
        <h2 id="titulo-otra">Otra solicitud</h2>
        <form
          noValidate
          aria-labelledby="titulo-otra"
          onSubmit={(e) => {
            e.preventDefault();
            if (!otherKind) return request.setErrors({ kind: 'Elija el tipo de solicitud.' });
            send(otherKind, otherDetails, () => {
              setOtherKind('');
              setOtherDetails('');
            });
          }}
        >
          <SelectField
            label="Tipo de solicitud"
            placeholder="Elija una"
            required
            options={OTHER_KINDS}
            value={otherKind}
            error={request.errors.kind}
            onChange={(e) => {
              setOtherKind(e.target.value as RequestKind);
              request.clear('kind');
            }}
          />
          <TextAreaField
            label="Detalle (opcional)"
            value={otherDetails}
            maxLength={2000}
            onChange={(e) => setOtherDetails(e.target.value)}
            error={request.errors.details}
          />
          <Button type="submit" variant="primary" busy={request.busy && dialog === null} busyLabel="Enviando...">
            Enviar solicitud
          </Button>
          {request.failure && dialog === null && <Alert kind="error">{request.failure}</Alert>}
        </form>
      </Card>

      <section aria-labelledby="titulo-mis-solicitudes">
        <h2 id="titulo-mis-solicitudes">Mis solicitudes</h2>
        <ResourceTable
          caption="Mis solicitudes sobre mis datos"
          columns={REQUEST_COLUMNS}
          rows={requests ?? []}
          rowKey={(r) => r.id}
          loading={requests === null && !failure}
          empty={requests !== null && requests.length === 0}
          emptyMessage="Aún no ha hecho solicitudes."
        />
      </section>

      <ConfirmDialog
        open={dialog !== null}
        title={dialog?.title ?? ''}
        confirmLabel={dialog?.confirm ?? ''}
        danger={dialog?.kind === 'erasure'}
        busy={request.busy}
        busyLabel="Enviando..."
        onCancel={() => setDialog(null)}
        onConfirm={() =>
          dialog &&
          send(dialog.kind, details, () => {
            setDialog(null);
            setDetails('');
          })
        }
      >
        {dialog?.kind === 'erasure' && <p>{ERASURE_KEEPS}</p>}
        <p>El encargado de protección de datos la responderá dentro de 30 días corridos.</p>
        <TextAreaField label="Motivo o comentario (opcional)" value={details} maxLength={2000} onChange={(e) => setDetails(e.target.value)} />
        {request.failure && <Alert kind="error">{request.failure}</Alert>}
      </ConfirmDialog>
    </Stack>
  );
}
