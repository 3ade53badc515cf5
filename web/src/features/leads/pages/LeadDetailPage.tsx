import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { LeadAdvisor, LeadDetail } from '../../../../../contract/leads';
import { toApiErrorBody } from '../../../shared/api/errors';
import { toastRequested } from '../../../shared/events';
import { formatCLP, formatDateTime, formatRut } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useApi } from '../../../shared/kit/api-context';
import { ConfirmDialog } from '../../../shared/kit/ConfirmDialog';
import { useServerSubmit } from '../../../shared/kit/useServerSubmit';
import { useAppDispatch } from '../../../shared/store/StoreProvider';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { SelectField, TextAreaField } from '../../../shared/ui/fields';
import { Badge, Card, DescriptionList, Muted, Row, Stack, TextLink } from '../../../shared/ui/layout';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { assignLead, changeLeadStatus, fetchAdvisors, fetchLead, preApproveLead } from '../api/leads-api';
import { sourceLabel, statusLabel, TIMELINE_LABELS } from '../labels';

const timelineText = (t: LeadDetail['timeline'][number]): string => {
  if (t.kind === 'status_changed') return `${statusLabel(t.from ?? '')} → ${statusLabel(t.to ?? '')}${t.reason ? `: ${t.reason}` : ''}`;
  if (t.kind === 'assigned') return `Asignado a ${t.advisorName ?? 'un asesor'}`;
  return [t.projectId ? `Proyecto ${t.projectId}` : null, t.message].filter(Boolean).join(' · ') || '—';
};

/** A lead: the spec's fields, the 24-hour promise, its timeline, and the moves the caller may make. */
export default function LeadDetailPage() {
  const { leadId = '' } = useParams();
  const api = useApi();
  const dispatch = useAppDispatch();
  const [state, setState] = useState<{ status: 'loading' } | { status: 'failed'; message: string } | { status: 'loaded'; lead: LeadDetail }>({
    status: 'loading',
  });
  const [attempt, setAttempt] = useState(0);
  const [advisors, setAdvisors] = useState<LeadAdvisor[]>([]);
  const [moving, setMoving] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [advisorId, setAdvisorId] = useState('');
  const submit = useServerSubmit();
  const assign = useServerSubmit();
  const preApproval = useServerSubmit();
  useDocumentTitle(state.status === 'loaded' ? `Lead ${state.lead.name}` : 'Lead');
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  useEffect(() => {
    fetchLead(api, leadId).then(
      (lead) => setState({ status: 'loaded', lead }),
      (error: unknown) => setState({ status: 'failed', message: toApiErrorBody(error).message }),
    );
  }, [api, leadId, attempt]);
  const canAssign = state.status === 'loaded' && state.lead.can.assign;
  useEffect(() => {
    if (canAssign) fetchAdvisors(api).then(setAdvisors, () => setAdvisors([]));
  }, [api, canAssign]);

  if (state.status === 'loading') return <p role="status">Cargando lead...</p>;
  if (state.status === 'failed') return <LoadFailed message={state.message} onRetry={reload} />;
  const { lead } = state;

  const confirmMove = () => {
    if (reason.trim().length < 3) {
      submit.setErrors({ reason: 'Indique el motivo (al menos 3 caracteres).' });
      return;
    }
    void submit.run(async () => {
      await changeLeadStatus(api, lead.id, { status: moving!, reason: reason.trim() });
      dispatch(toastRequested({ kind: 'success', message: `Lead movido a «${statusLabel(moving!)}».` }));
      setMoving(null);
      setReason('');
      reload();
    });
  };
  const confirmAssign = () =>
    void assign.run(async () => {
      await assignLead(api, lead.id, advisorId);
      dispatch(toastRequested({ kind: 'success', message: 'Lead asignado.' }));
      setAdvisorId('');
      reload();
    });

  return (
    <Stack $gap={4}>
      <TextLink to="/backoffice/leads">← Volver a leads</TextLink>
      <Row $justify="space-between" $align="center">
        <h1>{lead.name}</h1>
        <Badge $tone={lead.status === 'derivated' ? 'success' : lead.status === 'rejected' ? 'danger' : 'info'}>{statusLabel(lead.status)}</Badge>
      </Row>
      {lead.previousLeadId && (
        <Muted>
          Contacto nuevo después de un lead cerrado:{' '}
          <TextLink to={`/backoffice/leads/${encodeURIComponent(lead.previousLeadId)}`}>ver el lead anterior</TextLink>.
        </Muted>
      )}
      <Card aria-labelledby="lead-data">
        <h2 id="lead-data">Datos</h2>
        <DescriptionList>
          <dt>Email</dt>
          <dd>{lead.email}</dd>
          <dt>Teléfono</dt>
          <dd>{lead.phone ?? '—'}</dd>
          <dt>RUT</dt>
          <dd>{lead.dni ? formatRut(lead.dni) : '—'}</dd>
          <dt>Empresa</dt>
          <dd>{lead.company ?? '—'}</dd>
          <dt>Ingreso mensual</dt>
          <dd>{lead.monthlyIncome === null ? '—' : formatCLP(lead.monthlyIncome)}</dd>
          <dt>Origen</dt>
          <dd>{sourceLabel(lead.source)}</dd>
          <dt>Puntaje</dt>
          <dd>{lead.score === null ? 'No perfilado (el titular se opuso al perfilamiento)' : `${lead.score} / 100`}</dd>
          <dt>Preaprobado</dt>
          <dd>{lead.preApproved ? 'Sí' : 'No'}</dd>
          <dt>Asesor</dt>
          <dd>{lead.advisorName ?? 'Sin asignar'}</dd>
          <dt>Contactar antes de</dt>
          <dd>
            {lead.contactDueAt ? formatDateTime(lead.contactDueAt) : '—'} {lead.contactOverdue && <Badge $tone="danger">Atrasado</Badge>}
            {lead.firstContactAt && <> (primer contacto: {formatDateTime(lead.firstContactAt)})</>}
          </dd>
          <dt>Creado</dt>
          <dd>{formatDateTime(lead.createdAt)}</dd>
        </DescriptionList>
      </Card>
      {(lead.can.changeStatus || lead.can.assign) && (
        <Card aria-labelledby="lead-actions">
          <h2 id="lead-actions">Gestión</h2>
          {lead.can.changeStatus && lead.allowedStatuses.length > 0 && (
            <Row $gap={2} $wrap>
              {lead.allowedStatuses.map((s) => (
                <Button
                  key={s}
                  variant={s === 'rejected' ? 'danger' : 'secondary'}
                  onClick={() => {
                    setMoving(s);
                    submit.setErrors({});
                  }}
                >
                  Mover a «{statusLabel(s)}»
                </Button>
              ))}
            </Row>
          )}
          {lead.can.assign && !lead.preApproved && (
            <Row $gap={2}>
              <Button
                busy={preApproval.busy}
                busyLabel="Guardando..."
                onClick={() =>
                  void preApproval.run(async () => {
                    await preApproveLead(api, lead.id);
                    dispatch(toastRequested({ kind: 'success', message: 'Lead marcado como preaprobado.' }));
                    reload();
                  })
                }
              >
                Marcar preaprobado
              </Button>
              {preApproval.failure && (
                <Alert kind="error">
                  <p>{preApproval.failure}</p>
                </Alert>
              )}
            </Row>
          )}
          {lead.can.assign && (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                if (advisorId) confirmAssign();
              }}
            >
              <Row $gap={2} $align="flex-end" $wrap>
                <SelectField
                  label="Asignar a asesor"
                  name="advisorId"
                  placeholder="Elija un asesor"
                  options={advisors.filter((a) => a.id !== lead.advisorId).map((a) => ({ value: a.id, label: a.name }))}
                  value={advisorId}
                  onChange={(e) => setAdvisorId(e.target.value)}
                  error={assign.errors.advisorId}
                />
                <Button type="submit" variant="primary" busy={assign.busy} busyLabel="Asignando..." disabled={!advisorId}>
                  Asignar
                </Button>
              </Row>
              {assign.failure && (
                <Alert kind="error">
                  <p>{assign.failure}</p>
                </Alert>
              )}
            </form>
          )}
        </Card>
      )}
      {lead.allowedStatuses.length === 0 && <Muted>Este lead está cerrado: un nuevo contacto de la persona abrirá un lead nuevo.</Muted>}
      <Card aria-labelledby="lead-timeline">
        <h2 id="lead-timeline">Actividad</h2>
        <ol aria-label="Línea de tiempo del lead">
          {lead.timeline.map((t, i) => (
            <li key={`${t.at}-${i}`}>
              <strong>{formatDateTime(t.at)}</strong> · {TIMELINE_LABELS[t.kind] ?? t.kind}: {timelineText(t)}
              {t.actorName && <Muted as="span"> — {t.actorName}</Muted>}
            </li>
          ))}
        </ol>
      </Card>
      <ConfirmDialog
        open={moving !== null}
        title={`Mover el lead a «${statusLabel(moving ?? '')}»`}
        confirmLabel="Confirmar cambio"
        danger={moving === 'rejected' || moving === 'derivated'}
        busy={submit.busy}
        busyLabel="Guardando..."
        onConfirm={confirmMove}
        onCancel={() => {
          setMoving(null);
          setReason('');
        }}
      >
        {(moving === 'rejected' || moving === 'derivated') && <p>Derivado y rechazado son estados finales: el lead no podrá volver atrás.</p>}
        <TextAreaField
          label="Motivo"
          name="reason"
          required
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            submit.clear('reason');
          }}
          error={submit.errors.reason}
          maxLength={500}
        />
        {submit.failure && (
          <Alert kind="error">
            <p>{submit.failure}</p>
          </Alert>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
