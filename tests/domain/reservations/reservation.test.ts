import { buyOrderOf, refundDue, type PaymentOutcome, type ReservationEvent } from '../../../domain/reservations/reservation';
import { reservationDecider } from '../../../domain/reservations/reservation.decide';
import { DeciderSpecification, testMeta } from '../../support/decider-spec';
import { approvedPayment } from './fixtures';

const spec = DeciderSpecification(reservationDecider);
const AT = '2026-11-22T12:00:00.000Z';
const EXPIRES = '2026-11-22T12:15:00.000Z';
const buyer = testMeta({ actorId: 'b1', actorRoles: ['collaborator'] });
const later = (minutes: number) => testMeta({ actorId: 'system:hold-expiry', now: new Date(Date.parse(AT) + minutes * 60_000) });

const request = {
  reservationId: 'r1',
  unitId: 'u1',
  projectId: 'p1',
  projectName: 'Parque Ñuñoa',
  unitNumber: '604',
  buyerId: 'b1',
  buyerEmail: 'ana@empresa.cl',
  buyerName: 'Ana Pérez',
  amountCLP: 500_000,
};
const requested: ReservationEvent = { type: 'ReservationRequested', data: { ...request, requestedAt: AT } };
const held: ReservationEvent = { type: 'ReservationUnitHeld', data: { reservationId: 'r1', unitId: 'u1', holdExpiresAt: EXPIRES, heldAt: AT } };
const payment = {
  gateway: 'sandbox',
  token: 'tok-1',
  url: '/pay',
  buyOrder: buyOrderOf('r1'),
  sessionId: 'b1',
  amountCLP: 500_000,
  returnUrl: 'http://x/return',
};
const started: ReservationEvent = { type: 'ReservationPaymentStarted', data: { reservationId: 'r1', ...payment, startedAt: AT } };
const approved = approvedPayment('tok-1', { authorizationCode: '123456', transactionDate: AT });
const rejected: PaymentOutcome = { ...approved, approved: false, gatewayStatus: 'FAILED', responseCode: -1, authorizationCode: null, failure: 'rejected' };
const { approved: _a, failure: _f, ...confirmedData } = approved;
const paid: ReservationEvent = {
  type: 'ReservationPaymentConfirmed',
  data: { reservationId: 'r1', gateway: 'sandbox', buyOrder: payment.buyOrder, ...confirmedData, confirmedAt: AT },
};
const { approved: _r, ...failedData } = rejected;
const failed: ReservationEvent = {
  type: 'ReservationPaymentFailed',
  data: { reservationId: 'r1', gateway: 'sandbox', buyOrder: payment.buyOrder, ...failedData, failedAt: AT },
};
const expired: ReservationEvent = {
  type: 'ReservationExpired',
  data: { reservationId: 'r1', unitId: 'u1', holdExpiresAt: EXPIRES, expiredAt: '2026-11-22T12:16:00.000Z' },
};
const refund = { gateway: 'sandbox', token: 'tok-1', amountCLP: 500_000, refundType: 'REVERSED', responseCode: 0, authorizationCode: '123456' };

describe('Reservation decider', () => {
  it('requested, then the unit held, then the payment started', () => {
    spec
      .given([])
      .when({ type: 'RequestReservation', ...request }, buyer)
      .then([requested]);
    spec.given([requested]).when({ type: 'RecordUnitHeld', holdExpiresAt: EXPIRES }).then([held]);
    spec.given([requested, held]).when({ type: 'RecordUnitHeld', holdExpiresAt: EXPIRES }).thenNothingHappens();
    spec
      .given([requested, held])
      .when({ type: 'StartPayment', ...payment }, buyer)
      .then([started]);
    spec
      .given([requested, held, started])
      .when({ type: 'StartPayment', ...payment }, buyer)
      .thenNothingHappens();
  });

  it('a refused hold ends the reservation rejected with the unit code', () => {
    spec
      .given([requested])
      .when({ type: 'RejectReservation', code: 'UNIT_ALREADY_RESERVED' })
      .then([{ type: 'ReservationRejected', data: { reservationId: 'r1', unitId: 'u1', code: 'UNIT_ALREADY_RESERVED', rejectedAt: AT } }]);
  });

  it('no payment without a live hold, and only for the reservation amount', () => {
    spec
      .given([requested])
      .when({ type: 'StartPayment', ...payment })
      .thenThrows('BUSINESS_RULE_VIOLATION');
    spec
      .given([requested, held])
      .when({ type: 'StartPayment', ...payment }, later(20))
      .thenThrows('BUSINESS_RULE_VIOLATION');
    spec
      .given([requested, held])
      .when({ type: 'StartPayment', ...payment, amountCLP: 1 })
      .thenThrows('BUSINESS_RULE_VIOLATION');
  });

  it('records the gateway outcome once per transaction: a repeated callback changes nothing', () => {
    spec
      .given([requested, held, started])
      .when({ type: 'RecordPaymentResult', ...approved })
      .then([paid]);
    spec
      .given([requested, held, started, paid])
      .when({ type: 'RecordPaymentResult', ...approved })
      .thenNothingHappens();
    spec
      .given([requested, held, started, paid])
      .when({ type: 'RecordPaymentResult', ...rejected })
      .thenNothingHappens();
    spec
      .given([requested, held, started])
      .when({ type: 'RecordPaymentResult', ...rejected })
      .then([failed]);
  });

  it("refuses another transaction's data", () => {
    spec
      .given([requested, held, started])
      .when({ type: 'RecordPaymentResult', ...approved, token: 'forged' })
      .thenThrows('BUSINESS_RULE_VIOLATION');
    spec
      .given([requested, held])
      .when({ type: 'RecordPaymentResult', ...approved })
      .thenThrows('BUSINESS_RULE_VIOLATION');
  });

  it('a confirmed payment confirms the reservation; a failed one releases it', () => {
    spec
      .given([requested, held, started, paid])
      .when({ type: 'ConfirmReservation' })
      .then([{ type: 'ReservationConfirmed', data: { reservationId: 'r1', unitId: 'u1', confirmedAt: AT } }]);
    spec.given([requested, held, started, failed]).when({ type: 'ConfirmReservation' }).thenThrows('BUSINESS_RULE_VIOLATION');
    spec
      .given([requested, held, started, failed])
      .when({ type: 'ReleaseAfterFailedPayment' })
      .then([{ type: 'ReservationReleased', data: { reservationId: 'r1', unitId: 'u1', reason: 'payment_failed', releasedAt: AT } }]);
  });

  it('a purchase the buyer voided at the gateway is not a failure: the reservation ends cancelled by the buyer', () => {
    const voided: PaymentOutcome = { ...rejected, gatewayStatus: 'ABORTED', responseCode: null, cardLast4: null, failure: 'aborted' };
    const { approved: _v, ...voidedData } = voided;
    const failedAborted: ReservationEvent = {
      type: 'ReservationPaymentFailed',
      data: { reservationId: 'r1', gateway: 'sandbox', buyOrder: payment.buyOrder, ...voidedData, failedAt: AT },
    };
    spec
      .given([requested, held, started])
      .when({ type: 'RecordPaymentResult', ...voided }, testMeta({ actorId: 'anonymous' }))
      .then([
        failedAborted,
        { type: 'ReservationCancelled', data: { reservationId: 'r1', unitId: 'u1', reason: 'buyer', cancelledBy: 'b1', cancelledAt: AT } },
      ]);
    // Voided after the hold had expired: the payment step is recorded, the reservation stays expired.
    spec
      .given([requested, held, started, expired])
      .when({ type: 'RecordPaymentResult', ...voided })
      .then([failedAborted]);
  });

  it('staff cancel anything under way, paid or confirmed, with their reason; an ended reservation is not cancellable', () => {
    const staff = testMeta({ actorId: 'admin-1' });
    const confirmed: ReservationEvent = { type: 'ReservationConfirmed', data: { reservationId: 'r1', unitId: 'u1', confirmedAt: AT } };
    const byStaff: ReservationEvent = {
      type: 'ReservationCancelled',
      data: { reservationId: 'r1', unitId: 'u1', reason: 'staff', note: 'Crédito rechazado', cancelledBy: 'admin-1', cancelledAt: AT },
    };
    for (const history of [
      [requested],
      [requested, held],
      [requested, held, started],
      [requested, held, started, paid],
      [requested, held, started, paid, confirmed],
    ])
      spec.given(history).when({ type: 'CancelByStaff', reason: 'Crédito rechazado' }, staff).then([byStaff]);
    spec
      .given([requested, held, started, paid, confirmed, byStaff])
      .when({ type: 'CancelByStaff', reason: 'Otra' }, staff)
      .thenThrows('RESERVATION_NOT_CANCELLABLE');
    spec.given([requested, held, expired]).when({ type: 'CancelByStaff', reason: 'Otra' }, staff).thenThrows('RESERVATION_NOT_CANCELLABLE');
    // Cancelled after payment, the refund is owed.
    expect(refundDue([requested, held, started, paid, confirmed, byStaff].reduce(reservationDecider.evolve, reservationDecider.initialState()))).toBe(true);
  });

  it('staff extend an unpaid hold from its end (or from now once past), with their reason; nothing else has a hold to extend', () => {
    const staff = testMeta({ actorId: 'admin-1' });
    spec
      .given([requested, held, started])
      .when({ type: 'ExtendHold', minutes: 30, reason: 'Espera al banco' }, staff)
      .then([
        {
          type: 'ReservationHoldExtended',
          data: {
            reservationId: 'r1',
            unitId: 'u1',
            previousHoldExpiresAt: EXPIRES,
            holdExpiresAt: '2026-11-22T12:45:00.000Z',
            extendedBy: 'admin-1',
            reason: 'Espera al banco',
            extendedAt: AT,
          },
        },
      ]);
    const past = later(20);
    expect(
      reservationDecider.decide(
        { type: 'ExtendHold', minutes: 30, reason: 'x' },
        [requested, held].reduce(reservationDecider.evolve, reservationDecider.initialState()),
        past,
      )[0].data,
    ).toMatchObject({
      holdExpiresAt: '2026-11-22T12:50:00.000Z',
    });
    spec.given([requested, held, started, paid]).when({ type: 'ExtendHold', minutes: 30, reason: 'x' }, staff).thenThrows('HOLD_NOT_EXTENDABLE');
    spec.given([requested, held, expired]).when({ type: 'ExtendHold', minutes: 30, reason: 'x' }, staff).thenThrows('HOLD_NOT_EXTENDABLE');
  });

  it('an unpaid hold expires only once its time is up', () => {
    spec.given([requested, held, started]).when({ type: 'ExpireReservation' }, later(10)).thenNothingHappens();
    spec.given([requested, held, started]).when({ type: 'ExpireReservation' }, later(16)).then([expired]);
    spec.given([requested, held, started, expired]).when({ type: 'ExpireReservation' }, later(30)).thenNothingHappens();
    spec.given([requested, held, started, paid]).when({ type: 'ExpireReservation' }, later(30)).thenNothingHappens();
  });

  it('a payment completed after the hold expired is recorded, and its refund is owed and recorded once', () => {
    const state = (events: ReservationEvent[]) => events.reduce(reservationDecider.evolve, reservationDecider.initialState());
    spec
      .given([requested, held, started, expired])
      .when({ type: 'RecordPaymentResult', ...approved })
      .then([paid]);
    expect(refundDue(state([requested, held, started, expired, paid]))).toBe(true);
    spec.given([requested, held, started, expired, paid]).when({ type: 'ConfirmReservation' }).thenThrows('BUSINESS_RULE_VIOLATION');
    const refunded: ReservationEvent = { type: 'ReservationRefundRecorded', data: { reservationId: 'r1', ...refund, refundedAt: AT } };
    spec
      .given([requested, held, started, expired, paid])
      .when({ type: 'RecordRefund', ...refund })
      .then([refunded]);
    spec
      .given([requested, held, started, expired, paid, refunded])
      .when({ type: 'RecordRefund', ...refund })
      .thenNothingHappens();
    expect(refundDue(state([requested, held, started, expired, paid, refunded]))).toBe(false);
    spec
      .given([requested, held, started, paid])
      .when({ type: 'RecordRefund', ...refund })
      .thenThrows('BUSINESS_RULE_VIOLATION');
  });

  it('staff record a refund made with the gateway only while one is owed, and once (REFUND_NOT_DUE otherwise)', () => {
    const staff = testMeta({ actorId: 'admin-1', actorRoles: ['admin'] });
    const manual = { gatewayReference: 'TBK-ANUL-778812', reason: 'Reembolso por transferencia' };
    const recorded: ReservationEvent = {
      type: 'ReservationRefundRecorded',
      data: {
        reservationId: 'r1',
        gateway: 'sandbox',
        token: 'tok-1',
        amountCLP: 500_000,
        refundType: 'MANUAL',
        responseCode: null,
        authorizationCode: null,
        ...manual,
        refundedAt: AT,
      },
    };
    spec
      .given([requested, held, started, expired, paid])
      .when({ type: 'RecordStaffRefund', ...manual }, staff)
      .then([recorded]);
    spec
      .given([requested, held, started, expired, paid, recorded])
      .when({ type: 'RecordStaffRefund', ...manual }, staff)
      .thenThrows('REFUND_NOT_DUE');
    const confirmed: ReservationEvent = { type: 'ReservationConfirmed', data: { reservationId: 'r1', unitId: 'u1', confirmedAt: AT } };
    spec
      .given([requested, held, started, paid, confirmed])
      .when({ type: 'RecordStaffRefund', ...manual }, staff)
      .thenThrows('REFUND_NOT_DUE');
    spec
      .given([requested, held, started, expired])
      .when({ type: 'RecordStaffRefund', ...manual }, staff)
      .thenThrows('REFUND_NOT_DUE');
    spec
      .given([])
      .when({ type: 'RecordStaffRefund', ...manual }, staff)
      .thenThrows('NOT_FOUND');
  });

  it('a paid reservation whose hold was lost is cancelled and owes its refund', () => {
    spec
      .given([requested, held, started, paid])
      .when({ type: 'CancelReservation', reason: 'hold_lost' }, testMeta({ actorId: 'system:reservations' }))
      .then([
        { type: 'ReservationCancelled', data: { reservationId: 'r1', unitId: 'u1', reason: 'hold_lost', cancelledBy: 'system:reservations', cancelledAt: AT } },
      ]);
  });

  it('only the buyer cancels an unpaid reservation, once', () => {
    const cancelled: ReservationEvent = {
      type: 'ReservationCancelled',
      data: { reservationId: 'r1', unitId: 'u1', reason: 'buyer', cancelledBy: 'b1', cancelledAt: AT },
    };
    spec.given([requested, held, started]).when({ type: 'CancelReservation', reason: 'buyer' }, buyer).then([cancelled]);
    spec
      .given([requested, held, started])
      .when({ type: 'CancelReservation', reason: 'buyer' }, testMeta({ actorId: 'someone-else' }))
      .thenThrows('INSUFFICIENT_PERMISSIONS');
    spec.given([requested, held, started, cancelled]).when({ type: 'CancelReservation', reason: 'buyer' }, buyer).thenNothingHappens();
    spec.given([requested, held, started, paid]).when({ type: 'CancelReservation', reason: 'buyer' }, buyer).thenThrows('BUSINESS_RULE_VIOLATION');
  });

  it('a reservation a crash stopped before its payment is cancelled as interrupted; one whose payment opened is left alone', () => {
    const system = testMeta({ actorId: 'system', now: new Date(AT) });
    const interrupted: ReservationEvent = {
      type: 'ReservationCancelled',
      data: { reservationId: 'r1', unitId: 'u1', reason: 'interrupted', cancelledBy: 'system', cancelledAt: AT },
    };
    spec.given([requested]).when({ type: 'CancelReservation', reason: 'interrupted' }, system).then([interrupted]);
    spec.given([requested, held]).when({ type: 'CancelReservation', reason: 'interrupted' }, system).then([interrupted]);
    spec.given([requested, held, started]).when({ type: 'CancelReservation', reason: 'interrupted' }, system).thenNothingHappens();
    spec.given([requested, held, started, paid]).when({ type: 'CancelReservation', reason: 'interrupted' }, system).thenNothingHappens();
  });

  it('records the receipt mail once, and only for a confirmed reservation', () => {
    const confirmed: ReservationEvent = { type: 'ReservationConfirmed', data: { reservationId: 'r1', unitId: 'u1', confirmedAt: AT } };
    const sent: ReservationEvent = {
      type: 'ReservationReceiptSent',
      data: { reservationId: 'r1', buyerId: request.buyerId, to: 'ana@empresa.cl', sentAt: AT },
    };
    spec.given([requested, held, started, paid, confirmed]).when({ type: 'RecordReceiptSent', to: 'ana@empresa.cl' }).then([sent]);
    spec.given([requested, held, started, paid, confirmed, sent]).when({ type: 'RecordReceiptSent', to: 'ana@empresa.cl' }).thenNothingHappens();
    spec.given([requested, held, started, paid]).when({ type: 'RecordReceiptSent', to: 'ana@empresa.cl' }).thenThrows('BUSINESS_RULE_VIOLATION');
  });

  it("Webpay's buy order fits its 26 characters", () => {
    expect(buyOrderOf('8f14e45f-ceea-467f-a0e6-3f1c9c3e1b2d')).toBe('R8f14e45fceea467fa0e63f1c9');
    expect(buyOrderOf('8f14e45f-ceea-467f-a0e6-3f1c9c3e1b2d')).toHaveLength(26);
  });
});
