import { DomainError, type FieldError } from '../shared/errors';
import type { CommandMetadata, Decider } from '../shared/event';
import { evolveUnit, initialUnitState, type ExistingUnit, type UnitEvent, type UnitReleaseReason, type UnitSpec, type UnitState } from './unit';

export type UnitCommand =
  | { type: 'AddUnit'; unitId: string; projectId: string; spec: UnitSpec }
  | { type: 'UpdateUnit'; changes: Partial<UnitSpec> }
  | { type: 'EnableUnit' }
  | { type: 'DisableUnit'; reason: string }
  | { type: 'HoldForReservation'; reservationId: string; buyerId: string; holdExpiresAt: string }
  | { type: 'ReleaseHold'; reservationId: string; reason: UnitReleaseReason }
  | { type: 'ConfirmReserved'; reservationId: string }
  | { type: 'RecordSale'; saleId: string };

const existing = (state: UnitState): ExistingUnit => {
  if (state.status === 'absent') throw new DomainError('NOT_FOUND', 'unit');
  return state;
};

const PRICES = ['regularPrice', 'discountPrice', 'footVoucherPrice', 'realEstateContribution'] as const;
const COUNTS = ['bedrooms', 'bathrooms', 'parkingLot', 'store'] as const;

const validSpec = (spec: UnitSpec): UnitSpec => {
  const errors: FieldError[] = [];
  if (!spec.unitNumber.trim()) errors.push({ field: 'unitNumber', code: 'REQUIRED' });
  for (const field of COUNTS) if (!(Number.isInteger(spec[field]) && spec[field] >= 0 && spec[field] <= 20)) errors.push({ field, code: 'INVALID_VALUE' });
  if (errors.length) throw new DomainError('VALIDATION_FAILED', 'unit', errors);
  for (const field of PRICES) {
    const value = spec[field];
    if (value === null && field !== 'regularPrice' && field !== 'realEstateContribution') continue;
    if (!(typeof value === 'number' && value >= 0 && value <= 1_000_000) || (field === 'regularPrice' && value === 0))
      throw new DomainError('PRICE_OUT_OF_RANGE', field, [{ field, code: 'PRICE_OUT_OF_RANGE' }]);
  }
  if (spec.discountPrice !== null && spec.discountPrice > spec.regularPrice)
    throw new DomainError('PRICE_OUT_OF_RANGE', 'discount above price', [{ field: 'discountPrice', code: 'PRICE_OUT_OF_RANGE' }]);
  return spec;
};

const decide = (command: UnitCommand, state: UnitState, meta: CommandMetadata): UnitEvent[] => {
  const at = meta.now.toISOString();
  switch (command.type) {
    case 'AddUnit': {
      if (state.status !== 'absent') return []; // the same addition retried
      return [{ type: 'UnitAdded', data: { unitId: command.unitId, projectId: command.projectId, ...validSpec(command.spec), addedAt: at } }];
    }
    case 'UpdateUnit': {
      const unit = existing(state);
      // A buyer holding or having reserved the unit keeps the price they were shown.
      if (unit.status !== 'not_reserved' && PRICES.some((field) => field in command.changes && command.changes[field] !== unit.spec[field]))
        throw new DomainError('UNIT_HELD_BY_BUYER', `unit ${unit.unitId} is ${unit.status}`);
      const next = validSpec({ ...unit.spec, ...command.changes });
      const changes = Object.fromEntries(
        Object.entries(next).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(unit.spec[key as keyof UnitSpec])),
      ) as Partial<UnitSpec>;
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'UnitUpdated', data: { unitId: unit.unitId, projectId: unit.projectId, changes, updatedAt: at } }];
    }
    case 'EnableUnit': {
      const unit = existing(state);
      return unit.enabled ? [] : [{ type: 'UnitEnabled', data: { unitId: unit.unitId, projectId: unit.projectId, enabledAt: at } }];
    }
    case 'DisableUnit': {
      const unit = existing(state);
      if (unit.enabled && (unit.status === 'in_process' || unit.status === 'reserved'))
        throw new DomainError('UNIT_HELD_BY_BUYER', `unit ${unit.unitId} is ${unit.status}`);
      return unit.enabled ? [{ type: 'UnitDisabled', data: { unitId: unit.unitId, projectId: unit.projectId, reason: command.reason, disabledAt: at } }] : [];
    }
    case 'HoldForReservation': {
      const unit = existing(state);
      // The holding reservation asking again (a retried request, the process manager) changes nothing.
      if ((unit.status === 'in_process' || unit.status === 'reserved') && unit.holder.reservationId === command.reservationId) return [];
      // A reservation whose hold was released is over (a new attempt is a new reservation): a late runner of its
      // first step changes nothing, and the unit stays free for the next buyer.
      if (unit.releasedHolds.includes(command.reservationId)) return [];
      if (unit.status !== 'not_reserved') throw new DomainError('UNIT_ALREADY_RESERVED', `unit ${unit.unitId} is ${unit.status}`);
      if (!unit.enabled) throw new DomainError('PROPERTY_NOT_AVAILABLE', `unit ${unit.unitId} is disabled`);
      const { reservationId, buyerId, holdExpiresAt } = command;
      return [{ type: 'UnitHeldForReservation', data: { unitId: unit.unitId, projectId: unit.projectId, reservationId, buyerId, holdExpiresAt, heldAt: at } }];
    }
    case 'ReleaseHold': {
      const unit = existing(state);
      // Only the holder releases. A late timer or a duplicated callback of a reservation that no longer
      // holds the unit (released already, or another buyer holds it now) changes nothing.
      // A reserved unit comes back only when its reservation was cancelled (by staff: the bank refused the credit...).
      const holding = unit.status === 'in_process' || (unit.status === 'reserved' && command.reason === 'cancelled');
      if (!holding || unit.holder.reservationId !== command.reservationId) return [];
      return [
        {
          type: 'UnitHoldReleased',
          data: { unitId: unit.unitId, projectId: unit.projectId, reservationId: command.reservationId, reason: command.reason, releasedAt: at },
        },
      ];
    }
    case 'ConfirmReserved': {
      const unit = existing(state);
      if (unit.status === 'reserved' && unit.holder.reservationId === command.reservationId) return [];
      // Only the holder: a payment confirmed after its hold was lost must not take the unit.
      if (unit.status !== 'in_process' || unit.holder.reservationId !== command.reservationId)
        throw new DomainError('UNIT_ALREADY_RESERVED', `reservation ${command.reservationId} does not hold unit ${unit.unitId}`);
      return [
        {
          type: 'UnitReserved',
          data: { unitId: unit.unitId, projectId: unit.projectId, reservationId: command.reservationId, buyerId: unit.holder.buyerId, reservedAt: at },
        },
      ];
    }
    case 'RecordSale': {
      const unit = existing(state);
      if (unit.status === 'sold') {
        if (unit.saleId === command.saleId) return [];
        throw new DomainError('PROPERTY_NOT_AVAILABLE', 'sold');
      }
      if (unit.status === 'in_process') throw new DomainError('UNIT_ALREADY_RESERVED', 'held for a reservation');
      const reservationId = unit.status === 'reserved' ? unit.holder.reservationId : null;
      return [{ type: 'UnitSold', data: { unitId: unit.unitId, projectId: unit.projectId, saleId: command.saleId, reservationId, soldAt: at } }];
    }
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown command ${(exhaustive as { type: string }).type}`);
    }
  }
};

export const unitDecider: Decider<UnitCommand, UnitState, UnitEvent> = { initialState: initialUnitState, evolve: evolveUnit, decide };
