import { openDatabase } from '../../adapters/embedded/sqlite-database';
import { SqliteEventStore } from '../../adapters/embedded/sqlite-event-store';
import { SqliteReadStore } from '../../adapters/embedded/sqlite-read-store';
import { loadStream } from '../../kernel/command-handling/decided-state';
import { handleCommand } from '../../kernel/command-handling/handle-command';
import { ProjectionRunner } from '../../kernel/projections/projection-runner';
import { HoldExpiry } from '../../application/reservations/hold-expiry';
import { ReservationProcess } from '../../application/reservations/reservation-process';
import { unitStream } from '../../domain/catalog/unit';
import { unitDecider } from '../../domain/catalog/unit.decide';
import { buyOrderOf, reservationStream } from '../../domain/reservations/reservation';
import { reservationDecider, type ReservationCommand } from '../../domain/reservations/reservation.decide';
import type { CommandMetadata } from '../../domain/shared/event';
import { reservationsProjection } from '../../read-models/reservations/reservations.projection';
import { unitSpec } from '../domain/catalog/fixtures';
import { approvedPayment } from '../domain/reservations/fixtures';
import { FakeClock, FakePaymentGateway } from '../support/application-fakes';

/**
 * The timer of the reservation process: the reservations read model proposes due holds and owed refunds,
 * each reservation's stream decides. Time is the Clock port's: the spec advances it, it never sleeps.
 */
const HOLD_MINUTES = 15;

const setup = async () => {
  const events = SqliteEventStore.open(':memory:');
  const readStore = new SqliteReadStore(openDatabase(':memory:'));
  const clock = new FakeClock(new Date('2026-11-22T12:00:00.000Z'));
  const gateway = new FakePaymentGateway();
  // One buyer holds both units here: the limit of active reservations per buyer is raised to two.
  const process = new ReservationProcess(events, gateway, clock, HOLD_MINUTES, { activeReservationsLimit: async () => 2 });
  const expiry = new HoldExpiry(events, readStore, process, clock);
  const runner = new ProjectionRunner(events, readStore, [reservationsProjection]);
  await runner.start();
  const meta = (actorId: string): CommandMetadata => ({ now: clock.now(), actorId, actorRoles: [], correlationId: `corr-${actorId}` });
  for (const unitId of ['u1', 'u2']) {
    await handleCommand(
      events,
      unitStream(unitId),
      unitDecider,
      { type: 'AddUnit', unitId, projectId: 'p1', spec: unitSpec({ unitNumber: unitId }) },
      meta('admin'),
    );
  }
  const onReservation = (reservationId: string, command: ReservationCommand) =>
    handleCommand(events, reservationStream(reservationId), reservationDecider, command, meta('buyer-1'));
  /** A reservation held at the clock's present time, optionally with its payment started. */
  const held = async (reservationId: string, unitId: string, options: { paymentStarted?: boolean } = {}) => {
    await onReservation(reservationId, {
      type: 'RequestReservation',
      reservationId,
      unitId,
      projectId: 'p1',
      projectName: 'Mirador',
      unitNumber: unitId,
      buyerId: 'buyer-1',
      buyerEmail: 'ana@correo.cl',
      buyerName: 'Ana Pérez',
      amountCLP: 500_000,
    });
    await process.advance(reservationId, { correlationId: 'c' });
    if (!options.paymentStarted) return null;
    const created = await gateway.create({ buyOrder: buyOrderOf(reservationId), sessionId: 'buyer-1', amount: 500_000, returnUrl: 'http://x' });
    await onReservation(reservationId, {
      type: 'StartPayment',
      gateway: gateway.name,
      token: created.token,
      url: created.url,
      buyOrder: buyOrderOf(reservationId),
      sessionId: 'buyer-1',
      amountCLP: 500_000,
      returnUrl: 'http://x',
    });
    return created.token;
  };
  /** The gateway approved the payment of `token`, and the reservation recorded it. */
  const paid = (reservationId: string, token: string) => onReservation(reservationId, { type: 'RecordPaymentResult', ...approvedPayment(token) });
  /** The read model has seen everything written so far (awaited, not slept for). */
  const caughtUp = async () => expect(await runner.waitFor(await events.headPosition(), 5_000)).toBe(true);
  const unitStatus = async (unitId: string) => (await loadStream(events, unitStream(unitId), unitDecider)).state.status;
  return { events, clock, gateway, process, expiry, runner, onReservation, held, paid, caughtUp, unitStatus };
};

type Setup = Awaited<ReturnType<typeof setup>>;

describe('the hold-expiry sweep', () => {
  let t: Setup;
  beforeEach(async () => {
    t = await setup();
  });
  afterEach(async () => {
    await t.runner.stop();
    await t.events.close();
  });

  it('expires nothing before the hold is up, then expires it and gives the unit back', async () => {
    await t.held('r1', 'u1');
    await t.caughtUp();
    t.clock.advanceMinutes(HOLD_MINUTES - 1);
    expect(await t.expiry.sweep()).toEqual({ expired: [], refunded: [] });
    expect(await t.unitStatus('u1')).toBe('in_process');

    t.clock.advanceMinutes(1);
    expect(await t.expiry.sweep()).toEqual({ expired: ['r1'], refunded: [] });
    expect((await t.process.load('r1')).status).toBe('expired');
    expect(await t.unitStatus('u1')).toBe('not_reserved');
  });

  it('expires only the holds that are due, including one whose payment was started but never answered', async () => {
    await t.held('r1', 'u1', { paymentStarted: true });
    t.clock.advanceMinutes(10);
    await t.held('r2', 'u2');
    await t.caughtUp();
    t.clock.advanceMinutes(6);
    expect((await t.expiry.sweep()).expired).toEqual(['r1']);
    expect(await t.unitStatus('u1')).toBe('not_reserved');
    expect(await t.unitStatus('u2')).toBe('in_process');
  });

  it('is harmless to run twice, or while the read model still lists the expired hold', async () => {
    await t.held('r1', 'u1');
    await t.caughtUp();
    t.clock.advanceMinutes(HOLD_MINUTES);
    const [first, second] = await Promise.all([t.expiry.sweep(), t.expiry.sweep()]);
    expect([...first.expired, ...second.expired]).toEqual(['r1']);
    expect(await t.expiry.sweep()).toEqual({ expired: [], refunded: [] });
    expect((await t.events.readStream(reservationStream('r1'))).filter((e) => e.type === 'ReservationExpired')).toHaveLength(1);
  });

  it('never expires a reservation that was paid in time', async () => {
    const token = await t.held('r1', 'u1', { paymentStarted: true });
    await t.paid('r1', token!);
    await t.process.advance('r1', { correlationId: 'c' });
    await t.caughtUp();
    t.clock.advanceMinutes(HOLD_MINUTES * 4);
    expect(await t.expiry.sweep()).toEqual({ expired: [], refunded: [] });
    expect(await t.unitStatus('u1')).toBe('reserved');
  });

  it('tries an owed refund again until the gateway makes it', async () => {
    const token = await t.held('r1', 'u1', { paymentStarted: true });
    // The buyer paid, but the unit went to another buyer in between: the payment is owed back.
    const system: CommandMetadata = { now: t.clock.now(), actorId: 'system', actorRoles: [], correlationId: 'c' };
    await handleCommand(t.events, unitStream('u1'), unitDecider, { type: 'ReleaseHold', reservationId: 'r1', reason: 'expired' }, system);
    await handleCommand(
      t.events,
      unitStream('u1'),
      unitDecider,
      { type: 'HoldForReservation', reservationId: 'r9', buyerId: 'b9', holdExpiresAt: '2026-11-22T14:00:00.000Z' },
      system,
    );
    await t.paid('r1', token!);
    t.gateway.refundsFail = true;
    await t.process.advance('r1', { correlationId: 'c' });
    await t.caughtUp();
    expect(await t.expiry.sweep()).toEqual({ expired: [], refunded: [] });

    t.gateway.refundsFail = false;
    t.clock.advanceMinutes(60);
    expect(await t.expiry.sweep()).toEqual({ expired: [], refunded: ['r1'] });
    expect(t.gateway.refunds).toEqual([{ token, amount: 500_000 }]);
    await t.caughtUp();
    expect(await t.expiry.sweep()).toEqual({ expired: [], refunded: [] });
  });
});
