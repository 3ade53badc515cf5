import { DomainError } from '../shared/errors';
import type { CommandMetadata, Decider } from '../shared/event';
import {
  STAFF_CANCELLABLE_STATUSES,
  evolveReservation,
  initialReservationState,
  refundDue,
  type CancellationReason,
  type ExistingReservation,
  type PaymentOutcome,
  type PaymentStart,
  type Refund,
  type RejectionCode,
  type ReservationEvent,
  type ReservationRequest,
  type ReservationState,
  type ReservationStatus,
} from './reservation';

export type ReservationCommand =
  | ({ type: 'RequestReservation' } & ReservationRequest)
  | { type: 'RecordUnitHeld'; holdExpiresAt: string; companyContributionApplies?: boolean }
  | { type: 'RejectReservation'; code: RejectionCode }
  | ({ type: 'StartPayment' } & PaymentStart)
  | ({ type: 'RecordPaymentResult' } & PaymentOutcome)
  | { type: 'ConfirmReservation' }
  | { type: 'ReleaseAfterFailedPayment' }
  | { type: 'ExpireReservation' }
  | { type: 'CancelReservation'; reason: CancellationReason }
  /** The gateway's reversal, by the process manager, or asked for by staff (then with their reason). */
  | ({ type: 'RecordRefund'; reason?: string } & Refund)
  /** Staff cancel a reservation that is under way or confirmed, saying why; the unit is released. */
  | { type: 'CancelByStaff'; reason: string }
  /** Staff give the buyer more time to pay an unpaid hold. */
  | { type: 'ExtendHold'; minutes: number; reason: string }
  /** Staff refunded the payment themselves (spec §9): recorded once, only while a refund is owed. */
  | { type: 'RecordStaffRefund'; gatewayReference: string; reason: string }
  /** The confirmation mail went out: recorded so that a replay of the events never sends it again. */
  | { type: 'RecordReceiptSent'; to: string };

const STAFF_CANCELLABLE: ReadonlySet<ReservationStatus> = new Set(STAFF_CANCELLABLE_STATUSES);

const existing = (state: ReservationState): ExistingReservation => {
  if (state.status === 'none') throw new DomainError('NOT_FOUND', 'reservation');
  return state;
};

const refuse = (detail: string): never => {
  throw new DomainError('BUSINESS_RULE_VIOLATION', detail);
};

const decide = (command: ReservationCommand, state: ReservationState, meta: CommandMetadata): ReservationEvent[] => {
  const at = meta.now.toISOString();
  switch (command.type) {
    case 'RequestReservation': {
      if (state.status !== 'none') return [];
      const { type: _t, ...request } = command;
      if (!(Number.isInteger(request.amountCLP) && request.amountCLP > 0)) throw new DomainError('PRICE_OUT_OF_RANGE', 'reservation amount');
      return [{ type: 'ReservationRequested', data: { requestedAt: at, ...request } }];
    }
    case 'RecordUnitHeld': {
      const r = existing(state);
      if (r.status !== 'requested') return []; // recorded already (the request and the process manager both try)
      return [
        {
          type: 'ReservationUnitHeld',
          data: {
            reservationId: r.request.reservationId,
            unitId: r.request.unitId,
            holdExpiresAt: command.holdExpiresAt,
            heldAt: at,
            ...(command.companyContributionApplies === undefined ? {} : { companyContributionApplies: command.companyContributionApplies }),
          },
        },
      ];
    }
    case 'RejectReservation': {
      const r = existing(state);
      if (r.status !== 'requested') return [];
      return [{ type: 'ReservationRejected', data: { reservationId: r.request.reservationId, unitId: r.request.unitId, code: command.code, rejectedAt: at } }];
    }
    case 'StartPayment': {
      const r = existing(state);
      if (r.status === 'payment_started' && r.payment?.token === command.token) return [];
      if (r.status !== 'held') refuse(`cannot start a payment when ${r.status}`);
      if (r.holdExpiresAt !== null && meta.now.getTime() >= new Date(r.holdExpiresAt).getTime()) refuse('hold expired');
      if (command.amountCLP !== r.request.amountCLP) refuse('amount differs from the reservation amount');
      const { type: _t, ...start } = command;
      return [{ type: 'ReservationPaymentStarted', data: { reservationId: r.request.reservationId, ...start, startedAt: at } }];
    }
    case 'RecordPaymentResult': {
      const r = existing(state);
      if (!r.payment) refuse('no payment was started');
      const payment = r.payment!;
      if (payment.token !== command.token) refuse("the transaction is not this reservation's");
      // A gateway calls back as often as it likes: the outcome of a transaction is recorded once.
      if (payment.outcome !== 'pending') return [];
      const { type: _t, approved, failure, ...outcome } = command;
      const common = { reservationId: r.request.reservationId, gateway: payment.gateway, buyOrder: payment.buyOrder };
      if (approved) return [{ type: 'ReservationPaymentConfirmed', data: { ...common, ...outcome, confirmedAt: at } }];
      const failedPayment: ReservationEvent = {
        type: 'ReservationPaymentFailed',
        data: { ...common, ...outcome, failure: failure ?? 'rejected', failedAt: at },
      };
      // The buyer voided the purchase at the gateway ("Anular compra"): nothing failed, the buyer changed their
      // mind, so the reservation ends cancelled by them (the payment step keeps its 'aborted' for the ledger).
      if (failure !== 'aborted' || r.status !== 'payment_started') return [failedPayment];
      return [
        failedPayment,
        {
          type: 'ReservationCancelled',
          data: { reservationId: r.request.reservationId, unitId: r.request.unitId, reason: 'buyer', cancelledBy: r.request.buyerId, cancelledAt: at },
        },
      ];
    }
    case 'ConfirmReservation': {
      const r = existing(state);
      if (r.status === 'confirmed') return [];
      if (r.status !== 'payment_confirmed') refuse(`cannot confirm when ${r.status}`);
      return [{ type: 'ReservationConfirmed', data: { reservationId: r.request.reservationId, unitId: r.request.unitId, confirmedAt: at } }];
    }
    case 'ReleaseAfterFailedPayment': {
      const r = existing(state);
      if (r.status !== 'payment_failed') return [];
      return [
        { type: 'ReservationReleased', data: { reservationId: r.request.reservationId, unitId: r.request.unitId, reason: 'payment_failed', releasedAt: at } },
      ];
    }
    case 'ExpireReservation': {
      const r = existing(state);
      if (r.status !== 'held' && r.status !== 'payment_started') return [];
      if (r.holdExpiresAt === null || meta.now.getTime() < new Date(r.holdExpiresAt).getTime()) return []; // not due yet
      return [
        {
          type: 'ReservationExpired',
          data: { reservationId: r.request.reservationId, unitId: r.request.unitId, holdExpiresAt: r.holdExpiresAt, expiredAt: at },
        },
      ];
    }
    case 'CancelReservation': {
      const r = existing(state);
      if (command.reason === 'buyer' && meta.actorId !== r.request.buyerId) throw new DomainError('INSUFFICIENT_PERMISSIONS', 'not the buyer');
      // A request cut short before its payment: one whose payment opened after all is no longer interrupted.
      if (command.reason === 'interrupted' && r.status !== 'requested' && r.status !== 'held') return [];
      const cancellable =
        command.reason === 'hold_lost' ? r.status === 'payment_confirmed' : r.status === 'held' || r.status === 'payment_started' || r.status === 'requested';
      if (!cancellable) {
        if (['cancelled', 'expired', 'released', 'rejected'].includes(r.status)) return [];
        refuse(`cannot cancel when ${r.status}`);
      }
      return [
        {
          type: 'ReservationCancelled',
          data: { reservationId: r.request.reservationId, unitId: r.request.unitId, reason: command.reason, cancelledBy: meta.actorId, cancelledAt: at },
        },
      ];
    }
    case 'CancelByStaff': {
      const r = existing(state);
      if (!STAFF_CANCELLABLE.has(r.status)) throw new DomainError('RESERVATION_NOT_CANCELLABLE', `cannot cancel when ${r.status}`);
      return [
        {
          type: 'ReservationCancelled',
          data: {
            reservationId: r.request.reservationId,
            unitId: r.request.unitId,
            reason: 'staff',
            note: command.reason,
            cancelledBy: meta.actorId,
            cancelledAt: at,
          },
        },
      ];
    }
    case 'ExtendHold': {
      const r = existing(state);
      if ((r.status !== 'held' && r.status !== 'payment_started') || r.holdExpiresAt === null)
        throw new DomainError('HOLD_NOT_EXTENDABLE', `no unpaid hold when ${r.status}`);
      if (!(Number.isInteger(command.minutes) && command.minutes > 0)) throw new DomainError('VALIDATION_FAILED', 'minutes');
      // From the hold's end, or from now when its time is up but the timer has not expired it yet.
      const from = Math.max(new Date(r.holdExpiresAt).getTime(), meta.now.getTime());
      return [
        {
          type: 'ReservationHoldExtended',
          data: {
            reservationId: r.request.reservationId,
            unitId: r.request.unitId,
            previousHoldExpiresAt: r.holdExpiresAt,
            holdExpiresAt: new Date(from + command.minutes * 60_000).toISOString(),
            extendedBy: meta.actorId,
            reason: command.reason,
            extendedAt: at,
          },
        },
      ];
    }
    case 'RecordRefund': {
      const r = existing(state);
      if (r.refunded) return [];
      if (!refundDue(r)) refuse('nothing to refund');
      const { type: _t, ...refund } = command;
      return [{ type: 'ReservationRefundRecorded', data: { reservationId: r.request.reservationId, ...refund, refundedAt: at } }];
    }
    case 'RecordStaffRefund': {
      const r = existing(state);
      if (!refundDue(r)) throw new DomainError('REFUND_NOT_DUE', r.refunded ? 'already refunded' : `nothing to refund when ${r.status}`);
      const payment = r.payment!;
      return [
        {
          type: 'ReservationRefundRecorded',
          data: {
            reservationId: r.request.reservationId,
            gateway: payment.gateway,
            token: payment.token,
            amountCLP: payment.amountCLP,
            refundType: 'MANUAL',
            responseCode: null,
            authorizationCode: null,
            gatewayReference: command.gatewayReference,
            reason: command.reason,
            refundedAt: at,
          },
        },
      ];
    }
    case 'RecordReceiptSent': {
      const r = existing(state);
      if (r.receiptSent) return [];
      if (r.status !== 'confirmed') refuse('no receipt before the reservation is confirmed');
      return [{ type: 'ReservationReceiptSent', data: { reservationId: r.request.reservationId, buyerId: r.request.buyerId, to: command.to, sentAt: at } }];
    }
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown command ${(exhaustive as { type: string }).type}`);
    }
  }
};

export const reservationDecider: Decider<ReservationCommand, ReservationState, ReservationEvent> = {
  initialState: initialReservationState,
  evolve: evolveReservation,
  decide,
};
