import type { UnitEvent } from '../../../domain/catalog/unit';
import { unitPrice } from '../../../domain/catalog/unit';
import { unitDecider } from '../../../domain/catalog/unit.decide';
import { DeciderSpecification } from '../../support/decider-spec';
import { unitSpec } from './fixtures';

const spec = DeciderSpecification(unitDecider);
const AT = '2026-11-22T12:00:00.000Z';
const EXPIRES = '2026-11-22T12:15:00.000Z';

const added: UnitEvent = { type: 'UnitAdded', data: { unitId: 'u1', projectId: 'p1', ...unitSpec(), addedAt: AT } };
const held = (reservationId = 'r1', buyerId = 'b1'): UnitEvent => ({
  type: 'UnitHeldForReservation',
  data: { unitId: 'u1', projectId: 'p1', reservationId, buyerId, holdExpiresAt: EXPIRES, heldAt: AT },
});
const hold = (reservationId = 'r1', buyerId = 'b1') => ({ type: 'HoldForReservation' as const, reservationId, buyerId, holdExpiresAt: EXPIRES });
const reserved: UnitEvent = { type: 'UnitReserved', data: { unitId: 'u1', projectId: 'p1', reservationId: 'r1', buyerId: 'b1', reservedAt: AT } };
const released = (reason: 'payment_failed' | 'expired' | 'cancelled'): UnitEvent => ({
  type: 'UnitHoldReleased',
  data: { unitId: 'u1', projectId: 'p1', reservationId: 'r1', reason, releasedAt: AT },
});

describe('Unit decider: the consistency boundary of "one buyer per unit"', () => {
  it('a reservation whose hold was released never holds the unit again; the next buyer can', () => {
    // Seen in the API suite: the process manager, lagging the request, ran the first step of a reservation that
    // had already failed its payment, took the unit back, and the next buyer was told it was reserved.
    spec
      .given([added, held('r1'), released('payment_failed')])
      .when(hold('r1'))
      .thenNothingHappens();
    spec
      .given([added, held('r1'), released('expired')])
      .when(hold('r2', 'b2'))
      .then([held('r2', 'b2')]);
    spec
      .given([added, held('r1'), released('cancelled'), held('r2', 'b2')])
      .when(hold('r1'))
      .thenNothingHappens();
  });

  it('adds a unit with every spec field, not reserved and enabled', () => {
    spec.given([]).when({ type: 'AddUnit', unitId: 'u1', projectId: 'p1', spec: unitSpec() }).then([added]);
    spec.given([added]).when({ type: 'AddUnit', unitId: 'u1', projectId: 'p1', spec: unitSpec() }).thenNothingHappens();
    spec
      .given([])
      .when({ type: 'AddUnit', unitId: 'u1', projectId: 'p1', spec: unitSpec({ regularPrice: 0 }) })
      .thenThrows('PRICE_OUT_OF_RANGE');
    spec
      .given([])
      .when({ type: 'AddUnit', unitId: 'u1', projectId: 'p1', spec: unitSpec({ discountPrice: 5000 }) })
      .thenThrows('PRICE_OUT_OF_RANGE');
    spec
      .given([])
      .when({ type: 'AddUnit', unitId: 'u1', projectId: 'p1', spec: unitSpec({ bedrooms: -1 }) })
      .thenThrows('VALIDATION_FAILED');
  });

  it('normal price is the discount price when there is one; bonus price is the foot-voucher price', () => {
    expect(unitPrice(unitSpec(), 'normal')).toBe(3800);
    expect(unitPrice(unitSpec({ discountPrice: null }), 'normal')).toBe(4000);
    expect(unitPrice(unitSpec(), 'bonus')).toBe(4400);
  });

  it('a hold is taken only when the unit is not reserved and enabled', () => {
    spec.given([added]).when(hold()).then([held()]);
    spec
      .given([added, held('r1', 'b1')])
      .when(hold('r2', 'b2'))
      .thenThrows('UNIT_ALREADY_RESERVED');
    spec.given([added, held(), reserved]).when(hold('r2', 'b2')).thenThrows('UNIT_ALREADY_RESERVED');
    spec
      .given([added, { type: 'UnitDisabled', data: { unitId: 'u1', projectId: 'p1', reason: 'x', disabledAt: AT } }])
      .when(hold())
      .thenThrows('PROPERTY_NOT_AVAILABLE');
    spec.given([]).when(hold()).thenThrows('NOT_FOUND');
  });

  it('the holding reservation asking again changes nothing', () => {
    spec.given([added, held()]).when(hold()).thenNothingHappens();
    spec.given([added, held(), reserved]).when(hold()).thenNothingHappens();
  });

  it('only the holder releases; a release by anyone else, or twice, changes nothing', () => {
    spec
      .given([added, held()])
      .when({ type: 'ReleaseHold', reservationId: 'r1', reason: 'expired' })
      .then([released('expired')]);
    spec.given([added, held()]).when({ type: 'ReleaseHold', reservationId: 'r2', reason: 'expired' }).thenNothingHappens();
    spec
      .given([added, held(), released('payment_failed')])
      .when({ type: 'ReleaseHold', reservationId: 'r1', reason: 'payment_failed' })
      .thenNothingHappens();
    spec.given([added, held(), reserved]).when({ type: 'ReleaseHold', reservationId: 'r1', reason: 'expired' }).thenNothingHappens();
  });

  it('a released unit can be held by the next buyer', () => {
    spec
      .given([added, held(), released('expired')])
      .when(hold('r2', 'b2'))
      .then([held('r2', 'b2')]);
  });

  it('only the holder confirms the reservation; a lost hold cannot be confirmed', () => {
    spec.given([added, held()]).when({ type: 'ConfirmReserved', reservationId: 'r1' }).then([reserved]);
    spec.given([added, held(), reserved]).when({ type: 'ConfirmReserved', reservationId: 'r1' }).thenNothingHappens();
    spec
      .given([added, held('r2', 'b2')])
      .when({ type: 'ConfirmReserved', reservationId: 'r1' })
      .thenThrows('UNIT_ALREADY_RESERVED');
    spec
      .given([added, held(), released('expired')])
      .when({ type: 'ConfirmReserved', reservationId: 'r1' })
      .thenThrows('UNIT_ALREADY_RESERVED');
  });

  it('records a sale (of a free or a reserved unit) once, never of a unit held during a payment', () => {
    spec
      .given([added])
      .when({ type: 'RecordSale', saleId: 's1' })
      .then([{ type: 'UnitSold', data: { unitId: 'u1', projectId: 'p1', saleId: 's1', reservationId: null, soldAt: AT } }]);
    spec
      .given([added, held(), reserved])
      .when({ type: 'RecordSale', saleId: 's1' })
      .then([{ type: 'UnitSold', data: { unitId: 'u1', projectId: 'p1', saleId: 's1', reservationId: 'r1', soldAt: AT } }]);
    spec.given([added, held()]).when({ type: 'RecordSale', saleId: 's1' }).thenThrows('UNIT_ALREADY_RESERVED');
    const sold: UnitEvent = { type: 'UnitSold', data: { unitId: 'u1', projectId: 'p1', saleId: 's1', reservationId: null, soldAt: AT } };
    spec.given([added, sold]).when({ type: 'RecordSale', saleId: 's1' }).thenNothingHappens();
    spec.given([added, sold]).when(hold()).thenThrows('UNIT_ALREADY_RESERVED');
  });

  it('edits record only what changed', () => {
    spec
      .given([added])
      .when({ type: 'UpdateUnit', changes: { regularPrice: 4100, bedrooms: 2 } })
      .then([{ type: 'UnitUpdated', data: { unitId: 'u1', projectId: 'p1', changes: { regularPrice: 4100 }, updatedAt: AT } }]);
  });

  it('a unit held or reserved by a buyer is not disabled nor repriced under them; other fields may change', () => {
    for (const state of [
      [added, held()],
      [added, held(), reserved],
    ]) {
      spec.given(state).when({ type: 'DisableUnit', reason: 'error de carga' }).thenThrows('UNIT_HELD_BY_BUYER');
      spec
        .given(state)
        .when({ type: 'UpdateUnit', changes: { regularPrice: 3900 } })
        .thenThrows('UNIT_HELD_BY_BUYER');
      spec
        .given(state)
        .when({ type: 'UpdateUnit', changes: { discountPrice: null } })
        .thenThrows('UNIT_HELD_BY_BUYER');
      spec
        .given(state)
        .when({ type: 'UpdateUnit', changes: { orientation: 'Sur', regularPrice: unitSpec().regularPrice } })
        .then([{ type: 'UnitUpdated', data: { unitId: 'u1', projectId: 'p1', changes: { orientation: 'Sur' }, updatedAt: AT } }]);
    }
    spec
      .given([added, held(), released('expired')])
      .when({ type: 'DisableUnit', reason: 'x' })
      .then([{ type: 'UnitDisabled', data: { unitId: 'u1', projectId: 'p1', reason: 'x', disabledAt: AT } }]);
  });
});
