import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { toApiErrorBody } from '../../../shared/api/errors';
import { formatDate, formatDateTime } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useApi } from '../../../shared/kit/api-context';
import { ConfirmDialog } from '../../../shared/kit/ConfirmDialog';
import { ResourceTable, type ResourceColumn } from '../../../shared/kit/ResourceTable';
import { useServerSubmit } from '../../../shared/kit/useServerSubmit';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { TextAreaField, TextField } from '../../../shared/ui/fields';
import { Card, DescriptionList, Muted, Row, Stack, TextLink } from '../../../shared/ui/layout';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { completeRequest, liftBlock, useDataRequestQuery, rejectRequest, verifyIdentity, type RequestStep } from '../api/data-requests-api';
import { DueBadge } from '../components/DueBadge';
import { KIND_LABELS, RESTRICTION_LABELS, STATUS_LABELS, STEP_LABELS } from '../labels';

type Dialog = 'verify' | 'complete' | 'reject' | 'lift' | null;

const HISTORY: ResourceColumn<RequestStep>[] = [
  { header: 'Paso', rowHeader: true, cell: (s) => STEP_LABELS[s.step] ?? s.step },
  { header: 'Fecha', cell: (s) => formatDateTime(s.at) },
  { header: 'Por', cell: (s) => <code>{s.actorId}</code> },
  { header: 'Motivo o método', cell: (s) => s.why },
];

const yesNo = (value: boolean) => (value ? 'Sí' : 'No');

/** What completing each kind of request does, said before the officer confirms. */
const COMPLETE_EFFECT: Readonly<Record<string, string>> = {
  erasure:
    'Completar una supresión deshabilita la cuenta, destruye la clave de sus datos personales (irreversible), cierra sus sesiones y anonimiza sus copias. Reservas confirmadas y pagos se conservan seudonimizados por el plazo legal.',
  blocking: 'Completar un bloqueo suspende el tratamiento de sus datos (cotizar, reservar, alertas, contacto) hasta que se levante.',
  opposition: 'Completar una oposición registra que la persona se opone al marketing.',
};

/**
 * One data request (Ley 21.719): the person and their consents, the identity verification step, the
 * answer (complete with outcome and evidence, or reject with a reason, both confirmed), lifting a block,
 * and the request's own history: every step with who, when and why.
 */
export default function DataRequestDetailPage() {
  useDocumentTitle('Solicitud de datos personales');
  const api = useApi();
  const { requestId = '' } = useParams();
  const read = useDataRequestQuery({ params: { id: requestId } });
  const state = read.currentData
    ? ({ status: 'loaded', request: read.currentData } as const)
    : read.isError && !read.isFetching
      ? ({ status: 'failed', message: toApiErrorBody(read.error).message } as const)
      : ({ status: 'loading' } as const);
  const load = () => void read.refetch();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [text, setText] = useState({ method: '', outcome: '', evidence: '', reason: '' });
  const [done, setDone] = useState<string | null>(null);
  const [now] = useState(() => Date.now());
  const submit = useServerSubmit();

  if (state.status === 'loading')
    return (
      <Card aria-busy="true" aria-label="Cargando solicitud">
        <Skeleton $width="50%" />
      </Card>
    );
  if (state.status === 'failed') return <LoadFailed message={state.message} onRetry={load} />;
  const r = state.request;
  const open = r.status === 'submitted' || r.status === 'verified';
  const close = () => {
    setDialog(null);
    submit.setErrors({});
  };
  const set = (key: keyof typeof text) => (event: { target: { value: string } }) => {
    setText((t) => ({ ...t, [key]: event.target.value }));
    submit.clear(key === 'method' ? 'method' : key);
  };
  const act = (field: keyof typeof text, min: number, action: () => Promise<void>, message: string) => () => {
    if (text[field].trim().length < min) {
      submit.setErrors({ [field]: `Escriba al menos ${min} caracteres.` });
      return;
    }
    void submit.run(async () => {
      await action();
      setDialog(null);
      setDone(message);
      load();
    });
  };

  return (
    <Stack $gap={4}>
      <TextLink to="/backoffice/data-requests">Volver a las solicitudes</TextLink>
      <h1>
        Solicitud de {KIND_LABELS[r.kind]?.toLowerCase() ?? r.kind} · {r.subject.name ?? 'titular sin nombre'}
      </h1>
      {done && <Alert kind="success">{done}</Alert>}
      <Card aria-labelledby="titulo-solicitud">
        <h2 id="titulo-solicitud">Solicitud</h2>
        <DescriptionList>
          <dt>Estado</dt>
          <dd>{STATUS_LABELS[r.status] ?? r.status}</dd>
          <dt>Recibida</dt>
          <dd>{formatDateTime(r.submittedAt)}</dd>
          <dt>Vence (30 días corridos)</dt>
          <dd>
            {formatDate(r.dueAt)} <DueBadge request={r} now={now} />
          </dd>
          <dt>Titular</dt>
          <dd>
            {r.subject.name ?? '—'} (seudónimo <code>{r.subject.id}</code>)
          </dd>
          <dt>Lo que pide</dt>
          <dd>{r.details || '—'}</dd>
          {r.outcome !== null && (
            <>
              <dt>Respuesta</dt>
              <dd>{r.outcome}</dd>
              <dt>Evidencia</dt>
              <dd style={{ whiteSpace: 'pre-line' }}>{r.evidence || '—'}</dd>
            </>
          )}
          {r.rejectionReason !== null && (
            <>
              <dt>Motivo del rechazo</dt>
              <dd>{r.rejectionReason}</dd>
            </>
          )}
        </DescriptionList>
      </Card>
      <Card aria-labelledby="titulo-consentimientos">
        <h2 id="titulo-consentimientos">Consentimientos y restricciones del titular</h2>
        <DescriptionList>
          <dt>Correos comerciales (consentimiento)</dt>
          <dd>{yesNo(r.privacy.marketingConsent)}</dd>
          <dt>Oposición al marketing</dt>
          <dd>{yesNo(r.privacy.marketingOpposed)}</dd>
          <dt>Oposición a la elaboración de perfiles</dt>
          <dd>{yesNo(r.privacy.profilingOpposed)}</dd>
          <dt>Tratamiento bloqueado</dt>
          <dd>{yesNo(r.privacy.processingBlocked)}</dd>
        </DescriptionList>
        {r.privacy.history.length > 0 && (
          <ul>
            {r.privacy.history.map((h, i) => (
              <li key={i}>
                {formatDateTime(h.at)}: {RESTRICTION_LABELS[h.type] ?? h.type} ({h.reason})
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card aria-labelledby="titulo-acciones">
        <h2 id="titulo-acciones">Responder</h2>
        {open ? (
          <>
            {r.status === 'submitted' ? (
              <Muted>Paso 1: verifique la identidad de quien solicita antes de responder.</Muted>
            ) : (
              <Muted>Identidad verificada. Responda la solicitud o recházela indicando el motivo.</Muted>
            )}
            <Row $wrap>
              {r.status === 'submitted' && (
                <Button variant="primary" onClick={() => setDialog('verify')}>
                  Verificar identidad
                </Button>
              )}
              <Button variant="primary" disabled={r.status !== 'verified'} onClick={() => setDialog('complete')}>
                Completar solicitud
              </Button>
              <Button onClick={() => setDialog('reject')}>Rechazar solicitud</Button>
            </Row>
          </>
        ) : (
          <Muted>La solicitud está cerrada y no admite cambios.</Muted>
        )}
        {r.kind === 'blocking' && r.status === 'completed' && r.privacy.processingBlocked && (
          <Button onClick={() => setDialog('lift')}>Levantar bloqueo</Button>
        )}
      </Card>
      <ResourceTable
        caption="Historial de la solicitud"
        columns={HISTORY}
        rows={r.history}
        rowKey={(s) => `${s.step}-${s.at}`}
        loading={false}
        empty={r.history.length === 0}
        emptyMessage="Sin pasos."
      />

      <ConfirmDialog
        open={dialog === 'verify'}
        title="Verificar identidad"
        confirmLabel="Registrar verificación"
        busy={submit.busy}
        busyLabel="Guardando..."
        onCancel={close}
        onConfirm={act('method', 3, () => verifyIdentity(api, r.id, text.method), 'Identidad verificada.')}
      >
        <TextField
          label="Cómo se verificó la identidad"
          hint="Ej: cédula de identidad presentada en oficina"
          required
          value={text.method}
          onChange={set('method')}
          error={submit.errors.method}
        />
        {submit.failure && <Alert kind="error">{submit.failure}</Alert>}
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'complete'}
        title="Completar solicitud"
        confirmLabel="Completar"
        danger={r.kind === 'erasure'}
        busy={submit.busy}
        busyLabel="Completando..."
        onCancel={close}
        onConfirm={act('outcome', 3, () => completeRequest(api, r.id, text.outcome, text.evidence), 'Solicitud completada.')}
      >
        {COMPLETE_EFFECT[r.kind] && <Alert kind="warning">{COMPLETE_EFFECT[r.kind]}</Alert>}
        <TextAreaField label="Respuesta al titular" required value={text.outcome} onChange={set('outcome')} error={submit.errors.outcome} />
        <TextAreaField label="Evidencia (opcional)" value={text.evidence} onChange={set('evidence')} error={submit.errors.evidence} />
        {submit.failure && <Alert kind="error">{submit.failure}</Alert>}
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'reject'}
        title="Rechazar solicitud"
        confirmLabel="Rechazar"
        danger
        busy={submit.busy}
        busyLabel="Rechazando..."
        onCancel={close}
        onConfirm={act('reason', 3, () => rejectRequest(api, r.id, text.reason), 'Solicitud rechazada.')}
      >
        <TextAreaField label="Motivo del rechazo (se informa al titular)" required value={text.reason} onChange={set('reason')} error={submit.errors.reason} />
        {submit.failure && <Alert kind="error">{submit.failure}</Alert>}
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'lift'}
        title="Levantar bloqueo"
        confirmLabel="Levantar bloqueo"
        busy={submit.busy}
        busyLabel="Guardando..."
        onCancel={close}
        onConfirm={act('reason', 3, () => liftBlock(api, r.id, text.reason), 'Bloqueo levantado.')}
      >
        <TextAreaField label="Motivo para levantar el bloqueo" required value={text.reason} onChange={set('reason')} error={submit.errors.reason} />
        {submit.failure && <Alert kind="error">{submit.failure}</Alert>}
      </ConfirmDialog>
    </Stack>
  );
}
