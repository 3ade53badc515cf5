import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { catalogueEntry } from '../../../../../contract/errors';
import { formatCLP, formatDateTime } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useAppDispatch, useAppSelector } from '../../../shared/store/StoreProvider';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { Card, DescriptionList, Muted, Row, TextLink } from '../../../shared/ui/layout';
import { Steps } from '../../../shared/ui/Steps';
import { receiptUrl } from '../api/reservations-api';
import type { Reservation } from '../../../../../contract/reservations';
import { ReservationProgress } from '../components/ReservationProgress';
import { FAILURE_REASONS, PURCHASE_VOIDED_MESSAGE, PURCHASE_VOIDED_TITLE, resultSteps, STATUS_LABELS, type PaymentOutcome } from '../flow';
import { paymentResultOpened, reserveRequested, selectPaymentResult, selectReservationFlow } from '../slice';

export const PAYMENT_FAILED_TITLE = 'Su pago no pudo ser procesado';
export const PAYMENT_CONFIRMED_TITLE = '¡Reserva confirmada!';

const readOutcome = (raw: string | null): PaymentOutcome | null => (raw === 'confirmed' || raw === 'failed' || raw === 'cancelled' ? raw : null);

const failureReason = (reservation: Reservation | null, code: string | null): string => {
  if (reservation?.status === 'expired') return 'El tiempo para pagar la reserva expiró y la unidad fue liberada.';
  const failure = reservation?.payment?.failure;
  if (failure) return FAILURE_REASONS[failure];
  if (code) return catalogueEntry(code).message;
  return catalogueEntry('PAYMENT_FAILED').message;
};

/**
 * Where the gateway's return lands (spec §2 payment result): confirmed with the reservation's details
 * and receipt, or failed with 'Su pago no pudo ser procesado' and a button that tries again.
 */
export default function PaymentResultPage() {
  const [params] = useSearchParams();
  const reservationId = params.get('reservationId') ?? '';
  const outcome = readOutcome(params.get('status'));
  const code = params.get('code');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const result = useAppSelector(selectPaymentResult);
  const flow = useAppSelector(selectReservationFlow);
  const heading = useRef<HTMLHeadingElement>(null);
  const confirmed = outcome === 'confirmed';
  const voided = outcome === 'cancelled';
  useDocumentTitle(!outcome ? 'Resultado del pago' : confirmed ? 'Reserva confirmada' : voided ? PURCHASE_VOIDED_TITLE : 'Pago no procesado');

  useEffect(() => {
    if (reservationId && outcome) dispatch(paymentResultOpened({ reservationId, outcome, code }));
  }, [dispatch, reservationId, outcome, code]);

  useEffect(() => {
    heading.current?.focus();
  }, [outcome]);

  if (!reservationId || !outcome) {
    return (
      <Card>
        <h1>No encontramos el resultado del pago</h1>
        <Muted>El enlace está incompleto. Revise el estado de su reserva en su cuenta.</Muted>
        <TextLink to="/dashboard/reservations">Ver mis reservas</TextLink>
      </Card>
    );
  }

  const reservation = result.reservationId === reservationId ? result.reservation : null;
  const projectLink = reservation ? `/projects/${encodeURIComponent(reservation.projectId)}?unit=${encodeURIComponent(reservation.unitId)}` : '/projects';
  const tryAgain = () => reservation && dispatch(reserveRequested({ unitId: reservation.unitId, projectId: reservation.projectId }));
  const retrying = flow.step !== 'idle' && reservation !== null && flow.target?.unitId === reservation.unitId;
  const advice = catalogueEntry(code && code !== 'PAYMENT_FAILED' ? code : 'PAYMENT_FAILED').actions;

  return (
    <Card aria-labelledby="titulo-resultado">
      <h1 id="titulo-resultado" ref={heading} tabIndex={-1}>
        {confirmed ? PAYMENT_CONFIRMED_TITLE : voided ? PURCHASE_VOIDED_TITLE : PAYMENT_FAILED_TITLE}
      </h1>
      {!retrying && !voided && <Steps steps={resultSteps(outcome, reservation?.status ?? null)} label="Progreso de la reserva" />}
      {voided ? (
        <Alert kind="info">
          <p>{PURCHASE_VOIDED_MESSAGE}</p>
        </Alert>
      ) : confirmed ? (
        <Alert kind="success">
          <p>
            Su pago fue aprobado
            {reservation ? ` y la unidad ${reservation.unitNumber} del proyecto ${reservation.projectName} quedó reservada a su nombre.` : '.'}
          </p>
          {reservation && reservation.status !== 'confirmed' && <p>Estamos registrando la confirmación...</p>}
        </Alert>
      ) : (
        <Alert kind="error">
          <p>{failureReason(reservation, code)}</p>
          <p>La reserva no quedó confirmada y la unidad fue liberada. Si se realizó un cargo, será reembolsado.</p>
          {advice.length > 0 && (
            <ul>
              {advice.map((a) => (
                <li key={a}>{a}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      {result.status === 'failed' && result.error && (
        <Alert kind="warning">
          <p>No pudimos cargar el detalle de la reserva: {result.error.message}</p>
        </Alert>
      )}
      {reservation && (
        <DescriptionList>
          <dt>Proyecto</dt>
          <dd>{reservation.projectName}</dd>
          <dt>Unidad</dt>
          <dd>{reservation.unitNumber}</dd>
          <dt>Monto de la reserva</dt>
          <dd>{formatCLP(reservation.amountCLP)}</dd>
          <dt>Estado</dt>
          <dd>{STATUS_LABELS[reservation.status]}</dd>
          {reservation.payment?.buyOrder && (
            <>
              <dt>Orden de compra</dt>
              <dd>{reservation.payment.buyOrder}</dd>
            </>
          )}
          {confirmed && reservation.payment?.authorizationCode && (
            <>
              <dt>Código de autorización</dt>
              <dd>{reservation.payment.authorizationCode}</dd>
            </>
          )}
          {confirmed && reservation.payment?.cardLast4 && (
            <>
              <dt>Tarjeta</dt>
              <dd>terminada en {reservation.payment.cardLast4}</dd>
            </>
          )}
          <dt>Fecha</dt>
          <dd>{formatDateTime(reservation.confirmedAt ?? reservation.updatedAt)}</dd>
        </DescriptionList>
      )}
      {!confirmed && !voided && reservation && (
        <ReservationProgress
          unitId={reservation.unitId}
          handlers={{
            'Explorar otras unidades': () => navigate(`/projects/${encodeURIComponent(reservation.projectId)}`),
            'Intente nuevamente o contacte soporte': tryAgain,
          }}
        />
      )}
      <Row style={{ marginTop: '1.5rem' }}>
        {confirmed ? (
          <>
            {reservation?.status === 'confirmed' && (
              <a href={receiptUrl(reservation.id)} download>
                Descargar comprobante (PDF)
              </a>
            )}
            <TextLink to="/dashboard/reservations">Ver mis reservas</TextLink>
            <TextLink to={projectLink}>Volver al proyecto</TextLink>
          </>
        ) : voided ? (
          <>
            <TextLink to={projectLink}>Volver al proyecto</TextLink>
            <TextLink to="/dashboard/reservations">Ver mis reservas</TextLink>
          </>
        ) : (
          <>
            <Button variant="primary" onClick={tryAgain} disabled={!reservation} busy={retrying && flow.step !== 'failed'} busyLabel="Reintentando...">
              Intentar nuevamente
            </Button>
            <TextLink to={projectLink}>Volver al proyecto</TextLink>
            <TextLink to="/dashboard/reservations">Ver mis reservas</TextLink>
          </>
        )}
      </Row>
    </Card>
  );
}
