import { reservationStream } from '../../domain/reservations/reservation';
import { reservationDecider } from '../../domain/reservations/reservation.decide';
import { dueHolds, heldWithoutPayment, owedRefunds } from '../../read-models/reservations/reservations.queries';
import { handleCommand } from '../../kernel/command-handling/handle-command';
import type { Clock } from '../../kernel/ports/clock';
import type { EventStore } from '../../kernel/ports/event-store';
import type { ReadStore } from '../../kernel/ports/read-store';
import type { ReservationProcess } from './reservation-process';
import { every, type PeriodicJob } from '../scheduling/periodic-job';

/**
 * The timer of the reservation process: unpaid holds whose time is up expire (the process then gives
 * the unit back), and refunds the gateway could not make before are tried again. The read model only
 * proposes candidates; each reservation's stream decides (an expiry that is not due, or already
 * happened, is a no-op), so running it twice or on two servers at once is harmless.
 */
export class HoldExpiry {
  private job: PeriodicJob | null = null;

  constructor(
    private readonly events: EventStore,
    private readonly store: ReadStore,
    private readonly process: ReservationProcess,
    private readonly clock: Clock,
    private readonly log: (message: string, error?: unknown) => void = () => undefined,
  ) {}

  async sweep(now: Date = this.clock.now()): Promise<{ expired: string[]; refunded: string[] }> {
    const expired: string[] = [];
    for (const reservationId of await dueHolds(this.store, now.toISOString())) {
      const meta = { now, actorId: 'system:hold-expiry', actorRoles: [], correlationId: `hold-expiry-${reservationId}` };
      const result = await handleCommand(this.events, reservationStream(reservationId), reservationDecider, { type: 'ExpireReservation' }, meta);
      await this.process.advance(reservationId, meta);
      if (result.events.length) expired.push(reservationId);
    }
    const refunded: string[] = [];
    for (const reservationId of await owedRefunds(this.store)) {
      const { state } = await this.process.advance(reservationId, { now, correlationId: `refund-retry-${reservationId}` });
      if (state.status !== 'none' && state.refunded) refunded.push(reservationId);
    }
    return { expired, refunded };
  }

  /**
   * Reservations a stop or crash caught between the hold and the payment (no payment link was ever given): the
   * buyer was answered an error or nothing, so the hold is released now rather than when it expires. Those requested
   * after `before` are left alone (another instance may be opening their payment).
   */
  async releaseInterrupted(before: Date, now: Date = this.clock.now()): Promise<string[]> {
    const released: string[] = [];
    for (const reservationId of await heldWithoutPayment(this.store, before.toISOString())) {
      const meta = { now, actorId: 'system:reservations', actorRoles: [], correlationId: `interrupted-${reservationId}` };
      const result = await handleCommand(
        this.events,
        reservationStream(reservationId),
        reservationDecider,
        { type: 'CancelReservation', reason: 'interrupted' },
        meta,
      );
      await this.process.advance(reservationId, meta);
      if (result.events.length) released.push(reservationId);
    }
    return released;
  }

  start(intervalMs: number): void {
    this.job = every(
      intervalMs,
      () => this.sweep(),
      (error) => this.log('hold expiry sweep failed', error),
    );
  }

  async stop(): Promise<void> {
    await this.job?.stop();
  }
}
