import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { toApiErrorBody } from '../../../shared/api/errors';
import { formatCLP, formatDateTime } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useApi } from '../../../shared/kit/api-context';
import { HistoryTab } from '../../../shared/kit/HistoryTab';
import { Tabs } from '../../../shared/kit/Tabs';
import { useServerSubmit } from '../../../shared/kit/useServerSubmit';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { TextField } from '../../../shared/ui/fields';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Badge, Card, DescriptionList, Muted, Stack } from '../../../shared/ui/layout';
import { fetchReservation, recordRefund, type BackofficeReservationView } from '../api/commercial-api';
import { ReservationActions, type ReservationPermissions } from '../components/ReservationActions';
import { PAYMENT_STATE_LABELS, paymentState, RESERVATION_STATUS_LABELS } from '../../../shared/format/commercial-labels';

/** Staff record a refund they made at the gateway (spec §9), with its reference and why. */
function RefundForm({ reservationId, onRecorded }: { readonly reservationId: string; readonly onRecorded: () => void }) {
  const api = useApi();
  const submit = useServerSubmit();
  const [gatewayReference, setReference] = useState('');
  const [reason, setReason] = useState('');
  const send = (event: FormEvent) => {
    event.preventDefault();
    void submit.run(async () => {
      await recordRefund(api, reservationId, { gatewayReference, reason });
      onRecorded();
    });
  };
  return (
    <Card aria-labelledby="refund-title">
      <h2 id="refund-title">Registrar reembolso</h2>
      <Muted>El pago de esta reserva se debe devolver. Si ya lo devolvió directamente en la pasarela, registre aquí su referencia.</Muted>
      {submit.failure && (
        <Alert kind="error">
          <p>{submit.failure}</p>
        </Alert>
      )}
      <form onSubmit={send} noValidate>
        <TextField
          label="Referencia de la pasarela"
          required
          value={gatewayReference}
          error={submit.errors.gatewayReference}
          onChange={(e) => {
            setReference(e.target.value);
            submit.clear('gatewayReference');
          }}
        />
        <TextField
          label="Motivo"
          required
          value={reason}
          error={submit.errors.reason}
          onChange={(e) => {
            setReason(e.target.value);
            submit.clear('reason');
          }}
        />
        <Button type="submit" variant="primary" busy={submit.busy} busyLabel="Registrando...">
          Registrar reembolso
        </Button>
      </form>
    </Card>
  );
}

function Summary({ r }: { readonly r: BackofficeReservationView }) {
  return (
    <DescriptionList>
      <dt>Proyecto</dt>
      <dd>{r.projectName}</dd>
      <dt>Unidad</dt>
      <dd>{r.unitNumber}</dd>
      <dt>Comprador</dt>
      <dd>
        {r.buyerName} ({r.buyerEmail})
      </dd>
      <dt>Monto</dt>
      <dd>{formatCLP(r.amountCLP)}</dd>
      <dt>Estado</dt>
      <dd>
        <Badge $tone={r.status === 'confirmed' ? 'success' : 'neutral'}>{RESERVATION_STATUS_LABELS[r.status]}</Badge>
      </dd>
      <dt>Pago</dt>
      <dd>{PAYMENT_STATE_LABELS[paymentState(r)]}</dd>
      <dt>Solicitada</dt>
      <dd>{formatDateTime(r.requestedAt)}</dd>
      <dt>Retención hasta</dt>
      <dd>{formatDateTime(r.holdExpiresAt) || '—'}</dd>
      <dt>Confirmada</dt>
      <dd>{formatDateTime(r.confirmedAt) || '—'}</dd>
    </DescriptionList>
  );
}

const NO_ACTIONS: ReservationPermissions = { cancel: false, extendHold: false, refund: false };

/** One reservation for the back office: its summary, staff's actions on it, and its Historial (the events of its stream). */
export default function ReservationDetailPage({ can = NO_ACTIONS }: { readonly can?: ReservationPermissions }) {
  const { reservationId = '' } = useParams();
  const [search] = useSearchParams();
  const api = useApi();
  const [state, setState] = useState<{ reservation: BackofficeReservationView | null; error: string | null; version: number }>({
    reservation: null,
    error: null,
    version: 0,
  });
  useDocumentTitle(state.reservation ? `Reserva: ${state.reservation.projectName}, unidad ${state.reservation.unitNumber}` : 'Reserva');

  const load = useCallback(() => {
    let live = true;
    fetchReservation(api, reservationId).then(
      (reservation) => live && setState((s) => ({ reservation, error: null, version: s.version + 1 })),
      (error: unknown) => live && setState((s) => ({ ...s, error: toApiErrorBody(error).message })),
    );
    return () => {
      live = false;
    };
  }, [api, reservationId]);
  useEffect(load, [load]);

  const [done, setDone] = useState<string | null>(null);
  const r = state.reservation;
  return (
    <Stack>
      <p>
        <Link to="/backoffice/reservations">Volver a reservas</Link>
      </p>
      <h1>{r ? `Reserva: ${r.projectName}, unidad ${r.unitNumber}` : 'Reserva'}</h1>
      {state.error && <LoadFailed message={state.error} onRetry={load} />}
      {done && <Alert kind="success">{done}</Alert>}
      {r && (
        <ReservationActions
          reservation={r}
          can={can}
          onDone={(message) => {
            setDone(message);
            load();
          }}
        />
      )}
      {r && can.refund && r.refundDue && <RefundForm reservationId={r.id} onRecorded={load} />}
      {r && (
        <Tabs
          label="Secciones de la reserva"
          initial={search.get('tab') === 'historial' ? 'history' : 'summary'}
          tabs={[
            { id: 'summary', label: 'Resumen', panel: () => <Summary r={r} /> },
            {
              id: 'history',
              label: 'Historial',
              panel: () => <HistoryTab key={state.version} entity="reservation" id={r.id} caption="Historial de la reserva" />,
            },
          ]}
        />
      )}
    </Stack>
  );
}
