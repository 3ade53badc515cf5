import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { catalogueEntry } from '../../../../../domain/shared/error-catalogue';
import { formatCLP, formatDateTime } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useAppDispatch, useAppSelector } from '../../../shared/store/StoreProvider';
import { Button } from '../../../shared/ui/Button';
import { Badge, Muted, Row } from '../../../shared/ui/layout';
import { ConfirmDialog } from '../../../shared/kit/ConfirmDialog';
import { ResourceTable, type ResourceColumn } from '../../../shared/kit/ResourceTable';
import { receiptUrl } from '../api/reservations-api';
import { OPEN_RESERVATION_STATUSES, type Reservation } from '../../../../../contract/reservations';
import { FAILURE_REASONS, STATUS_LABELS, statusTone } from '../flow';
import { myReservationsRequested, paymentResumed, reservationCancelRequested, selectCancelling, selectMyReservations } from '../slice';
import { LoadFailed } from '../../../shared/ui/LoadFailed';

const holdOpen = (r: Reservation, now: number) => r.holdExpiresAt !== null && Date.parse(r.holdExpiresAt) > now;

/** My reservations with their payment state: receipt, continue paying an open hold, or cancel it. */
export default function MyReservationsPage() {
  useDocumentTitle('Mis reservas');
  const dispatch = useAppDispatch();
  const mine = useAppSelector(selectMyReservations);
  const cancelling = useAppSelector(selectCancelling);
  const [toCancel, setToCancel] = useState<Reservation | null>(null);
  const now = Date.now();
  const isOpen = (r: Reservation) => OPEN_RESERVATION_STATUSES.includes(r.status) && holdOpen(r, now);

  useEffect(() => {
    dispatch(myReservationsRequested());
  }, [dispatch]);

  const confirmCancel = () => {
    if (toCancel) dispatch(reservationCancelRequested({ reservationId: toCancel.id }));
    setToCancel(null);
  };

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
            <Button variant="primary" onClick={() => dispatch(paymentResumed({ reservationId: r.id }))}>
              Continuar pago
            </Button>
          )}
          {isOpen(r) && (
            <Button variant="ghost" busy={cancelling.includes(r.id)} busyLabel="Anulando..." onClick={() => setToCancel(r)}>
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
      {mine.status === 'failed' && mine.error && <LoadFailed message={mine.error.message} onRetry={() => dispatch(myReservationsRequested())} />}
      <ResourceTable
        caption="Reservas"
        columns={columns}
        rows={mine.items}
        rowKey={(r) => r.id}
        loading={mine.status === 'loading' && mine.items.length === 0}
        empty={mine.status === 'loaded' && mine.items.length === 0}
        busy={mine.status === 'loading'}
        emptyMessage={
          <>
            Aún no tiene reservas. <Link to="/projects">Explorar proyectos</Link>
          </>
        }
      />
      <ConfirmDialog
        open={toCancel !== null}
        title="Anular reserva"
        confirmLabel="Anular reserva"
        cancelLabel="Volver"
        danger
        onConfirm={confirmCancel}
        onCancel={() => setToCancel(null)}
      >
        <p>
          ¿Anular la reserva de la unidad {toCancel?.unitNumber} de {toCancel?.projectName}? La unidad quedará disponible para otros compradores.
        </p>
      </ConfirmDialog>
    </>
  );
}
