import { eventTypesOf, type DomainEvent } from '../shared/event';

/**
 * Reservation aggregate (stream `reservation-<id>`): a buyer's reservation of one unit and its payment.
 *
 *   requested -> held (the unit's hold won) | rejected (another buyer holds it)
 *   held -> payment_started -> payment_confirmed -> confirmed (the unit is reserved)
 *                           -> payment_failed -> released (the hold is given back)
 *   held | payment_started -> expired (unpaid hold timed out) | cancelled (by the buyer)
 *   payment_confirmed -> cancelled (the hold was lost meanwhile)
 *   requested | held | payment_started | payment_confirmed | confirmed -> cancelled (by staff, with a reason: the
 *     bank refused the credit, the buyer withdrew); its refund, when owed, is then staff's decision, not automatic
 *   held | payment_started: staff may extend the hold (with a reason)
 *
 * A payment that was taken but whose reservation is not confirmed is owed back: its refund is recorded
 * (spec §9). Every step keeps who, when and the gateway's transaction data, for the payment audit.
 */
export const RESERVATION_STATUSES = [
  'requested',
  'held',
  'rejected',
  'payment_started',
  'payment_confirmed',
  'payment_failed',
  'confirmed',
  'released',
  'expired',
  'cancelled',
] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/** What staff may still cancel: anything under way, paid or confirmed (an ended reservation has nothing to cancel). */
export const STAFF_CANCELLABLE_STATUSES: readonly ReservationStatus[] = ['requested', 'held', 'payment_started', 'payment_confirmed', 'confirmed'];
/** Unpaid holds, whose time staff may extend. */
export const EXTENDABLE_HOLD_STATUSES: readonly ReservationStatus[] = ['held', 'payment_started'];

/** A payment's outcome as far as it is known: none yet, started, or the gateway's answer. */
export const PAYMENT_OUTCOMES = ['pending', 'confirmed', 'failed'] as const;
export type PaymentOutcomeStatus = (typeof PAYMENT_OUTCOMES)[number];

export type ReservationRequest = {
  reservationId: string;
  unitId: string;
  projectId: string;
  projectName: string;
  unitNumber: string;
  buyerId: string;
  buyerEmail: string;
  buyerName: string;
  /** Reservation amount in whole CLP. */
  amountCLP: number;
};

export type PaymentStart = {
  gateway: string;
  /** The gateway's transaction id (Webpay token). */
  token: string;
  url: string;
  buyOrder: string;
  sessionId: string;
  amountCLP: number;
  returnUrl: string;
};

/** What the gateway answered when the transaction was committed (or why it could not be). */
export type PaymentOutcome = {
  token: string;
  approved: boolean;
  gatewayStatus: string;
  responseCode: number | null;
  authorizationCode: string | null;
  cardLast4: string | null;
  paymentTypeCode: string | null;
  installments: number | null;
  transactionDate: string | null;
  amountCLP: number | null;
  /** Why a payment failed: the bank refused, the buyer aborted, the gateway timed out or erred. */
  failure: 'rejected' | 'aborted' | 'timeout' | 'error' | null;
};

export type CancellationReason = 'buyer' | 'hold_lost' | 'gateway_error' | 'staff' | 'interrupted';

export type Refund = {
  gateway: string;
  token: string;
  amountCLP: number;
  refundType: string;
  responseCode: number | null;
  authorizationCode: string | null;
};

type Of = { reservationId: string };

/** Why a reservation was refused before its unit was held. */
export type RejectionCode = 'UNIT_ALREADY_RESERVED' | 'PROPERTY_NOT_AVAILABLE' | 'RESERVATION_LIMIT_REACHED';

export type ReservationEvent =
  | DomainEvent<'ReservationRequested', ReservationRequest & { requestedAt: string }>
  /**
   * `companyContributionApplies`: whether the buyer's employer contribution goes to this reservation (a benefit per
   * person, carried by one of their reservations: domain/reservations/buyer-reservations.ts); absent before the rule.
   */
  | DomainEvent<'ReservationUnitHeld', Of & { unitId: string; holdExpiresAt: string; heldAt: string; companyContributionApplies?: boolean }>
  | DomainEvent<'ReservationRejected', Of & { unitId: string; code: RejectionCode; rejectedAt: string }>
  | DomainEvent<'ReservationPaymentStarted', Of & PaymentStart & { startedAt: string }>
  | DomainEvent<'ReservationPaymentConfirmed', Of & Omit<PaymentOutcome, 'approved' | 'failure'> & { gateway: string; buyOrder: string; confirmedAt: string }>
  | DomainEvent<'ReservationPaymentFailed', Of & Omit<PaymentOutcome, 'approved'> & { gateway: string; buyOrder: string; failedAt: string }>
  | DomainEvent<'ReservationConfirmed', Of & { unitId: string; confirmedAt: string }>
  | DomainEvent<'ReservationReleased', Of & { unitId: string; reason: 'payment_failed'; releasedAt: string }>
  | DomainEvent<'ReservationExpired', Of & { unitId: string; holdExpiresAt: string; expiredAt: string }>
  /** `note`: what staff wrote when they cancelled (reason 'staff'). */
  | DomainEvent<'ReservationCancelled', Of & { unitId: string; reason: CancellationReason; note?: string; cancelledBy: string; cancelledAt: string }>
  /** Staff gave the buyer more time to pay; `reason` is what they wrote. */
  | DomainEvent<
      'ReservationHoldExtended',
      Of & { unitId: string; previousHoldExpiresAt: string; holdExpiresAt: string; extendedBy: string; reason: string; extendedAt: string }
    >
  /** By the gateway (the process manager), or by staff who refunded outside it: then with the gateway's reference and why. */
  | DomainEvent<'ReservationRefundRecorded', Of & Refund & { gatewayReference?: string; reason?: string; refundedAt: string }>
  | DomainEvent<'ReservationReceiptSent', Of & { buyerId?: string; to: string; sentAt: string }>;

export interface ReservationData {
  readonly request: ReservationRequest;
  readonly holdExpiresAt: string | null;
  readonly payment: (PaymentStart & { outcome: 'pending' | 'confirmed' | 'failed' }) | null;
  readonly refunded: boolean;
  readonly rejection: RejectionCode | null;
  readonly receiptSent: boolean;
  /** Why it was cancelled, once it was. */
  readonly cancellation: CancellationReason | null;
}

export type ReservationState = { status: 'none' } | ({ status: ReservationStatus } & ReservationData);
export type ExistingReservation = Exclude<ReservationState, { status: 'none' }>;

export const initialReservationState = (): ReservationState => ({ status: 'none' });

export const evolveReservation = (state: ReservationState, event: ReservationEvent): ReservationState => {
  if (event.type === 'ReservationRequested') {
    const { requestedAt: _at, ...request } = event.data;
    return { status: 'requested', request, holdExpiresAt: null, payment: null, refunded: false, rejection: null, receiptSent: false, cancellation: null };
  }
  if (state.status === 'none') return state;
  const next = { ...state, status: reservationStatusAfter(state.status, event.type) };
  switch (event.type) {
    case 'ReservationUnitHeld':
    case 'ReservationHoldExtended':
      return { ...next, holdExpiresAt: event.data.holdExpiresAt };
    case 'ReservationCancelled':
      return { ...next, cancellation: event.data.reason };
    case 'ReservationRejected':
      return { ...next, rejection: event.data.code };
    case 'ReservationPaymentStarted': {
      const { reservationId: _r, startedAt: _at, ...start } = event.data;
      return { ...next, payment: { outcome: 'pending', ...start } };
    }
    case 'ReservationPaymentConfirmed':
      return { ...next, payment: state.payment && { ...state.payment, outcome: 'confirmed' } };
    case 'ReservationPaymentFailed':
      return { ...next, payment: state.payment && { ...state.payment, outcome: 'failed' } };
    case 'ReservationRefundRecorded':
      return { ...next, refunded: true };
    case 'ReservationReceiptSent':
      return { ...next, receiptSent: true };
    default:
      return next;
  }
};

/**
 * A reservation's status after one of its events: the rule evolve and the read models that keep a status share.
 * A payment's outcome moves only a reservation still waiting for it: one completed after the reservation expired
 * or was cancelled leaves that status as it was.
 */
export const reservationStatusAfter = (status: ReservationStatus, type: ReservationEvent['type']): ReservationStatus => {
  switch (type) {
    case 'ReservationRequested':
      return 'requested';
    case 'ReservationUnitHeld':
      return 'held';
    case 'ReservationRejected':
      return 'rejected';
    case 'ReservationPaymentStarted':
      return 'payment_started';
    case 'ReservationPaymentConfirmed':
      return status === 'payment_started' ? 'payment_confirmed' : status;
    case 'ReservationPaymentFailed':
      return status === 'payment_started' ? 'payment_failed' : status;
    case 'ReservationConfirmed':
      return 'confirmed';
    case 'ReservationReleased':
      return 'released';
    case 'ReservationExpired':
      return 'expired';
    case 'ReservationCancelled':
      return 'cancelled';
    case 'ReservationRefundRecorded':
    case 'ReservationReceiptSent':
    case 'ReservationHoldExtended':
      return status;
  }
};

/** Every event type of a reservation's stream. */
export const RESERVATION_EVENT_TYPES = eventTypesOf<ReservationEvent>({
  ReservationRequested: true,
  ReservationUnitHeld: true,
  ReservationRejected: true,
  ReservationPaymentStarted: true,
  ReservationPaymentConfirmed: true,
  ReservationPaymentFailed: true,
  ReservationConfirmed: true,
  ReservationReleased: true,
  ReservationExpired: true,
  ReservationCancelled: true,
  ReservationRefundRecorded: true,
  ReservationReceiptSent: true,
  ReservationHoldExtended: true,
});

/** Money was taken but the reservation did not end confirmed: it is owed back. */
export const refundDue = (state: ReservationState): boolean =>
  state.status !== 'none' && isRefundOwed(state.status, state.payment?.outcome ?? null, state.refunded);

/** The rule itself, on the fields a read model keeps too: a confirmed payment, an expired or cancelled reservation, no refund yet. */
export const isRefundOwed = (status: ReservationStatus, outcome: PaymentOutcomeStatus | null, refunded: boolean): boolean =>
  outcome === 'confirmed' && (status === 'expired' || status === 'cancelled') && !refunded;

export const reservationStream = (reservationId: string): string => `reservation-${reservationId}`;

/** Webpay's buy order has at most 26 characters: "R" and the first 25 hex digits of the reservation id. */
export const buyOrderOf = (reservationId: string): string => `R${reservationId.replace(/-/g, '').slice(0, 25)}`;
