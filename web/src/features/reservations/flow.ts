import type { StepItem, StepState } from '../../shared/ui/step-item';
import type { PaymentFailure, ReservationStatus } from '../../../../contract/reservations';

/**
 * The reservation as the buyer lives it: request, unit held, payment at Webpay, confirmation. The flow
 * step (this tab) and the payment result say which of these are done, current or failed.
 */
export type FlowStep = 'idle' | 'requesting' | 'held' | 'redirecting' | 'failed';
/** `cancelled`: the buyer voided the purchase at Webpay ("Anular compra"), which is not a failed payment. */
export type PaymentOutcome = 'confirmed' | 'failed' | 'cancelled';

export const STEP_LABELS = ['Solicitud', 'Unidad retenida', 'Pago en Webpay', 'Confirmación'] as const;

const states = (...list: StepState[]): StepItem[] => STEP_LABELS.map((label, i) => ({ label, state: list[i] ?? 'pending' }));

export const flowSteps = (step: FlowStep): StepItem[] => {
  switch (step) {
    case 'idle':
      return states();
    case 'requesting':
      return states('current');
    // Held: the unit is ours for a while, and the next thing is paying at Webpay.
    case 'held':
    case 'redirecting':
      return states('done', 'done', 'current');
    case 'failed':
      return states('failed');
  }
};

/** Back from the gateway: confirmed is four done steps; a failed payment fails the payment step. */
export const resultSteps = (outcome: Exclude<PaymentOutcome, 'cancelled'>, status: ReservationStatus | null): StepItem[] => {
  if (outcome === 'confirmed') return states('done', 'done', 'done', status === 'confirmed' || status === null ? 'done' : 'current');
  return states('done', 'done', 'failed');
};

export const FLOW_MESSAGES: Readonly<Record<Exclude<FlowStep, 'idle' | 'failed'>, string>> = {
  requesting: 'Solicitando la reserva de la unidad...',
  held: 'La unidad quedó retenida a su nombre. Lo llevamos a Webpay para pagar la reserva...',
  redirecting: 'Abriendo Webpay...',
};

export { RESERVATION_STATUS_LABELS as STATUS_LABELS } from '../../../../contract/reservation-values';

export const statusTone = (status: ReservationStatus): 'success' | 'warning' | 'danger' | 'neutral' | 'info' =>
  status === 'confirmed'
    ? 'success'
    : status === 'payment_started' || status === 'held' || status === 'requested'
      ? 'warning'
      : status === 'payment_confirmed'
        ? 'info'
        : status === 'released' || status === 'expired' || status === 'cancelled'
          ? 'neutral'
          : 'danger';

export const FAILURE_REASONS: Readonly<Record<PaymentFailure, string>> = {
  rejected: 'El pago fue rechazado.',
  aborted: 'La compra fue anulada en Webpay.',
  timeout: 'Se agotó el tiempo para completar el pago.',
  error: 'No pudimos confirmar el pago con Webpay.',
};

/** Back from Webpay after "Anular compra": said as what it is, with no advice about cards or funds. */
export const PURCHASE_VOIDED_TITLE = 'Compra anulada';
export const PURCHASE_VOIDED_MESSAGE =
  'Usted anuló la compra en Webpay: no se hizo ningún cargo y la reserva quedó anulada. La unidad está disponible nuevamente.';

export const RESERVATION_CANCELLED_MESSAGE = 'Reserva anulada. La unidad quedó disponible nuevamente.';
