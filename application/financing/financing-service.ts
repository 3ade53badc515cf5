import {
  downPaymentInCLP,
  downPaymentOf,
  FINANCING_DEFAULTS,
  simulateMortgage,
  type DownPayment,
  type DownPaymentCLP,
  type MortgageSimulation,
  type RateConvention,
} from '../../domain/financing/mortgage';
import { collaboratorOfUser } from '../../read-models/collaborators/collaborators.queries';
import type { Clock } from '../../kernel/ports/clock';
import type { ReadStore } from '../../kernel/ports/read-store';
import { chileDate, type UfService } from './uf-service';
import type { SimulatorDefaults } from '../../domain/financing/simulator-parameters';

/** The financial parameters in force (back office): the defaults of every input a request leaves out. */
export interface ParametersInForce {
  inForce(): Promise<SimulatorDefaults>;
}

export interface SimulationRequest {
  principalUF?: number;
  /** With a price, the loan is the price minus the down payment and the contributions. */
  priceUF?: number;
  downPaymentPercent?: number;
  companyContributionUF?: number;
  realEstateContributionUF?: number;
  subsidyUF?: number;
  annualRatePercent?: number;
  termYears?: number;
  convention?: RateConvention;
  desgravamenMonthlyRatePercent?: number;
  fireEarthquakeMonthlyRatePercent?: number;
  insuredValueUF?: number;
  maxDebtRatioPercent?: number;
  upfrontCostsUF?: number;
  /** Day whose UF converts the amounts (default: today in Chile). */
  date?: string;
}

export type SimulationResult = MortgageSimulation & {
  ufDate: string;
  ufRequestedDate: string;
  downPayment: (DownPayment & DownPaymentCLP) | null;
  companyContributionSource: 'input' | 'collaborator' | 'none';
};

/** The calculator: spec §9 defaults, the day's UF, and a collaborator's company contribution when known. */
export class FinancingService {
  constructor(
    private readonly uf: UfService,
    private readonly store: ReadStore,
    private readonly clock: Clock,
    private readonly parameters: ParametersInForce,
  ) {}

  /** Every default of the calculator: the parameters in force, plus the bare loan and rate convention it starts from. */
  async defaults(): Promise<SimulatorDefaults & { principalUF: number; convention: RateConvention }> {
    return { ...(await this.parameters.inForce()), principalUF: FINANCING_DEFAULTS.principalUF, convention: FINANCING_DEFAULTS.convention };
  }

  async simulate(request: SimulationRequest, userId: string | null): Promise<SimulationResult> {
    const [uf, defaults] = await Promise.all([this.uf.valueOn(request.date ?? chileDate(this.clock.now())), this.parameters.inForce()]);
    let companyContributionUF = request.companyContributionUF;
    let source: SimulationResult['companyContributionSource'] = companyContributionUF === undefined ? 'none' : 'input';
    if (companyContributionUF === undefined && userId && request.priceUF !== undefined) {
      const collaborator = await collaboratorOfUser(this.store, userId);
      if (collaborator) {
        companyContributionUF = collaborator.companyContributionUF;
        source = 'collaborator';
      }
    }
    const downPayment =
      request.priceUF === undefined
        ? null
        : downPaymentOf({
            priceUF: request.priceUF,
            downPaymentPercent: request.downPaymentPercent ?? defaults.downPaymentPercent,
            companyContributionUF,
            realEstateContributionUF: request.realEstateContributionUF,
            subsidyUF: request.subsidyUF,
          });
    const simulation = simulateMortgage({
      principalUF: downPayment ? downPayment.loanUF : (request.principalUF ?? FINANCING_DEFAULTS.principalUF),
      annualRatePercent: request.annualRatePercent ?? defaults.annualRatePercent,
      termYears: request.termYears ?? defaults.termYears,
      convention: request.convention ?? FINANCING_DEFAULTS.convention,
      ufValue: uf.value,
      desgravamenMonthlyRatePercent: request.desgravamenMonthlyRatePercent ?? defaults.desgravamenMonthlyRatePercent,
      fireEarthquakeMonthlyRatePercent: request.fireEarthquakeMonthlyRatePercent ?? defaults.fireEarthquakeMonthlyRatePercent,
      insuredValueUF: request.insuredValueUF ?? request.priceUF,
      maxDebtRatioPercent: request.maxDebtRatioPercent ?? defaults.maxDebtRatioPercent,
      upfrontCostsUF: request.upfrontCostsUF ?? defaults.upfrontCostsUF,
    });
    return {
      ...simulation,
      ufDate: uf.date,
      ufRequestedDate: uf.requestedDate,
      downPayment: downPayment && { ...downPayment, ...downPaymentInCLP(downPayment, uf.value) },
      companyContributionSource: source,
    };
  }
}
