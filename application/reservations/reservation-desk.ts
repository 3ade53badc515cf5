import { refundDue, reservationStream } from '../../domain/reservations/reservation';
import { reservationDecider, type ReservationCommand } from '../../domain/reservations/reservation.decide';
import { DomainError } from '../../domain/shared/errors';
import type { CommandMetadata } from '../../domain/shared/event';
import { handleCommand } from '../../kernel/command-handling/handle-command';
import type { EventStore } from '../../kernel/ports/event-store';
import type { PaymentGateway } from '../../kernel/ports/payment-gateway';
import type { ReservationProcess } from './reservation-process';

/**
 * What staff do with a reservation from the back office: cancel it, extend its hold, refund its payment
 * through the gateway. Each is decided on the reservation's stream and recorded with the staff member as
 * the actor and the reason they gave, so the Historial says who did what and why.
 */
export class ReservationDesk {
  constructor(
    private readonly events: EventStore,
    private readonly gateway: PaymentGateway,
    private readonly process: ReservationProcess,
  ) {}

  /** The unit is released at once; a payment already taken stays owed until staff refund it. */
  async cancel(reservationId: string, reason: string, meta: CommandMetadata) {
    const result = await this.on(reservationId, { type: 'CancelByStaff', reason }, meta);
    const after = await this.process.advance(reservationId, meta);
    return { reservationId, status: after.state.status, position: Math.max(result.position, after.position) };
  }

  async extendHold(reservationId: string, minutes: number, reason: string, meta: CommandMetadata) {
    const result = await this.on(reservationId, { type: 'ExtendHold', minutes, reason }, meta);
    const state = await this.process.load(reservationId);
    return { reservationId, holdExpiresAt: state.status === 'none' ? null : state.holdExpiresAt, position: result.position };
  }

  /** Reverses the payment at the gateway, then records it: only while a refund is owed (REFUND_NOT_DUE otherwise). */
  async refund(reservationId: string, reason: string, meta: CommandMetadata) {
    const state = await this.process.load(reservationId);
    if (state.status === 'none') throw new DomainError('NOT_FOUND', 'reservation');
    if (!refundDue(state)) throw new DomainError('REFUND_NOT_DUE', state.refunded ? 'already refunded' : `nothing to refund when ${state.status}`);
    const payment = state.payment!;
    let refunded;
    try {
      refunded = await this.gateway.refund(payment.token, payment.amountCLP);
    } catch (error) {
      throw new DomainError('REFUND_FAILED', `gateway refund failed: ${(error as Error).message}`);
    }
    const result = await this.on(
      reservationId,
      {
        type: 'RecordRefund',
        gateway: payment.gateway,
        token: payment.token,
        amountCLP: refunded.nullifiedAmount ?? payment.amountCLP,
        refundType: refunded.type,
        responseCode: refunded.responseCode,
        authorizationCode: refunded.authorizationCode,
        reason,
      },
      meta,
    );
    return { reservationId, refunded: true as const, position: result.position };
  }

  private on(reservationId: string, command: ReservationCommand, meta: CommandMetadata) {
    return handleCommand(this.events, reservationStream(reservationId), reservationDecider, command, meta);
  }
}
