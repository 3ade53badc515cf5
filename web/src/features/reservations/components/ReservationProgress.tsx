import { formatCLP, formatDateTime } from '../../../shared/format/format';
import { useAppSelector } from '../../../shared/store/StoreProvider';
import { ErrorNotice, type ErrorActionHandlers } from '../../../shared/ui/ErrorNotice';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { Steps } from '../../../shared/ui/Steps';
import { FLOW_MESSAGES, flowSteps } from '../flow';
import { selectReservationFlow } from '../slice';

/** The session is over: the way on is to sign in again. */
const SIGNED_OUT = new Set(['SESSION_EXPIRED', 'TOKEN_INVALID']);

/**
 * The reservation flow of this tab for one unit: the steps with a progress bar while it runs, and the
 * refusal with its suggested actions when it stops.
 */
export function ReservationProgress({ unitId, handlers }: { unitId: string; handlers: ErrorActionHandlers }) {
  const flow = useAppSelector(selectReservationFlow);
  if (flow.step === 'idle' || flow.target?.unitId !== unitId) return null;
  return (
    <div>
      <Steps steps={flowSteps(flow.step)} label="Progreso de la reserva" />
      {flow.step !== 'failed' && (
        <Alert kind="info">
          <p>{FLOW_MESSAGES[flow.step]}</p>
          {flow.started && (
            <p>
              Monto de la reserva: {formatCLP(flow.started.amountCLP)}
              {flow.started.holdExpiresAt ? `. La unidad queda retenida hasta el ${formatDateTime(flow.started.holdExpiresAt)}.` : '.'}
            </p>
          )}
        </Alert>
      )}
      {flow.step === 'failed' && flow.error && (
        <ErrorNotice
          error={flow.error}
          handlers={handlers}
          extra={
            SIGNED_OUT.has(flow.error.code) && handlers['Iniciar sesión'] ? <Button onClick={handlers['Iniciar sesión']}>Iniciar sesión</Button> : undefined
          }
        />
      )}
    </div>
  );
}
