import { eventTypesOf, type DomainEvent } from '../shared/event';

/**
 * Unit aggregate (stream `unit-<id>`): one apartment, house, office, parking lot... of a project, with
 * the fields of spec §3. Its stream is THE consistency boundary for "one buyer per unit": a hold is an
 * append that expects the revision read, so of many concurrent reservations only one hold can ever win.
 * Prices and contributions are in UF, surfaces in m², percentages as percents, rents in CLP.
 */
export type UnitSpec = {
  unitNumber: string;
  typology: string;
  model: string;
  bedrooms: number;
  bathrooms: number;
  orientation: string;
  floor: number;
  /** Parking spaces included. */
  parkingLot: number;
  /** Storage units (bodegas) included. */
  store: number;
  regularPrice: number;
  discountPrice: number | null;
  /** Price under bonus pricing ("bono pie"): list price when the real-estate company funds part of the pie. */
  footVoucherPrice: number | null;
  realEstateContribution: number;
  innerSurface: number;
  /** Outer / terrace surface. */
  outerSurface: number;
  /** Down payment paid during construction (pie en cuotas), UF. */
  constructionFoot: number;
  constructionPaymentFees: number;
  deedPercentage: number;
  deedFees: number;
  downPaymentPercentage: number;
  creditPostSaleMaxPercentage: number;
  creditPostSaleRate: number;
  creditPostSaleMaxFees: number;
  /** Estimated monthly rents, CLP (low and high). */
  estimatedRents: number[];
  minimumPledgePercentage: number;
  minimumPledgeFees: number;
  minimumFoot: number;
  minimumCredit: number;
  creditInterestRate: number;
  maximumCreditInstallments: number;
  /** Minimum promise (adelanto / "adfront") and its number of quotas. */
  minimumPromise: number;
  minimumPromiseQuota: number;
};

export type UnitHolder = {
  readonly reservationId: string;
  readonly buyerId: string;
  readonly holdExpiresAt: string;
};

type Of = { unitId: string; projectId: string };

export type UnitEvent =
  | DomainEvent<'UnitAdded', Of & UnitSpec & { addedAt: string }>
  | DomainEvent<'UnitUpdated', Of & { changes: Partial<UnitSpec>; updatedAt: string }>
  | DomainEvent<'UnitEnabled', Of & { enabledAt: string }>
  | DomainEvent<'UnitDisabled', Of & { reason: string; disabledAt: string }>
  | DomainEvent<'UnitHeldForReservation', Of & UnitHolder & { heldAt: string }>
  | DomainEvent<'UnitHoldReleased', Of & { reservationId: string; reason: UnitReleaseReason; releasedAt: string }>
  | DomainEvent<'UnitReserved', Of & { reservationId: string; buyerId: string; reservedAt: string }>
  | DomainEvent<'UnitSold', Of & { saleId: string; reservationId: string | null; soldAt: string }>;

/** Every event type of a unit's stream. */
export const UNIT_EVENT_TYPES = eventTypesOf<UnitEvent>({
  UnitAdded: true,
  UnitUpdated: true,
  UnitEnabled: true,
  UnitDisabled: true,
  UnitHeldForReservation: true,
  UnitHoldReleased: true,
  UnitReserved: true,
  UnitSold: true,
});

export type UnitReleaseReason = 'payment_failed' | 'expired' | 'cancelled';

interface UnitBase {
  readonly unitId: string;
  readonly projectId: string;
  readonly spec: UnitSpec;
  readonly enabled: boolean;
  /**
   * Reservations whose hold on this unit was released. Never held again: a runner of the process acting on
   * a state read before the release (the subscription lagging the request) would otherwise take the unit
   * back for a reservation that is over, and refuse the next buyer.
   */
  readonly releasedHolds: readonly string[];
}

/** Keyed on the commercial status: who holds or reserved the unit travels with the status. */
export type UnitState =
  | { status: 'absent' }
  | (UnitBase & { status: 'not_reserved' })
  | (UnitBase & { status: 'in_process'; holder: UnitHolder })
  | (UnitBase & { status: 'reserved'; holder: UnitHolder })
  | (UnitBase & { status: 'sold'; saleId: string });

export type ExistingUnit = Exclude<UnitState, { status: 'absent' }>;

export const initialUnitState = (): UnitState => ({ status: 'absent' });

export const evolveUnit = (state: UnitState, event: UnitEvent): UnitState => {
  if (event.type === 'UnitAdded') {
    const { unitId, projectId, addedAt: _at, ...spec } = event.data;
    return { status: 'not_reserved', unitId, projectId, spec, enabled: true, releasedHolds: [] };
  }
  if (state.status === 'absent') return state;
  const base: UnitBase = { unitId: state.unitId, projectId: state.projectId, spec: state.spec, enabled: state.enabled, releasedHolds: state.releasedHolds };
  switch (event.type) {
    case 'UnitUpdated':
      return { ...state, spec: { ...state.spec, ...event.data.changes } };
    case 'UnitEnabled':
      return { ...state, enabled: true };
    case 'UnitDisabled':
      return { ...state, enabled: false };
    case 'UnitHeldForReservation': {
      const { reservationId, buyerId, holdExpiresAt } = event.data;
      return { status: 'in_process', holder: { reservationId, buyerId, holdExpiresAt }, ...base };
    }
    case 'UnitHoldReleased':
      return { status: 'not_reserved', ...base, releasedHolds: [...base.releasedHolds, event.data.reservationId] };
    case 'UnitReserved':
      return state.status === 'in_process' ? { status: 'reserved', holder: state.holder, ...base } : state;
    case 'UnitSold':
      return { status: 'sold', saleId: event.data.saleId, ...base };
  }
};

export const unitStream = (unitId: string): string => `unit-${unitId}`;

/** The price a buyer pays under each pricing option (UF). */
export const unitPrice = (spec: Pick<UnitSpec, 'regularPrice' | 'discountPrice' | 'footVoucherPrice'>, pricing: 'normal' | 'bonus'): number =>
  pricing === 'bonus' && spec.footVoucherPrice !== null ? spec.footVoucherPrice : (spec.discountPrice ?? spec.regularPrice);
