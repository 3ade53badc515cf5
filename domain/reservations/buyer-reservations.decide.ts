import { DomainError } from '../shared/errors';
import type { CommandMetadata, Decider } from '../shared/event';
import { evolveBuyerReservations, initialBuyerReservations, slotOf, type BuyerReservationsEvent, type BuyerReservationsState } from './buyer-reservations';

export type BuyerReservationsCommand =
  /** `limit`: the active reservations a buyer may have, from the parameters in force when the reservation is made. */
  | { type: 'TakeReservationSlot'; buyerId: string; reservationId: string; unitId: string; limit: number }
  | { type: 'FreeReservationSlot'; buyerId: string; reservationId: string };

const decide = (command: BuyerReservationsCommand, state: BuyerReservationsState, meta: CommandMetadata): BuyerReservationsEvent[] => {
  const at = meta.now.toISOString();
  switch (command.type) {
    case 'TakeReservationSlot': {
      if (slotOf(state, command.reservationId)) return []; // taken already (the request and the process manager both try)
      if (state.ended.has(command.reservationId)) throw new DomainError('RESERVATION_LIMIT_REACHED', 'this reservation ended: it takes no slot again');
      if (state.active.length >= Math.max(0, command.limit))
        throw new DomainError('RESERVATION_LIMIT_REACHED', `${state.active.length} active of ${command.limit} allowed`);
      return [
        {
          type: 'BuyerReservationSlotTaken',
          data: {
            buyerId: command.buyerId,
            reservationId: command.reservationId,
            unitId: command.unitId,
            limit: command.limit,
            carriesContribution: !state.active.some((s) => s.carriesContribution),
            takenAt: at,
          },
        },
      ];
    }
    case 'FreeReservationSlot':
      if (!slotOf(state, command.reservationId)) return [];
      return [{ type: 'BuyerReservationSlotFreed', data: { buyerId: command.buyerId, reservationId: command.reservationId, freedAt: at } }];
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown command ${(exhaustive as { type: string }).type}`);
    }
  }
};

export const buyerReservationsDecider: Decider<BuyerReservationsCommand, BuyerReservationsState, BuyerReservationsEvent> = {
  initialState: initialBuyerReservations,
  evolve: evolveBuyerReservations,
  decide,
};
