import type { ExistingProject, ProjectState } from '../../domain/catalog/project';
import { unitPrice } from '../../domain/catalog/unit';
import { ufToClp } from '../../domain/financing/decimal';
import { DomainError } from '../../domain/shared/errors';
import type { CatalogService } from '../catalog/catalog-service';
import { chileDate, type UfService } from '../financing/uf-service';

/** A project takes online reservations when it is enabled, charges an amount and is paid online (spec §3 reservation paid). */
export const assertOpenForReservations = (project: ProjectState): ExistingProject => {
  if (project.status !== 'enabled' || project.details.reservationPrice <= 0 || !project.details.reservationPaid)
    throw new DomainError('PROPERTY_NOT_AVAILABLE', 'project not open for reservations');
  return project;
};

export interface ReservationTermsView {
  readonly unitId: string;
  readonly projectId: string;
  readonly projectName: string;
  readonly unitNumber: string;
  readonly pricing: 'normal' | 'bonus';
  readonly priceUF: number;
  readonly priceCLP: number;
  readonly uf: { readonly value: number; readonly date: string };
  /** What is charged now, at Webpay. */
  readonly amountCLP: number;
  /** How long the unit stays held for the buyer while they pay. */
  readonly holdMinutes: number;
  /** The reservation amount is credited to the down payment. */
  readonly reservationToDownPayment: boolean;
}

/**
 * What the buyer agrees to before paying (the confirmation step): the unit, its price in UF and in pesos
 * with the UF of the day, the amount charged now and how long the unit is held. Read from the same streams
 * the reservation itself decides on, so the summary and the charge never disagree.
 */
export class ReservationTerms {
  constructor(
    private readonly catalog: CatalogService,
    private readonly uf: UfService,
    private readonly holdMinutes: number,
  ) {}

  async of(unitId: string, pricing: 'normal' | 'bonus', now: Date): Promise<ReservationTermsView> {
    const unit = await this.catalog.unit(unitId);
    if (unit.status === 'absent') throw new DomainError('NOT_FOUND', 'unit');
    const project = assertOpenForReservations(await this.catalog.project(unit.projectId));
    if (!unit.enabled || unit.status !== 'not_reserved') throw new DomainError('UNIT_ALREADY_RESERVED', `unit ${unitId} is ${unit.status}`);
    const bonus = pricing === 'bonus' && project.pricing.bonusEnabled && unit.spec.footVoucherPrice !== null;
    const priceUF = unitPrice(unit.spec, bonus ? 'bonus' : 'normal');
    const uf = await this.uf.valueOn(chileDate(now));
    return {
      unitId,
      projectId: project.projectId,
      projectName: project.details.name,
      unitNumber: unit.spec.unitNumber,
      pricing: bonus ? 'bonus' : 'normal',
      priceUF,
      priceCLP: ufToClp(priceUF, uf.value),
      uf: { value: uf.value, date: uf.date },
      amountCLP: project.details.reservationPrice,
      holdMinutes: this.holdMinutes,
      reservationToDownPayment: project.details.reservationToDownPayment,
    };
  }
}
