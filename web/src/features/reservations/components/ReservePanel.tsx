import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { formatCLP } from '../../../shared/format/format';
import { useAppDispatch, useAppSelector } from '../../../shared/store/StoreProvider';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { Muted, Row } from '../../../shared/ui/layout';
import type { ApiErrorBody } from '../../../../../contract/errors';
import { unitTaken } from '../../../shared/events';
import { reservationFlowReset, reservationTermsRefused, reserveRequested, selectReservationFlow } from '../slice';
import { ReservationConfirmDialog } from './ReservationConfirmDialog';
import { ReservationProgress } from './ReservationProgress';

const Section = styled.section`
  margin-top: ${({ theme }) => theme.space(6)};
  padding-top: ${({ theme }) => theme.space(4)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

/** Codes that mean "someone else has this unit": the catalogue shows it taken. */
const TAKEN = new Set(['UNIT_ALREADY_RESERVED', 'PROPERTY_NOT_AVAILABLE']);

export interface ReservableUnit {
  readonly id: string;
  readonly unitNumber: string;
  readonly available: boolean;
  /** An availability alert could be answered: the unit may free up (held, reserved, disabled), unlike a sold one. */
  readonly canAlert: boolean;
  /** How the catalogue names its status ('Reservada', 'En proceso de reserva'...). */
  readonly statusLabel: string;
}

export interface ReservableProject {
  readonly id: string;
  readonly name: string;
  readonly reservationPriceCLP: number;
  /** The reservation is paid online; otherwise it is arranged with the sales office. */
  readonly reservationPaid: boolean;
}

export interface ReservePanelProps {
  readonly unit: ReservableUnit | null;
  readonly project: ReservableProject;
  /** The pricing chosen on the page: the confirmation shows the price under it. */
  readonly pricing?: 'normal' | 'bonus';
  readonly authenticated: boolean;
  readonly onSignIn: () => void;
  /** The catalogue's unit table ("Explorar otras unidades"). */
  readonly onExploreUnits: () => void;
  /** The contact request form ("Contactar a ventas"). */
  readonly onContactSales: () => void;
  /** An availability alert for this unit (the app composes it in): "Avisarme si se libera" and the "Configurar alertas" action. */
  readonly onSetAlerts: () => void;
}

/** Reserve the selected unit: amount, the reserve button, and the flow's progress or refusal. */
export function ReservePanel({ unit, project, pricing = 'normal', authenticated, onSignIn, onExploreUnits, onContactSales, onSetAlerts }: ReservePanelProps) {
  const dispatch = useAppDispatch();
  const flow = useAppSelector(selectReservationFlow);
  const unitId = unit?.id ?? null;
  /** The unit whose summary is open for confirmation (nothing is held before the buyer confirms). */
  const [confirming, setConfirming] = useState<string | null>(null);

  useEffect(() => {
    dispatch(reservationFlowReset());
    setConfirming(null);
  }, [unitId, dispatch]);

  const busy = flow.step === 'requesting' || flow.step === 'held' || flow.step === 'redirecting';
  const refusedHere = flow.step === 'failed' && flow.target?.unitId === unitId;
  const reserve = () => {
    if (!unit) return;
    if (!authenticated) onSignIn();
    else setConfirming(unit.id);
  };
  const confirmed = () => {
    if (!unit) return;
    setConfirming(null);
    dispatch(reserveRequested({ unitId: unit.id, projectId: project.id }));
  };
  const refused = (error: ApiErrorBody) => {
    if (!unit) return;
    setConfirming(null);
    const target = { unitId: unit.id, projectId: project.id };
    dispatch(reservationTermsRefused({ target, error }));
    if (TAKEN.has(error.code)) dispatch(unitTaken(target));
  };
  const retry = reserve;
  const navigate = useNavigate();
  const handlers = {
    // RESERVATION_LIMIT_REACHED: the buyer's reservation under way is where to go on.
    'Ver mis reservas': () => navigate('/dashboard/reservations'),
    'Explorar otras unidades': onExploreUnits,
    'Contactar a ventas': onContactSales,
    'Configurar alertas': onSetAlerts,
    'Iniciar sesión': onSignIn,
    'Intente nuevamente o contacte soporte': retry,
    'Intente con otro medio de pago': retry,
  };

  return (
    <Section aria-labelledby="titulo-reservar">
      <h3 id="titulo-reservar">Reservar</h3>
      {!project.reservationPaid ? (
        <>
          <Muted>La reserva de este proyecto se coordina directamente con la sala de ventas.</Muted>
          <Button onClick={onContactSales}>Contactar a ventas</Button>
        </>
      ) : (
        <>
          <Muted>
            Monto de reserva: <strong>{formatCLP(project.reservationPriceCLP)}</strong>, pagado en Webpay. Es reembolsable si la unidad no se confirma.
          </Muted>
          {!unit && <Muted>Seleccione una unidad para reservarla.</Muted>}
          {unit && !unit.available && !refusedHere && (
            <Alert kind="warning">
              <p>
                La unidad {unit.unitNumber} no está disponible ({unit.statusLabel.toLowerCase()}).
              </p>
              <Row $gap={2}>
                <Button onClick={onExploreUnits}>Explorar otras unidades</Button>
                {unit.canAlert && <Button onClick={onSetAlerts}>Avisarme si se libera</Button>}
              </Row>
            </Alert>
          )}
          {unit && (
            <Button variant="primary" block onClick={reserve} disabled={!unit.available} busy={busy} busyLabel="Reservando...">
              {authenticated ? `Reservar unidad ${unit.unitNumber}` : 'Inicie sesión para reservar'}
            </Button>
          )}
          {unit && (
            <div style={{ marginTop: '1rem' }}>
              <ReservationProgress unitId={unit.id} handlers={handlers} />
            </div>
          )}
          <ReservationConfirmDialog unitId={confirming} pricing={pricing} onConfirm={confirmed} onCancel={() => setConfirming(null)} onRefused={refused} />
        </>
      )}
    </Section>
  );
}
