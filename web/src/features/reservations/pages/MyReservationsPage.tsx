import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { catalogueEntry } from '../../../../../domain/shared/error-catalogue';
import { formatCLP, formatDateTime } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useAppDispatch, useAppSelector } from '../../../shared/store/StoreProvider';
import { Button } from '../../../shared/ui/Button';
import { Badge, Muted, Row } from '../../../shared/ui/layout';
import { Modal } from '../../../shared/ui/Modal';
import { Table, TableRowsState, TableWrapper } from '../../../shared/ui/table';
import { OPEN_STATUSES, receiptUrl, type Reservation } from '../api/reservations-api';
import { FAILURE_REASONS, STATUS_LABELS, statusTone } from '../flow';
import { myReservationsRequested, paymentResumed, reservationCancelRequested, selectCancelling, selectMyReservations } from '../slice';
import { LoadFailed } from '../../../shared/ui/LoadFailed';

const COLUMNS = 6;

const holdOpen = (r: Reservation, now: number) => r.holdExpiresAt !== null && Date.parse(r.holdExpiresAt) > now;

/** My reservations with their payment state: receipt, continue paying an open hold, or cancel it. */
export default function MyReservationsPage() {
  useDocumentTitle('Mis reservas');
  const dispatch = useAppDispatch();
  const mine = useAppSelector(selectMyReservations);
  const cancelling = useAppSelector(selectCancelling);
  const [toCancel, setToCancel] = useState<Reservation | null>(null);
  const now = Date.now();

  useEffect(() => {
    dispatch(myReservationsRequested());
  }, [dispatch]);

  const confirmCancel = () => {
    if (toCancel) dispatch(reservationCancelRequested({ reservationId: toCancel.id }));
    setToCancel(null);
  };

  return (
    <>
      <h1>Mis reservas</h1>
      <Muted>Una unidad queda retenida a su nombre mientras paga la reserva; si el pago no se completa a tiempo, se libera.</Muted>
      {mine.status === 'failed' && mine.error && <LoadFailed message={mine.error.message} onRetry={() => dispatch(myReservationsRequested())} />}
      <TableWrapper>
        <Table aria-busy={mine.status === 'loading' || undefined}>
          <caption>Reservas</caption>
          <thead>
            <tr>
              <th scope="col">Proyecto y unidad</th>
              <th scope="col">Solicitada</th>
              <th scope="col">Monto</th>
              <th scope="col">Estado</th>
              <th scope="col">Detalle</th>
              <th scope="col">Acciones</th>
            </tr>
          </thead>
          <tbody>
            <TableRowsState columns={COLUMNS} loading={mine.status === 'loading' && mine.items.length === 0} empty={mine.status === 'loaded' && mine.items.length === 0}>
              Aún no tiene reservas. <Link to="/projects">Explorar proyectos</Link>
            </TableRowsState>
            {mine.items.map((r) => {
              const open = OPEN_STATUSES.includes(r.status) && holdOpen(r, now);
              return (
                <tr key={r.id}>
                  <th scope="row">
                    <Link to={`/projects/${encodeURIComponent(r.projectId)}?unit=${encodeURIComponent(r.unitId)}`}>{r.projectName}</Link>
                    <br />
                    Unidad {r.unitNumber}
                  </th>
                  <td>{formatDateTime(r.requestedAt)}</td>
                  <td>{formatCLP(r.amountCLP)}</td>
                  <td>
                    <Badge $tone={statusTone(r.status)}>{STATUS_LABELS[r.status]}</Badge>
                    {r.refunded && (
                      <>
                        <br />
                        <Muted as="span">Reembolsada</Muted>
                      </>
                    )}
                  </td>
                  <td>
                    {open && r.holdExpiresAt && <>Retenida hasta el {formatDateTime(r.holdExpiresAt)}</>}
                    {r.status === 'confirmed' && r.confirmedAt && <>Confirmada el {formatDateTime(r.confirmedAt)}</>}
                    {r.status === 'rejected' && r.rejection && catalogueEntry(r.rejection).message}
                    {r.status !== 'confirmed' && r.payment?.failure && FAILURE_REASONS[r.payment.failure]}
                    {r.payment?.cardLast4 && (
                      <>
                        <br />
                        Tarjeta terminada en {r.payment.cardLast4}
                      </>
                    )}
                  </td>
                  <td>
                    <Row $gap={2}>
                      {r.status === 'confirmed' && (
                        <a href={receiptUrl(r.id)} download aria-label={`Descargar comprobante de la reserva de la unidad ${r.unitNumber}`}>
                          Comprobante (PDF)
                        </a>
                      )}
                      {open && r.status === 'payment_started' && (
                        <Button variant="primary" onClick={() => dispatch(paymentResumed({ reservationId: r.id }))}>
                          Continuar pago
                        </Button>
                      )}
                      {open && (
                        <Button variant="ghost" busy={cancelling.includes(r.id)} busyLabel="Anulando..." onClick={() => setToCancel(r)}>
                          Anular
                        </Button>
                      )}
                    </Row>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </TableWrapper>
      <Modal open={toCancel !== null} title="Anular reserva" onClose={() => setToCancel(null)}>
        <p>
          ¿Anular la reserva de la unidad {toCancel?.unitNumber} de {toCancel?.projectName}? La unidad quedará disponible para otros compradores.
        </p>
        <Row $justify="flex-end">
          <Button onClick={() => setToCancel(null)}>Volver</Button>
          <Button variant="danger" onClick={confirmCancel}>
            Anular reserva
          </Button>
        </Row>
      </Modal>
    </>
  );
}
