import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { REGISTRATION_STATUSES, type RegistrationItem } from '../../../../../contract/company-registrations';
import { toApiErrorBody } from '../../../shared/api/errors';
import { formatDateTime, formatRut } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useApi } from '../../../shared/kit/api-context';
import { ConfirmDialog } from '../../../shared/kit/ConfirmDialog';
import { ResourceTable, type ResourceColumn } from '../../../shared/kit/ResourceTable';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { SelectField, TextAreaField } from '../../../shared/ui/fields';
import { Badge, Row, Stack } from '../../../shared/ui/layout';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { decideRegistration, fetchRegistrations } from '../api/registration-api';
import { BUSINESS_TYPE_LABELS, DOCUMENT_KIND_LABELS } from '../components/registration-labels';

const STATUS_LABELS: Record<(typeof REGISTRATION_STATUSES)[number], string> = {
  draft: 'Borrador',
  submitted: 'Por revisar',
  approved: 'Aprobada',
  rejected: 'Rechazada',
};

/** Back office, Solicitudes de empresas: the review queue of the registration wizard (spec §2), 2-3 business days promised. */
export default function RegistrationReviewPage() {
  useDocumentTitle('Solicitudes de empresas');
  const api = useApi();
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? 'submitted';
  const [state, setState] = useState<{ status: 'loading' } | { status: 'failed'; message: string } | { status: 'loaded'; items: RegistrationItem[] }>({
    status: 'loading',
  });
  const [deciding, setDeciding] = useState<{ item: RegistrationItem; decision: 'approve' | 'reject' } | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const load = useCallback(() => {
    setState({ status: 'loading' });
    fetchRegistrations(api, status).then(
      (items) => setState({ status: 'loaded', items }),
      (error: unknown) => setState({ status: 'failed', message: toApiErrorBody(error).message }),
    );
  }, [api, status]);
  useEffect(load, [load]);

  const decide = async () => {
    if (!deciding) return;
    if (deciding.decision === 'reject' && !reason.trim()) return setReasonError('Este campo es obligatorio.');
    setBusy(true);
    try {
      await decideRegistration(api, deciding.item.id, deciding.decision, reason.trim());
      setNotice({
        kind: 'success',
        text:
          deciding.decision === 'approve'
            ? `«${deciding.item.companyName}» aprobada: la empresa existe y su representante recibió la invitación a su cuenta.`
            : `«${deciding.item.companyName}» rechazada; se envió el motivo por email.`,
      });
      load();
    } catch (error) {
      const body = toApiErrorBody(error);
      setNotice({ kind: 'error', text: body.fieldErrors[0]?.message ?? body.message });
    } finally {
      setBusy(false);
      setDeciding(null);
    }
  };

  const columns: ResourceColumn<RegistrationItem>[] = [
    { header: 'Empresa', rowHeader: true, cell: (r) => r.companyName },
    { header: 'RUT', cell: (r) => formatRut(r.companyRut) },
    { header: 'Tipo', cell: (r) => BUSINESS_TYPE_LABELS[r.businessType] },
    { header: 'Comuna', cell: (r) => `${r.communeName}, ${r.regionName}` },
    { header: 'Representante', cell: (r) => r.representativeName },
    {
      header: 'Documentos',
      cell: (r) => (
        <ul>
          {r.documents.map((d) => (
            <li key={d.documentId}>
              <a href={`/api/v1/company-registrations/${encodeURIComponent(r.id)}/documents/${encodeURIComponent(d.documentId)}`} download>
                {DOCUMENT_KIND_LABELS[d.kind]}
              </a>
            </li>
          ))}
        </ul>
      ),
    },
    { header: 'Enviada', cell: (r) => (r.submittedAt ? formatDateTime(r.submittedAt) : '—') },
    {
      header: 'Estado',
      cell: (r) => <Badge $tone={r.status === 'approved' ? 'success' : r.status === 'rejected' ? 'danger' : 'info'}>{STATUS_LABELS[r.status]}</Badge>,
    },
    {
      header: 'Acciones',
      cell: (r) =>
        r.status === 'submitted' ? (
          <Row $gap={1}>
            <Button variant="ghost" onClick={() => setDeciding({ item: r, decision: 'approve' })} aria-label={`Aprobar ${r.companyName}`}>
              Aprobar
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                setDeciding({ item: r, decision: 'reject' });
                setReason('');
                setReasonError(undefined);
              }}
              aria-label={`Rechazar ${r.companyName}`}
            >
              Rechazar
            </Button>
          </Row>
        ) : (
          (r.reason ?? '—')
        ),
    },
  ];

  return (
    <Stack $gap={4}>
      <h1>Solicitudes de empresas</h1>
      {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
      <SelectField
        label="Estado"
        name="status"
        value={status}
        options={REGISTRATION_STATUSES.filter((s) => s !== 'draft').map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
        onChange={(e) => setParams({ status: e.target.value }, { replace: true })}
      />
      {state.status === 'failed' && <LoadFailed message={state.message} onRetry={load} />}
      <ResourceTable
        caption="Solicitudes de registro"
        columns={columns}
        rows={state.status === 'loaded' ? state.items : []}
        rowKey={(r) => r.id}
        loading={state.status === 'loading'}
        empty={state.status === 'loaded' && state.items.length === 0}
        emptyMessage="No hay solicitudes en este estado."
      />
      <ConfirmDialog
        open={deciding !== null}
        title={deciding?.decision === 'approve' ? 'Aprobar la solicitud' : 'Rechazar la solicitud'}
        confirmLabel={deciding?.decision === 'approve' ? 'Aprobar' : 'Rechazar'}
        danger={deciding?.decision === 'reject'}
        busy={busy}
        busyLabel="Guardando..."
        onConfirm={decide}
        onCancel={() => setDeciding(null)}
      >
        {deciding?.decision === 'approve' ? (
          <p>
            Se creará la empresa «{deciding.item.companyName}» y una cuenta de empresa para su representante, que recibirá un email para elegir su contraseña.
          </p>
        ) : (
          <TextAreaField
            label="Motivo (se envía a la empresa)"
            name="reason"
            required
            rows={3}
            value={reason}
            error={reasonError}
            onChange={(e) => {
              setReason(e.target.value);
              setReasonError(undefined);
            }}
          />
        )}
      </ConfirmDialog>
    </Stack>
  );
}
