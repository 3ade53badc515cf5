import type { BuyerReservationsEvent } from '../../../domain/reservations/buyer-reservations';
import { buyerReservationsDecider } from '../../../domain/reservations/buyer-reservations.decide';
import { DeciderSpecification, testMeta } from '../../support/decider-spec';

/**
 * A buyer's reservation slots: the limit of active reservations per buyer, and the employer's contribution
 * carried by one of them (a benefit per person).
 */
const spec = DeciderSpecification(buyerReservationsDecider);
const at = testMeta().now.toISOString();

const taken = (reservationId: string, carriesContribution = true, limit = 1): BuyerReservationsEvent => ({
  type: 'BuyerReservationSlotTaken',
  data: { buyerId: 'b1', reservationId, unitId: `u-${reservationId}`, limit, carriesContribution, takenAt: at },
});
const freed = (reservationId: string): BuyerReservationsEvent => ({ type: 'BuyerReservationSlotFreed', data: { buyerId: 'b1', reservationId, freedAt: at } });
const take = (reservationId: string, limit = 1) => ({
  type: 'TakeReservationSlot' as const,
  buyerId: 'b1',
  reservationId,
  unitId: `u-${reservationId}`,
  limit,
});

describe('a buyer’s reservations', () => {
  it('the first reservation takes a slot and carries the employer contribution', () => {
    spec
      .given([])
      .when(take('r1'))
      .then([taken('r1')]);
  });

  it('refuses another active reservation beyond the limit', () => {
    spec
      .given([taken('r1')])
      .when(take('r2'))
      .thenThrows('RESERVATION_LIMIT_REACHED');
  });

  it('taking the same reservation’s slot again changes nothing', () => {
    spec
      .given([taken('r1')])
      .when(take('r1'))
      .thenNothingHappens();
  });

  it('a slot given back may be taken by a new reservation, never again by the one that ended', () => {
    spec
      .given([taken('r1'), freed('r1')])
      .when(take('r2'))
      .then([taken('r2')]);
    spec
      .given([taken('r1'), freed('r1')])
      .when(take('r1'))
      .thenThrows('RESERVATION_LIMIT_REACHED');
  });

  it('under a higher limit, only one active reservation carries the contribution; it passes on once that one ends', () => {
    spec
      .given([taken('r1', true, 2)])
      .when(take('r2', 2))
      .then([taken('r2', false, 2)]);
    spec
      .given([taken('r1', true, 2), taken('r2', false, 2), freed('r1')])
      .when(take('r3', 2))
      .then([taken('r3', true, 2)]);
  });

  it('giving back a slot it does not hold changes nothing', () => {
    spec.given([]).when({ type: 'FreeReservationSlot', buyerId: 'b1', reservationId: 'r1' }).thenNothingHappens();
    spec
      .given([taken('r1')])
      .when({ type: 'FreeReservationSlot', buyerId: 'b1', reservationId: 'r1' })
      .then([freed('r1')]);
  });
});
