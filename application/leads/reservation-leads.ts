import { reservationDecider } from '../../domain/reservations/reservation.decide';
import { reservationStream, type ReservationEvent } from '../../domain/reservations/reservation';
import { DomainError } from '../../domain/shared/errors';
import { loadStream } from '../command-handling/decided-state';
import type { EventHandler } from '../projections/event-handler';
import type { EventStore } from '../ports/event-store';
import type { Buyer } from './buyer';
import type { LeadService } from './lead-service';

type PaymentStarted = Extract<ReservationEvent, { type: 'ReservationPaymentStarted' }>;

/**
 * The buyer's lead learns of each reservation whose payment started (lead activity `reservation`), from the
 * event, not inside the reservation request. Delivered at least once and checkpointed, it is recorded even if
 * the server stops right after answering the buyer (the request recorded it last, and lost it then); and the
 * buyer's answer no longer waits for the lead's commit. The activity's id is the reservation's, so a second
 * delivery records nothing (LeadService looks for it on every lead of the person, closed ones too).
 */
export const reservationLeadsHandler = (
  events: EventStore,
  leads: Pick<LeadService, 'recordBuyerActivity'>,
  buyerOf: (userId: string) => Promise<Buyer | null>,
  log: (message: string, error?: unknown) => void,
): EventHandler<PaymentStarted> => ({
  name: 'reservation-leads',
  categories: ['reservation'],
  eventTypes: ['ReservationPaymentStarted'],
  handle: async (event) => {
    const { reservationId } = event.data;
    const { state } = await loadStream(events, reservationStream(reservationId), reservationDecider);
    if (state.status === 'none') return;
    const { buyerId, projectId, unitId } = state.request;
    const buyer = await buyerOf(buyerId);
    if (!buyer) return log(`reservation ${reservationId}: buyer ${buyerId} has no active account, no lead activity`);
    // As the buyer did it, when they did it: the request's actor and the payment's start.
    const meta = {
      now: new Date(event.data.startedAt),
      actorId: event.metadata.actorId,
      actorRoles: event.metadata.actorRoles,
      correlationId: event.metadata.correlationId,
      causationId: `${event.streamId}@${event.revision}`,
    };
    try {
      await leads.recordBuyerActivity(buyer, { activityId: `reservation:${reservationId}`, kind: 'reservation', projectId, unitId }, meta);
    } catch (error) {
      // A refusal (the person blocked the processing of their data) stays one; anything else is retried.
      if (!(error instanceof DomainError)) throw error;
      log(`reservation ${reservationId}: lead activity not recorded (${error.code})`, error);
    }
  },
});
