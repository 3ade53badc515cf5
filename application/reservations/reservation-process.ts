import { unitStream } from '../../domain/catalog/unit';
import { unitDecider, type UnitCommand } from '../../domain/catalog/unit.decide';
import { refundDue, reservationStream, type ExistingReservation, type ReservationEvent, type ReservationState } from '../../domain/reservations/reservation';
import { reservationDecider, type ReservationCommand } from '../../domain/reservations/reservation.decide';
import { buyerReservationsStream, slotOf } from '../../domain/reservations/buyer-reservations';
import { buyerReservationsDecider, type BuyerReservationsCommand } from '../../domain/reservations/buyer-reservations.decide';
import { DomainError, isDomainError } from '../../domain/shared/errors';
import type { CommandMetadata } from '../../domain/shared/event';
import { loadStream } from '../../kernel/command-handling/decided-state';
import { handleCommand } from '../../kernel/command-handling/handle-command';
import type { Clock } from '../../kernel/ports/clock';
import type { EventStore } from '../../kernel/ports/event-store';
import type { PaymentGateway } from '../../kernel/ports/payment-gateway';
import type { EventHandler } from '../../kernel/projections/event-handler';

/** The limit of active reservations per buyer in force (a financial/system parameter of the back office). */
export interface ReservationLimits {
  activeReservationsLimit(): Promise<number>;
}

export interface ProcessResult {
  readonly state: ReservationState;
  /** Global position of the last event the process wrote (0 when it wrote nothing). */
  readonly position: number;
}

const SYSTEM = 'system:reservations';

/** The reservation events after which the process has a next step to take (or, once confirmed, a receipt to send). */
type ProcessDrivingEvent = Extract<
  ReservationEvent,
  {
    type:
      | 'ReservationRequested'
      | 'ReservationPaymentConfirmed'
      | 'ReservationPaymentFailed'
      | 'ReservationExpired'
      | 'ReservationCancelled'
      | 'ReservationConfirmed';
  }
>;

/**
 * The reservation's process manager: given a reservation's state, it performs the next step on the unit
 * and records the outcome, until nothing is left to do. Every step is idempotent (a hold by the same
 * reservation, a release by a non-holder and a recorded outcome are no-ops), so the request that started
 * a step, the subscription that follows the events and the expiry timer may all run it, in any order,
 * as often as they like: only the first one changes anything.
 */
export class ReservationProcess {
  constructor(
    private readonly events: EventStore,
    private readonly gateway: PaymentGateway,
    private readonly clock: Clock,
    private readonly holdMinutes: number,
    private readonly limits: ReservationLimits,
    private readonly log: (message: string, error?: unknown) => void = () => undefined,
  ) {}

  async load(reservationId: string): Promise<ReservationState> {
    return (await loadStream(this.events, reservationStream(reservationId), reservationDecider)).state;
  }

  async advance(reservationId: string, cause: Pick<CommandMetadata, 'correlationId'> & Partial<CommandMetadata>): Promise<ProcessResult> {
    let position = 0;
    for (let step = 0; step < 6; step++) {
      const state = await this.load(reservationId);
      if (state.status === 'none') return { state, position };
      const written = await this.step(state, this.meta(cause));
      position = Math.max(position, written);
      // Nothing written by this call: the state is settled, though another runner of the same step (the
      // request, the subscription, the timer) may have written it meanwhile, so read it again.
      if (written === 0) return { state: await this.load(reservationId), position };
    }
    return { state: await this.load(reservationId), position };
  }

  /** Performs one step; answers the position written on the reservation's stream, 0 if it did not change. */
  private async step(r: ExistingReservation, meta: CommandMetadata): Promise<number> {
    const { reservationId, unitId, buyerId } = r.request;
    switch (r.status) {
      case 'requested': {
        // The buyer's slot first (their own consistency boundary: one winner among simultaneous reservations
        // of different units), then the unit's hold; a lost hold gives the slot back.
        let carriesContribution: boolean;
        try {
          carriesContribution = await this.takeSlot(r, meta);
        } catch (error) {
          if (!(isDomainError(error) && error.code === 'RESERVATION_LIMIT_REACHED')) throw error;
          return this.onReservation(reservationId, { type: 'RejectReservation', code: 'RESERVATION_LIMIT_REACHED' }, meta);
        }
        const holdExpiresAt = new Date(meta.now.getTime() + this.holdMinutes * 60_000).toISOString();
        try {
          await this.onUnit(unitId, { type: 'HoldForReservation', reservationId, buyerId, holdExpiresAt }, meta);
        } catch (error) {
          const code = isDomainError(error) ? error.code : null;
          if (code !== 'UNIT_ALREADY_RESERVED' && code !== 'PROPERTY_NOT_AVAILABLE' && code !== 'NOT_FOUND') throw error;
          await this.freeSlot(r, meta);
          return this.onReservation(
            reservationId,
            { type: 'RejectReservation', code: code === 'UNIT_ALREADY_RESERVED' ? code : 'PROPERTY_NOT_AVAILABLE' },
            meta,
          );
        }
        return this.onReservation(reservationId, { type: 'RecordUnitHeld', holdExpiresAt, companyContributionApplies: carriesContribution }, meta);
      }
      case 'payment_confirmed': {
        try {
          await this.onUnit(unitId, { type: 'ConfirmReserved', reservationId }, meta);
        } catch (error) {
          if (!(isDomainError(error) && error.code === 'UNIT_ALREADY_RESERVED')) throw error;
          // Paid after the hold was lost: the reservation ends cancelled and its payment is owed back.
          return this.onReservation(reservationId, { type: 'CancelReservation', reason: 'hold_lost' }, meta);
        }
        return this.onReservation(reservationId, { type: 'ConfirmReservation' }, meta);
      }
      case 'payment_failed':
        await this.onUnit(unitId, { type: 'ReleaseHold', reservationId, reason: 'payment_failed' }, meta);
        return this.onReservation(reservationId, { type: 'ReleaseAfterFailedPayment' }, meta);
      case 'expired':
      case 'cancelled': {
        await this.onUnit(unitId, { type: 'ReleaseHold', reservationId, reason: r.status }, meta);
        await this.freeSlot(r, meta);
        // Staff who cancel decide the refund themselves (and make it from the reservation's screen).
        return refundDue(r) && r.cancellation !== 'staff' ? this.refund(r, meta) : 0;
      }
      case 'released':
      case 'rejected':
        // Ended: the buyer's slot is theirs again (a no-op when it was given back already, or never taken).
        await this.freeSlot(r, meta);
        return 0;
      case 'held':
      case 'payment_started':
      case 'confirmed':
        return 0;
    }
  }

  /** Refunds through the gateway; a gateway failure is retried later by the expiry sweeper. */
  private async refund(r: ExistingReservation, meta: CommandMetadata): Promise<number> {
    const payment = r.payment!;
    let refunded;
    try {
      refunded = await this.gateway.refund(payment.token, payment.amountCLP);
    } catch (error) {
      this.log(`refund of reservation ${r.request.reservationId} failed; it will be retried`, error);
      return 0;
    }
    return this.onReservation(
      r.request.reservationId,
      {
        type: 'RecordRefund',
        gateway: payment.gateway,
        token: payment.token,
        amountCLP: refunded.nullifiedAmount ?? payment.amountCLP,
        refundType: refunded.type,
        responseCode: refunded.responseCode,
        authorizationCode: refunded.authorizationCode,
      },
      meta,
    );
  }

  /** Takes (or finds) the reservation's slot among its buyer's; answers whether it carries the employer's contribution. */
  private async takeSlot(r: ExistingReservation, meta: CommandMetadata): Promise<boolean> {
    const { buyerId, reservationId, unitId } = r.request;
    const limit = Math.floor(await this.limits.activeReservationsLimit());
    await this.onBuyer(buyerId, { type: 'TakeReservationSlot', buyerId, reservationId, unitId, limit }, meta);
    const { state } = await loadStream(this.events, buyerReservationsStream(buyerId), buyerReservationsDecider);
    return slotOf(state, reservationId)?.carriesContribution ?? false;
  }

  private async freeSlot(r: ExistingReservation, meta: CommandMetadata): Promise<void> {
    const { buyerId, reservationId } = r.request;
    await this.onBuyer(buyerId, { type: 'FreeReservationSlot', buyerId, reservationId }, meta);
  }

  private async onBuyer(buyerId: string, command: BuyerReservationsCommand, meta: CommandMetadata) {
    return handleCommand(this.events, buyerReservationsStream(buyerId), buyerReservationsDecider, command, meta);
  }

  private async onUnit(unitId: string, command: UnitCommand, meta: CommandMetadata) {
    return handleCommand(this.events, unitStream(unitId), unitDecider, command, meta);
  }

  private async onReservation(reservationId: string, command: ReservationCommand, meta: CommandMetadata): Promise<number> {
    const result = await handleCommand(this.events, reservationStream(reservationId), reservationDecider, command, meta);
    return result.events.length ? result.position : 0;
  }

  private meta(cause: Pick<CommandMetadata, 'correlationId'> & Partial<CommandMetadata>): CommandMetadata {
    return { now: cause.now ?? this.clock.now(), actorId: SYSTEM, actorRoles: [], correlationId: cause.correlationId, causationId: cause.causationId };
  }

  /**
   * The event-handler side: follows the reservation events (delivered at least once and checkpointed, so a
   * crash between two steps is picked up again) and advances the reservation they belong to.
   */
  handler(
    onConfirmed: (reservationId: string, cause: Pick<CommandMetadata, 'correlationId' | 'causationId'>) => Promise<void>,
  ): EventHandler<ProcessDrivingEvent> {
    return {
      name: 'reservation-process',
      categories: ['reservation'],
      eventTypes: [
        'ReservationRequested',
        'ReservationPaymentConfirmed',
        'ReservationPaymentFailed',
        'ReservationExpired',
        'ReservationCancelled',
        'ReservationConfirmed',
      ],
      handle: async (event) => {
        const reservationId = event.data.reservationId;
        const cause = { correlationId: event.metadata.correlationId, causationId: `${event.streamId}@${event.revision}` };
        try {
          if (event.type === 'ReservationConfirmed') await onConfirmed(reservationId, cause);
          else await this.advance(reservationId, cause);
        } catch (error) {
          // A business refusal will not go away by retrying; anything else (I/O) is retried by the runner.
          if (!(error instanceof DomainError)) throw error;
          this.log(`reservation ${reservationId}: ${event.type} not followed up (${error.code})`, error);
        }
      },
    };
  }
}
