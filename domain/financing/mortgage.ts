import { DomainError, type FieldError } from '../shared/errors';
import { dec, Decimal, toCLP, toUF } from './decimal';

/**
 * Mortgage (crédito hipotecario) maths in UF: the French annuity dividend D = P·i / (1 - (1 + i)^-n),
 * insurance added monthly, the down payment with the employer's and the real-estate company's
 * contributions, the minimum income under the lender's debt ratio and the CAE (Ley 20.555) as the
 * annualised internal rate of return of the loan's monthly flows.
 */

/** How a lender turns the annual rate into the monthly one: annual/12, or (1 + annual)^(1/12) - 1. */
export const RATE_CONVENTIONS = ['nominal', 'effective'] as const;
export type RateConvention = (typeof RATE_CONVENTIONS)[number];

/** Spec §9 calculator defaults, plus typical Chilean insurance rates (monthly, on balance / insured value). */
export const FINANCING_DEFAULTS = {
  principalUF: 3000,
  annualRatePercent: 4,
  termYears: 20,
  maxDebtRatioPercent: 25,
  /** The buyer's own down payment when a price is given without one (and the unit names none). */
  downPaymentPercent: 20,
  convention: 'nominal' as RateConvention,
  desgravamenMonthlyRatePercent: 0.015,
  fireEarthquakeMonthlyRatePercent: 0.025,
} as const;

export interface DownPaymentInput {
  readonly priceUF: number;
  /** The buyer's own down payment as a percentage of the price. */
  readonly downPaymentPercent: number;
  readonly companyContributionUF?: number;
  readonly realEstateContributionUF?: number;
  readonly subsidyUF?: number;
}

export interface DownPayment {
  readonly priceUF: number;
  readonly buyerUF: number;
  readonly companyContributionUF: number;
  readonly realEstateContributionUF: number;
  readonly subsidyUF: number;
  /** Everything that is not financed by the loan. */
  readonly totalUF: number;
  /** Total down payment (pie) as a percentage of the price, contributions included. */
  readonly totalPercent: number;
  readonly loanUF: number;
  readonly financingPercent: number;
}

/** The down payment's amounts in whole pesos at one day's UF (each rounded from its exact UF amount). */
export interface DownPaymentCLP {
  readonly priceCLP: number;
  readonly buyerCLP: number;
  readonly companyContributionCLP: number;
  readonly realEstateContributionCLP: number;
  readonly subsidyCLP: number;
  readonly totalCLP: number;
  readonly loanCLP: number;
}

export interface MortgageInput {
  readonly principalUF: number;
  readonly annualRatePercent: number;
  readonly termYears: number;
  readonly convention: RateConvention;
  readonly ufValue: number;
  readonly desgravamenMonthlyRatePercent?: number;
  readonly fireEarthquakeMonthlyRatePercent?: number;
  /** Insured value of the building (land excluded); defaults to the principal. */
  readonly insuredValueUF?: number;
  readonly maxDebtRatioPercent?: number;
  /** Up-front costs of the loan (appraisal, legal study, notary...) that reduce the net amount received. */
  readonly upfrontCostsUF?: number;
}

export interface MortgageSimulation {
  readonly convention: RateConvention;
  readonly principalUF: number;
  readonly annualRatePercent: number;
  readonly termYears: number;
  readonly termMonths: number;
  readonly monthlyRate: number;
  readonly ufValue: number;
  readonly monthlyPaymentUF: number;
  readonly monthlyPaymentCLP: number;
  readonly insurance: {
    readonly desgravamenMonthlyRatePercent: number;
    readonly fireEarthquakeMonthlyRatePercent: number;
    readonly insuredValueUF: number;
    /** First month: rate times the outstanding balance (the whole principal). */
    readonly desgravamenUF: number;
    readonly desgravamenCLP: number;
    readonly fireEarthquakeUF: number;
    readonly fireEarthquakeCLP: number;
  };
  readonly totalMonthlyPaymentUF: number;
  readonly totalMonthlyPaymentCLP: number;
  readonly maxDebtRatioPercent: number;
  readonly minimumIncomeUF: number;
  readonly minimumIncomeCLP: number;
  readonly totalInterestUF: number;
  readonly totalInterestCLP: number;
  readonly totalPaidUF: number;
  readonly totalPaidCLP: number;
  readonly upfrontCostsUF: number;
  readonly upfrontCostsCLP: number;
  readonly principalCLP: number;
  /** Carga anual equivalente in percent: 12 × the monthly IRR of the flows (an estimate, not the official sheet). */
  readonly cae: number;
}

const invalid = (code: 'VALIDATION_FAILED' | 'INVALID_UF_VALUE', field: string, detail: string): never => {
  const fieldErrors: FieldError[] = [{ field, code: code === 'INVALID_UF_VALUE' ? 'INVALID_UF_VALUE' : 'INVALID_VALUE' }];
  throw new DomainError(code, detail, fieldErrors);
};

export const monthlyRate = (annualRatePercent: number, convention: RateConvention): Decimal => {
  const annual = dec(annualRatePercent).div(100);
  return convention === 'nominal' ? annual.div(12) : annual.plus(1).pow(dec(1).div(12)).minus(1);
};

/** D = P·i / (1 - (1 + i)^-n); with a zero rate the principal is simply split in n parts. */
export const annuityPayment = (principal: Decimal, rate: Decimal, months: number): Decimal => {
  if (rate.isZero()) return principal.div(months);
  return principal.times(rate).div(dec(1).minus(rate.plus(1).pow(-months)));
};

export const downPaymentOf = (input: DownPaymentInput): DownPayment => {
  const price = dec(input.priceUF);
  if (!price.isFinite() || price.lte(0)) invalid('INVALID_UF_VALUE', 'priceUF', 'price must be positive');
  if (!(input.downPaymentPercent >= 0 && input.downPaymentPercent <= 100)) invalid('VALIDATION_FAILED', 'downPaymentPercent', 'down payment percent');
  const company = dec(input.companyContributionUF ?? 0);
  const realEstate = dec(input.realEstateContributionUF ?? 0);
  const subsidy = dec(input.subsidyUF ?? 0);
  for (const [field, value] of [
    ['companyContributionUF', company],
    ['realEstateContributionUF', realEstate],
    ['subsidyUF', subsidy],
  ] as const)
    if (value.isNegative()) invalid('INVALID_UF_VALUE', field, `${field} negative`);
  const buyer = price.times(dec(input.downPaymentPercent)).div(100);
  const total = buyer.plus(company).plus(realEstate).plus(subsidy);
  const loan = price.minus(total);
  if (loan.isNegative())
    throw new DomainError('BUSINESS_RULE_VIOLATION', 'contributions exceed the price', [
      { field: 'downPaymentPercent', code: 'BUSINESS_RULE_VIOLATION', message: 'El pie y los aportes superan el precio de la unidad.' },
    ]);
  return {
    priceUF: toUF(price),
    buyerUF: toUF(buyer),
    companyContributionUF: toUF(company),
    realEstateContributionUF: toUF(realEstate),
    subsidyUF: toUF(subsidy),
    totalUF: toUF(total),
    totalPercent: toUF(total.div(price).times(100), 2),
    loanUF: toUF(loan),
    financingPercent: toUF(loan.div(price).times(100), 2),
  };
};

/** Every amount of a down payment in CLP at the given UF, so no client converts (and rounds) on its own. */
export const downPaymentInCLP = (downPayment: DownPayment, ufValue: number): DownPaymentCLP => {
  if (!(ufValue > 0)) invalid('INVALID_UF_VALUE', 'ufValue', 'UF value must be positive');
  const clp = (amountUF: number) => toCLP(dec(amountUF).times(dec(ufValue)));
  return {
    priceCLP: clp(downPayment.priceUF),
    buyerCLP: clp(downPayment.buyerUF),
    companyContributionCLP: clp(downPayment.companyContributionUF),
    realEstateContributionCLP: clp(downPayment.realEstateContributionUF),
    subsidyCLP: clp(downPayment.subsidyUF),
    totalCLP: clp(downPayment.totalUF),
    loanCLP: clp(downPayment.loanUF),
  };
};

/**
 * The monthly IRR r of: +net at month 0, -payments[t-1] at month t. Newton's method from the loan's own
 * rate; the flows are a loan, so the function is monotone and one root exists when payments exceed net.
 */
const internalRateOfReturn = (net: Decimal, payments: readonly Decimal[], guess: Decimal): Decimal => {
  let r = guess.isZero() ? dec('0.001') : guess;
  for (let iteration = 0; iteration < 60; iteration++) {
    const v = dec(1).div(r.plus(1));
    let discount = dec(1);
    let f = net.negated();
    let slope = dec(0);
    for (let t = 1; t <= payments.length; t++) {
      discount = discount.times(v);
      f = f.plus(payments[t - 1].times(discount));
      slope = slope.minus(payments[t - 1].times(t).times(discount).times(v));
    }
    const step = f.div(slope);
    r = r.minus(step);
    if (step.abs().lt('1e-20')) break;
  }
  return r;
};

export const simulateMortgage = (input: MortgageInput): MortgageSimulation => {
  const principal = dec(input.principalUF);
  if (!principal.isFinite() || principal.lte(0)) invalid('INVALID_UF_VALUE', 'principalUF', 'principal must be positive');
  if (!(input.annualRatePercent >= 0 && input.annualRatePercent < 100)) invalid('VALIDATION_FAILED', 'annualRatePercent', 'rate out of range');
  if (!(Number.isInteger(input.termYears) && input.termYears >= 1 && input.termYears <= 40)) invalid('VALIDATION_FAILED', 'termYears', 'term out of range');
  if (!(input.ufValue > 0)) invalid('INVALID_UF_VALUE', 'ufValue', 'UF value must be positive');
  const ratio = dec(input.maxDebtRatioPercent ?? FINANCING_DEFAULTS.maxDebtRatioPercent);
  // Below 1 % the minimum income divides by next to nothing (5e-324 % gave Infinity, sent as null).
  if (ratio.lt(1) || ratio.gt(100)) invalid('VALIDATION_FAILED', 'maxDebtRatioPercent', 'ratio out of range');
  const desgravamenRate = dec(input.desgravamenMonthlyRatePercent ?? FINANCING_DEFAULTS.desgravamenMonthlyRatePercent).div(100);
  const fireRate = dec(input.fireEarthquakeMonthlyRatePercent ?? FINANCING_DEFAULTS.fireEarthquakeMonthlyRatePercent).div(100);
  const insuredValue = dec(input.insuredValueUF ?? input.principalUF);
  const upfrontCosts = dec(input.upfrontCostsUF ?? 0);
  if (desgravamenRate.isNegative() || fireRate.isNegative() || insuredValue.isNegative() || upfrontCosts.isNegative() || upfrontCosts.gte(principal))
    invalid('VALIDATION_FAILED', 'insurance', 'insurance and costs must be non-negative');

  const uf = dec(input.ufValue);
  const months = input.termYears * 12;
  const rate = monthlyRate(input.annualRatePercent, input.convention);
  const payment = annuityPayment(principal, rate, months);
  const fire = insuredValue.times(fireRate);
  const firstDesgravamen = principal.times(desgravamenRate);
  const totalMonthly = payment.plus(firstDesgravamen).plus(fire);

  // Month by month: desgravamen follows the outstanding balance, which the amortisation lowers.
  const flows: Decimal[] = [];
  let balance = principal;
  let totalPaid = dec(0);
  for (let month = 1; month <= months; month++) {
    const flow = payment.plus(balance.times(desgravamenRate)).plus(fire);
    flows.push(flow);
    totalPaid = totalPaid.plus(flow);
    balance = balance.minus(payment.minus(balance.times(rate)));
  }
  const irr = internalRateOfReturn(principal.minus(upfrontCosts), flows, rate);
  const minimumIncomeUF = totalMonthly.div(ratio).times(100);

  return {
    convention: input.convention,
    principalUF: toUF(principal),
    annualRatePercent: input.annualRatePercent,
    termYears: input.termYears,
    termMonths: months,
    monthlyRate: rate.toDecimalPlaces(10).toNumber(),
    ufValue: uf.toNumber(),
    monthlyPaymentUF: toUF(payment),
    monthlyPaymentCLP: toCLP(payment.times(uf)),
    insurance: {
      desgravamenMonthlyRatePercent: desgravamenRate.times(100).toNumber(),
      fireEarthquakeMonthlyRatePercent: fireRate.times(100).toNumber(),
      insuredValueUF: toUF(insuredValue),
      desgravamenUF: toUF(firstDesgravamen),
      desgravamenCLP: toCLP(firstDesgravamen.times(uf)),
      fireEarthquakeUF: toUF(fire),
      fireEarthquakeCLP: toCLP(fire.times(uf)),
    },
    totalMonthlyPaymentUF: toUF(totalMonthly),
    totalMonthlyPaymentCLP: toCLP(totalMonthly.times(uf)),
    maxDebtRatioPercent: ratio.toNumber(),
    minimumIncomeUF: toUF(minimumIncomeUF),
    // Rounded up: an income one peso short of the exact amount would break the ratio.
    minimumIncomeCLP: minimumIncomeUF.times(uf).toDecimalPlaces(0, Decimal.ROUND_CEIL).toNumber(),
    totalInterestUF: toUF(payment.times(months).minus(principal)),
    totalInterestCLP: toCLP(payment.times(months).minus(principal).times(uf)),
    totalPaidUF: toUF(totalPaid),
    totalPaidCLP: toCLP(totalPaid.times(uf)),
    upfrontCostsUF: toUF(upfrontCosts),
    upfrontCostsCLP: toCLP(upfrontCosts.times(uf)),
    principalCLP: toCLP(principal.times(uf)),
    cae: irr.times(1200).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber(),
  };
};
