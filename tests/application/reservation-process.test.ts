import { openDatabase } from '../../adapters/embedded/sqlite-database';
import { SqliteEventStore } from '../../adapters/embedded/sqlite-event-store';
import { SqliteReadStore } from '../../adapters/embedded/sqlite-read-store';
import { loadStream } from '../../kernel/command-handling/decided-state';
import { handleCommand } from '../../kernel/command-handling/handle-command';
import { ProjectionRunner } from '../../kernel/projections/projection-runner';
import { ReservationProcess } from '../../application/reservations/reservation-process';
import { unitStream } from '../../domain/catalog/unit';
import { unitDecider } from '../../domain/catalog/unit.decide';
import { buyOrderOf, reservationStream } from '../../domain/reservations/reservation';
import { reservationDecider, type ReservationCommand } from '../../domain/reservations/reservation.decide';
import type { CommandMetadata } from '../../domain/shared/event';
import { unitSpec } from '../domain/catalog/fixtures';
import { FakeClock, FakePaymentGateway } from '../support/application-fakes';

/**
 * The reservation's process manager on a real event store (SQLite in memory), the fake payment gateway and
 * a clock the spec moves: hold -> payment -> confirm, or reject / release / cancel with a refund. The
 * service's steps (request, start payment, record the gateway's outcome) are commands on the reservation's
 * stream; the process does the rest, from a direct call or from the events.
 */
const HOLD_MINUTES = 15;
const T0 = new Date('2026-11-22T12:00:00.000Z');

const setup = async () => {
  const events = SqliteEventStore.open(':memory:');
  const clock = new FakeClock(T0);
  const gateway = new FakePaymentGateway();
  const logged: string[] = [];
  /** The limit of active reservations per buyer in force (the back office's parameter; 1 unless a spec changes it). */
  const limits = { value: 1, activeReservationsLimit: async () => limits.value };
  const process = new ReservationProcess(events, gateway, clock, HOLD_MINUTES, limits, (message) => logged.push(message));
  const meta = (actorId = 'buyer-1'): CommandMetadata => ({ now: clock.now(), actorId, actorRoles: [], correlationId: `corr-${actorId}` });
  await handleCommand(events, unitStream('u1'), unitDecider, { type: 'AddUnit', unitId: 'u1', projectId: 'p1', spec: unitSpec() }, meta('admin'));
  await handleCommand(
    events,
    unitStream('u2'),
    unitDecider,
    { type: 'AddUnit', unitId: 'u2', projectId: 'p1', spec: unitSpec({ unitNumber: '605' }) },
    meta('admin'),
  );

  const onReservation = (reservationId: string, command: ReservationCommand, actorId = 'buyer-1') =>
    handleCommand(events, reservationStream(reservationId), reservationDecider, command, meta(actorId));
  const request = (reservationId: string, buyerId = 'buyer-1', unitId = 'u1') =>
    onReservation(
      reservationId,
      {
        type: 'RequestReservation',
        reservationId,
        unitId,
        projectId: 'p1',
        projectName: 'Mirador',
        unitNumber: '604',
        buyerId,
        buyerEmail: `${buyerId}@correo.cl`,
        buyerName: 'Ana Pérez',
        amountCLP: 500_000,
      },
      buyerId,
    );
  const startPayment = async (reservationId: string, buyerId = 'buyer-1') => {
    const created = await gateway.create({ buyOrder: buyOrderOf(reservationId), sessionId: buyerId, amount: 500_000, returnUrl: 'http://x/return' });
    await onReservation(
      reservationId,
      {
        type: 'StartPayment',
        gateway: gateway.name,
        token: created.token,
        url: created.url,
        buyOrder: buyOrderOf(reservationId),
        sessionId: buyerId,
        amountCLP: 500_000,
        returnUrl: 'http://x/return',
      },
      buyerId,
    );
    return created.token;
  };
  const recordPayment = async (reservationId: string, token: string) => {
    const commit = await gateway.commit(token);
    const approved = commit.status === 'AUTHORIZED';
    await onReservation(reservationId, {
      type: 'RecordPaymentResult',
      token,
      approved,
      gatewayStatus: commit.status,
      responseCode: commit.responseCode,
      authorizationCode: commit.authorizationCode,
      cardLast4: commit.cardLast4,
      paymentTypeCode: commit.paymentTypeCode,
      installments: commit.installments,
      transactionDate: commit.transactionDate,
      amountCLP: commit.amount,
      failure: approved ? null : 'rejected',
    });
  };
  /** The reservation loses its hold on u1, and another buyer's reservation r9 holds the unit. */
  const holdTakenByAnother = async (reservationId: string) => {
    const system: CommandMetadata = { now: clock.now(), actorId: 'system', actorRoles: [], correlationId: 'c' };
    await handleCommand(events, unitStream('u1'), unitDecider, { type: 'ReleaseHold', reservationId, reason: 'expired' }, system);
    await handleCommand(
      events,
      unitStream('u1'),
      unitDecider,
      { type: 'HoldForReservation', reservationId: 'r9', buyerId: 'buyer-9', holdExpiresAt: '2026-11-22T13:00:00.000Z' },
      system,
    );
  };
  const advance = (reservationId: string) => process.advance(reservationId, { correlationId: `advance-${reservationId}` });
  const unit = async () => (await loadStream(events, unitStream('u1'), unitDecider)).state;
  const typesOf = async (reservationId: string) => (await events.readStream(reservationStream(reservationId))).map((e) => e.type);
  const heldData = async (reservationId: string) =>
    (await events.readStream(reservationStream(reservationId))).find((e) => e.type === 'ReservationUnitHeld')?.data as Record<string, unknown>;
  return {
    events,
    clock,
    gateway,
    process,
    logged,
    limits,
    heldData,
    onReservation,
    request,
    startPayment,
    recordPayment,
    holdTakenByAnother,
    advance,
    unit,
    typesOf,
  };
};

type Setup = Awaited<ReturnType<typeof setup>>;

describe('the reservation process', () => {
  let t: Setup;
  beforeEach(async () => {
    t = await setup();
  });
  afterEach(async () => {
    await t.events.close();
  });

  it('holds the unit for the hold time read from the clock', async () => {
    await t.request('r1');
    const { state } = await t.advance('r1');
    expect(state).toMatchObject({ status: 'held', holdExpiresAt: '2026-11-22T12:15:00.000Z' });
    expect(await t.unit()).toMatchObject({ status: 'in_process', holder: { reservationId: 'r1', buyerId: 'buyer-1' } });
  });

  it('rejects a second buyer while the first one holds the unit', async () => {
    await t.request('r1');
    await t.advance('r1');
    await t.request('r2', 'buyer-2');
    const { state } = await t.advance('r2');
    expect(state).toMatchObject({ status: 'rejected', rejection: 'UNIT_ALREADY_RESERVED' });
    expect(await t.unit()).toMatchObject({ status: 'in_process', holder: { reservationId: 'r1' } });
  });

  it("refuses a buyer's second active reservation of another unit, without holding it; once the first ends the buyer may reserve again", async () => {
    await t.request('r1');
    await t.advance('r1');
    await t.request('r2', 'buyer-1', 'u2');
    const { state } = await t.advance('r2');
    expect(state).toMatchObject({ status: 'rejected', rejection: 'RESERVATION_LIMIT_REACHED' });
    expect((await loadStream(t.events, unitStream('u2'), unitDecider)).state.status).toBe('not_reserved');

    await t.onReservation('r1', { type: 'CancelReservation', reason: 'buyer' });
    await t.advance('r1');
    await t.request('r3', 'buyer-1', 'u2');
    expect((await t.advance('r3')).state).toMatchObject({ status: 'held' });
  });

  it("a lost hold gives the buyer's slot back at once", async () => {
    await t.request('r1');
    await t.advance('r1');
    await t.request('r2', 'buyer-2');
    expect((await t.advance('r2')).state).toMatchObject({ status: 'rejected', rejection: 'UNIT_ALREADY_RESERVED' });
    await t.request('r3', 'buyer-2', 'u2');
    expect((await t.advance('r3')).state).toMatchObject({ status: 'held' });
  });

  it("with a limit of two, the employer's contribution goes to one of the buyer's reservations only", async () => {
    t.limits.value = 2;
    await t.request('r1');
    await t.advance('r1');
    await t.request('r2', 'buyer-1', 'u2');
    expect((await t.advance('r2')).state).toMatchObject({ status: 'held' });
    expect(await t.heldData('r1')).toMatchObject({ companyContributionApplies: true });
    expect(await t.heldData('r2')).toMatchObject({ companyContributionApplies: false });
  });

  it('confirms a paid reservation and reserves the unit for its buyer', async () => {
    await t.request('r1');
    await t.advance('r1');
    const token = await t.startPayment('r1');
    t.clock.advanceMinutes(5);
    await t.recordPayment('r1', token);
    const { state } = await t.advance('r1');
    expect(state.status).toBe('confirmed');
    expect(await t.unit()).toMatchObject({ status: 'reserved', holder: { reservationId: 'r1' } });
    expect(await t.typesOf('r1')).toEqual([
      'ReservationRequested',
      'ReservationUnitHeld',
      'ReservationPaymentStarted',
      'ReservationPaymentConfirmed',
      'ReservationConfirmed',
    ]);
  });

  it('releases the unit when the payment fails, so another buyer may hold it', async () => {
    await t.request('r1');
    await t.advance('r1');
    const token = await t.startPayment('r1');
    t.gateway.rejected.add(token);
    await t.recordPayment('r1', token);
    expect((await t.advance('r1')).state.status).toBe('released');
    expect((await t.unit()).status).toBe('not_reserved');
    await t.request('r2', 'buyer-2');
    expect((await t.advance('r2')).state.status).toBe('held');
  });

  it('is idempotent: advancing a settled reservation again writes nothing', async () => {
    await t.request('r1');
    await t.advance('r1');
    const head = await t.events.headPosition();
    const again = await t.advance('r1');
    expect(again).toMatchObject({ position: 0, state: { status: 'held' } });
    expect(await t.events.headPosition()).toBe(head);
  });

  it('cancels a payment that arrived after the hold was lost, and refunds it once', async () => {
    await t.request('r1');
    await t.advance('r1');
    const token = await t.startPayment('r1');
    // The hold is lost (the unit went to another buyer) before the gateway's answer is recorded.
    await t.holdTakenByAnother('r1');
    await t.recordPayment('r1', token);
    const { state } = await t.advance('r1');
    expect(state).toMatchObject({ status: 'cancelled', refunded: true });
    expect(t.gateway.refunds).toEqual([{ token, amount: 500_000 }]);
    await t.advance('r1');
    expect(t.gateway.refunds).toHaveLength(1);
    expect(await t.unit()).toMatchObject({ status: 'in_process', holder: { reservationId: 'r9' } });
  });

  it('leaves a refund the gateway refused owed, for the sweep to try again', async () => {
    await t.request('r1');
    await t.advance('r1');
    const token = await t.startPayment('r1');
    await t.recordPayment('r1', token);
    // Confirm fails: another reservation took the unit in between.
    await t.holdTakenByAnother('r1');
    t.gateway.refundsFail = true;
    expect((await t.advance('r1')).state).toMatchObject({ status: 'cancelled', refunded: false });
    expect(t.logged).toEqual([expect.stringContaining('refund of reservation r1 failed')]);
    t.gateway.refundsFail = false;
    expect((await t.advance('r1')).state).toMatchObject({ status: 'cancelled', refunded: true });
  });

  describe('driven by its events (the read side runs it, at least once)', () => {
    const run = async (t: Setup, confirmed: string[] = []) => {
      const readStore = new SqliteReadStore(openDatabase(':memory:'));
      const handler = t.process.handler(async (reservationId) => {
        confirmed.push(reservationId);
      });
      const runner = new ProjectionRunner(t.events, readStore, [], undefined, [handler]);
      await runner.start();
      return { runner, handler, confirmed };
    };
    /** Waits until the runner has seen the head of the log and the log stopped growing. */
    const settle = async (runner: ProjectionRunner, events: SqliteEventStore) => {
      for (;;) {
        const head = await events.headPosition();
        expect(await runner.waitFor(head, 5_000)).toBe(true);
        if ((await events.headPosition()) === head) return;
      }
    };

    it('holds the unit from ReservationRequested, and confirms from the recorded payment, with nobody calling it', async () => {
      const { runner, confirmed } = await run(t);
      try {
        await t.request('r1');
        await settle(runner, t.events);
        expect((await t.unit()).status).toBe('in_process');
        const token = await t.startPayment('r1');
        await t.recordPayment('r1', token);
        await settle(runner, t.events);
        expect((await t.process.load('r1')).status).toBe('confirmed');
        expect(confirmed).toEqual(['r1']);
      } finally {
        await runner.stop();
      }
    });

    it('the same event delivered twice changes nothing the second time', async () => {
      await t.request('r1');
      const handler = t.process.handler(async () => undefined);
      const [requested] = await t.events.readStream(reservationStream('r1'));
      expect(requested.type).toBe('ReservationRequested');
      const delivered = requested as Parameters<typeof handler.handle>[0];
      await handler.handle(delivered);
      const head = await t.events.headPosition();
      await handler.handle(delivered);
      expect(await t.events.headPosition()).toBe(head);
      expect(await t.typesOf('r1')).toEqual(['ReservationRequested', 'ReservationUnitHeld']);
    });
  });
});
