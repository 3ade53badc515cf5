import { Link } from 'react-router-dom';
import { catalogueEntry } from '../../../../../contract/errors';
import { toastRequested } from '../../../shared/events';
import { formatCLP, formatDateTime } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useApi } from '../../../shared/kit/api-context';
import { useConfirmedAction } from '../../../shared/kit/useConfirmedAction';
import { ResourceError, tableState, useResource } from '../../../shared/kit/useResource';
import { useAppDispatch } from '../../../shared/store/StoreProvider';
import { Button } from '../../../shared/ui/Button';
import { Badge, Muted, Row } from '../../../shared/ui/layout';
import { ConfirmDialog } from '../../../shared/kit/ConfirmDialog';
import { ResourceTable, type ResourceColumn } from '../../../shared/kit/ResourceTable';
import { cancelReservation, fetchMyReservations, receiptUrl } from '../api/reservations-api';
import { OPEN_RESERVATION_STATUSES, type Reservation } from '../../../../../contract/reservations';
import { FAILURE_REASONS, RESERVATION_CANCELLED_MESSAGE, STATUS_LABELS, statusTone } from '../flow';
import { paymentResumed } from '../slice';

const holdOpen = (r: Reservation, now: number) => r.holdExpiresAt !== null && Date.parse(r.holdExpiresAt) > now;

/** My reservations with their payment state: receipt, continue paying an open hold, or cancel it. */
export default function MyReservationsPage() {
  useDocumentTitle('Mis reservas');
  const dispatch = useAppDispatch();
  const api = useApi();
  const mine = useResource('mine', fetchMyReservations);
  /** Pessimistic: the row changes when the server has released the unit (the list is read again). */
  const cancel = useConfirmedAction(async (reservation: Reservation) => {
    await cancelReservation(api, reservation.id);
    dispatch(toastRequested({ kind: 'success', message: RESERVATION_CANCELLED_MESSAGE }));
    mine.reload();
  }, mine.reload);
  const toCancel = cancel.target;
  const now = Date.now();
  const isOpen = (r: Reservation) => OPEN_RESERVATION_STATUSES.includes(r.status) && holdOpen(r, now);

  const columns: readonly ResourceColumn<Reservation>[] = [
    {
      header: 'Proyecto y unidad',
      rowHeader: true,
      cell: (r) => (
        <>
          <Link to={`/projects/${encodeURIComponent(r.projectId)}?unit=${encodeURIComponent(r.unitId)}`}>{r.projectName}</Link>
          <br />
          Unidad {r.unitNumber}
        </>
      ),
    },
    { header: 'Solicitada', cell: (r) => formatDateTime(r.requestedAt) },
    { header: 'Monto', cell: (r) => formatCLP(r.amountCLP) },
    {
      header: 'Estado',
      cell: (r) => (
        <>
          <Badge $tone={statusTone(r.status)}>{STATUS_LABELS[r.status]}</Badge>
          {r.refunded && (
            <>
              <br />
              <Muted as="span">Reembolsada</Muted>
            </>
          )}
        </>
      ),
    },
    {
      header: 'Detalle',
      cell: (r) => (
        <>
          {isOpen(r) && r.holdExpiresAt && <>Retenida hasta el {formatDateTime(r.holdExpiresAt)}</>}
          {r.status === 'confirmed' && r.confirmedAt && <>Confirmada el {formatDateTime(r.confirmedAt)}</>}
          {r.status === 'rejected' && r.rejection && catalogueEntry(r.rejection).message}
          {r.status !== 'confirmed' && r.payment?.failure && FAILURE_REASONS[r.payment.failure]}
          {r.payment?.cardLast4 && (
            <>
              <br />
              Tarjeta terminada en {r.payment.cardLast4}
            </>
          )}
        </>
      ),
    },
    {
      header: 'Acciones',
      cell: (r) => (
        <Row $gap={2}>
          {r.status === 'confirmed' && (
            <a href={receiptUrl(r.id)} download aria-label={`Descargar comprobante de la reserva de la unidad ${r.unitNumber}`}>
              Comprobante (PDF)
            </a>
          )}
          {isOpen(r) && r.status === 'payment_started' && (
            <Button variant="primary" onClick={() => dispatch(paymentResumed({ reservationId: r.id, payment: r.payment }))}>
              Continuar pago
            </Button>
          )}
          {isOpen(r) && (
            <Button variant="ghost" onClick={() => cancel.ask(r)}>
              Anular
            </Button>
          )}
        </Row>
      ),
    },
  ];

  return (
    <>
      <h1>Mis reservas</h1>
      <Muted>Una unidad queda retenida a su nombre mientras paga la reserva; si el pago no se completa a tiempo, se libera.</Muted>
      <ResourceError resource={mine} />
      <ResourceTable
        caption="Reservas"
        columns={columns}
        rowKey={(r) => r.id}
        {...tableState(mine)}
        emptyMessage={
          <>
            Aún no tiene reservas. <Link to="/projects">Explorar proyectos</Link>
          </>
        }
      />
      <ConfirmDialog {...cancel.dialog} title="Anular reserva" confirmLabel="Anular reserva" cancelLabel="Volver" busyLabel="Anulando..." danger>
        <p>
          ¿Anular la reserva de la unidad {toCancel?.unitNumber} de {toCancel?.projectName}? La unidad quedará disponible para otros compradores.
        </p>
      </ConfirmDialog>
    </>
  );
}
