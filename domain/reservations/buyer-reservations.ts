import type { DomainEvent } from '../shared/event';

/**
 * A buyer's reservations as one consistency boundary (stream `buyer-reservations-<buyerId>`), as the Unit is
 * for "one buyer per unit": every reservation takes one of the buyer's slots before its unit is held, and
 * gives it back once it ends (rejected, released, expired, cancelled). Two simultaneous reservations of
 * different units by the same buyer both append here, so only one can win the last slot.
 *
 * The employer's contribution to the down payment is a benefit per person: it is carried by one of the
 * buyer's reservations at a time (the first one taken while no other active one carries it), so it is
 * applied to one purchase and committed once.
 */
export const buyerReservationsStream = (buyerId: string): string => `buyer-reservations-${buyerId}`;

/** The financial/system parameter (back office) with the limit of active reservations per buyer, and its value without one. */
export const ACTIVE_RESERVATIONS_PARAMETER = 'reservas-activas-por-comprador';
export const DEFAULT_ACTIVE_RESERVATIONS_LIMIT = 1;

export type BuyerReservationsEvent =
  | DomainEvent<
      'BuyerReservationSlotTaken',
      { buyerId: string; reservationId: string; unitId: string; limit: number; carriesContribution: boolean; takenAt: string }
    >
  | DomainEvent<'BuyerReservationSlotFreed', { buyerId: string; reservationId: string; freedAt: string }>;

export interface ActiveSlot {
  readonly reservationId: string;
  readonly unitId: string;
  readonly carriesContribution: boolean;
}

export interface BuyerReservationsState {
  /** The reservations under way or confirmed, oldest first. */
  readonly active: readonly ActiveSlot[];
  /** Reservations whose slot was given back: they never take one again (a late retry of an ended reservation). */
  readonly ended: ReadonlySet<string>;
}

export const initialBuyerReservations = (): BuyerReservationsState => ({ active: [], ended: new Set() });

export const evolveBuyerReservations = (state: BuyerReservationsState, event: BuyerReservationsEvent): BuyerReservationsState => {
  switch (event.type) {
    case 'BuyerReservationSlotTaken': {
      const { reservationId, unitId, carriesContribution } = event.data;
      return { ...state, active: [...state.active, { reservationId, unitId, carriesContribution }] };
    }
    case 'BuyerReservationSlotFreed':
      return {
        active: state.active.filter((s) => s.reservationId !== event.data.reservationId),
        ended: new Set(state.ended).add(event.data.reservationId),
      };
  }
};

/** The slot a reservation holds, if any. */
export const slotOf = (state: BuyerReservationsState, reservationId: string): ActiveSlot | undefined =>
  state.active.find((s) => s.reservationId === reservationId);
