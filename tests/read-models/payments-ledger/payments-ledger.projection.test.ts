import type { RecordedEvent } from '../../../kernel/ports/event-store';
import { listPaymentsLedger } from '../../../read-models/payments-ledger/payments-ledger.queries';
import { paymentsLedgerProjection } from '../../../read-models/payments-ledger/payments-ledger.projection';
import { reservationsProjection } from '../../../read-models/reservations/reservations.projection';
import { expectRedeliveryChangesNothing, projectionSpec, recordedEvent } from '../../support/projection-spec';

const buyOrder = 'R1234';
const payment = { gateway: 'sandbox', token: 'tok', url: '/pay', buyOrder, sessionId: 'b1', amountCLP: 500_000, returnUrl: 'http://x/return' };
const outcome = {
  responseCode: 0,
  authorizationCode: '123456',
  cardLast4: '6623',
  paymentTypeCode: 'VD',
  installments: 0,
  transactionDate: null,
  amountCLP: 500_000,
};

/** A reservation's events, as its stream records them (revisions from 0). */
const stream = (id: string, steps: [type: string, data: Record<string, unknown>, actorId?: string][]): RecordedEvent[] =>
  steps.map(([type, data, actorId], revision) =>
    recordedEvent(
      `reservation-${id}`,
      revision,
      type,
      { reservationId: id, ...data },
      { actorId: actorId ?? 'system:reservations', occurredAt: `2026-11-2${revision < 3 ? 2 : 3}T12:0${revision}:00.000Z` },
    ),
  );

const request = (projectName: string) => ({
  unitId: 'u1',
  projectId: `p-${projectName}`,
  projectName,
  unitNumber: '101',
  buyerId: 'b1',
  buyerEmail: 'ana@empresa.cl',
  buyerName: 'Ana Pérez',
  amountCLP: 500_000,
  requestedAt: 'x',
});

const paidAndConfirmed = stream('r1', [
  ['ReservationRequested', request('Parque Ñuñoa'), 'b1'],
  ['ReservationUnitHeld', { unitId: 'u1', holdExpiresAt: '2026-11-22T12:15:00.000Z', heldAt: 'x' }],
  ['ReservationPaymentStarted', { ...payment, startedAt: 'x' }, 'b1'],
  ['ReservationPaymentConfirmed', { gateway: 'sandbox', buyOrder, gatewayStatus: 'AUTHORIZED', ...outcome, token: 'tok', confirmedAt: 'x' }, 'b1'],
  ['ReservationConfirmed', { unitId: 'u1', confirmedAt: 'x' }],
]);
const paidTooLate = stream('r2', [
  ['ReservationRequested', request('Faro La Serena'), 'b1'],
  ['ReservationUnitHeld', { unitId: 'u1', holdExpiresAt: '2026-11-22T12:15:00.000Z', heldAt: 'x' }],
  ['ReservationPaymentStarted', { ...payment, startedAt: 'x' }, 'b1'],
  ['ReservationExpired', { unitId: 'u1', holdExpiresAt: 'x', expiredAt: 'x' }, 'system:hold-expiry'],
  ['ReservationPaymentConfirmed', { gateway: 'sandbox', buyOrder, gatewayStatus: 'AUTHORIZED', ...outcome, token: 'tok', confirmedAt: 'x' }, 'b1'],
  [
    'ReservationRefundRecorded',
    {
      gateway: 'sandbox',
      token: 'tok',
      amountCLP: 500_000,
      refundType: 'MANUAL',
      responseCode: null,
      authorizationCode: null,
      gatewayReference: 'ANUL-1',
      reason: 'r',
      refundedAt: 'x',
    },
    'admin-1',
  ],
]);
const rejected = stream('r3', [
  ['ReservationRequested', request('Parque Ñuñoa'), 'b1'],
  ['ReservationUnitHeld', { unitId: 'u1', holdExpiresAt: 'x', heldAt: 'x' }],
  ['ReservationPaymentStarted', { ...payment, startedAt: 'x' }, 'b1'],
  [
    'ReservationPaymentFailed',
    {
      gateway: 'sandbox',
      buyOrder,
      gatewayStatus: 'FAILED',
      ...outcome,
      responseCode: -1,
      authorizationCode: null,
      failure: 'rejected',
      token: 'tok',
      failedAt: 'x',
    },
    'b1',
  ],
  ['ReservationReleased', { unitId: 'u1', reason: 'payment_failed', releasedAt: 'x' }],
]);
const all = [...paidAndConfirmed, ...paidTooLate, ...rejected];
const PROJECTIONS = [reservationsProjection, paymentsLedgerProjection];
const given = (events: readonly RecordedEvent[]) => projectionSpec(PROJECTIONS).given(events);
const page = { page: 1, perPage: 50 };

describe('payments ledger projection', () => {
  it('writes one row per payment step, with the gateway’s codes, and the moment a refund became owed', async () => {
    const spec = await given(all);
    const ledger = await listPaymentsLedger(spec.store, { reservationId: 'r2', ...page });
    expect(ledger.items.map((r) => r.outcome)).toEqual(['refunded', 'refund_due', 'approved', 'expired', 'started']);
    expect(ledger.items[0]).toMatchObject({
      gatewayReference: 'ANUL-1',
      gatewayCode: 'MANUAL',
      actorId: 'admin-1',
      amountCLP: 500_000,
      event: 'Reembolso registrado',
      buyerName: 'Ana Pérez',
    });
    expect(ledger.items[2]).toMatchObject({ outcome: 'approved', gatewayReference: `${buyOrder} · autorización 123456`, gatewayCode: 'AUTHORIZED / 0' });
    const failed = await listPaymentsLedger(spec.store, { reservationId: 'r3', ...page });
    expect(failed.items.map((r) => [r.outcome, r.gatewayCode])).toEqual([
      ['rejected', 'FAILED / -1'],
      ['started', null],
    ]);
  });

  it('the same events delivered twice (and all again afterwards) give the same documents', async () => {
    await expectRedeliveryChangesNothing(PROJECTIONS, all);
  });

  it('filters by reservation, buyer, project, dates and outcome, paginated by the server', async () => {
    const spec = await given(all);
    expect((await listPaymentsLedger(spec.store, page)).total).toBe(3 + 5 + 2);
    expect((await listPaymentsLedger(spec.store, { project: 'faro', ...page })).total).toBe(5);
    expect((await listPaymentsLedger(spec.store, { buyer: 'ANA@empresa', ...page })).total).toBe(10);
    expect((await listPaymentsLedger(spec.store, { buyer: 'nadie', ...page })).total).toBe(0);
    expect((await listPaymentsLedger(spec.store, { outcome: 'confirmed', ...page })).items.map((r) => r.reservationId)).toEqual(['r1']);
    expect((await listPaymentsLedger(spec.store, { from: '2026-11-23', to: '2026-11-23', ...page })).items.every((r) => r.at.startsWith('2026-11-23'))).toBe(
      true,
    );
    const first = await listPaymentsLedger(spec.store, { page: 1, perPage: 5 });
    const second = await listPaymentsLedger(spec.store, { page: 2, perPage: 5 });
    expect(first.items).toHaveLength(5);
    expect(new Set([...first.items, ...second.items].map((r) => r.id)).size).toBe(10);
  });
});
