import { parseDecimal } from '../../shared/format/format';
import type { DownPayment, FinancingDefaults, RateConvention, Simulation, SimulationRequest } from '../../../../contract/financing';
import type { Pricing } from '../../../../contract/quotes';

/**
 * The calculator's rules: the field limits the API accepts and the request each set of inputs makes. Its
 * starting values are the financial parameters in force (GET /financing/defaults), never constants here:
 * a rate an admin changes in the back office is the rate the buyer sees.
 */

export const TERM_CHOICES = [10, 15, 20, 25, 30] as const;

export interface CalculatorUnit {
  readonly id: string;
  readonly unitNumber: string;
  /** The price under the pricing option shown. */
  readonly priceUF: number;
  /** The unit's usual own down payment, percent. */
  readonly downPaymentPercent: number;
  /** The real-estate company's contribution to the down payment under bonus pricing, UF. */
  readonly realEstateContributionUF: number;
}

export type CalculatorValues = {
  principalUF: string;
  downPaymentPercent: string;
  annualRatePercent: string;
  termYears: string;
  convention: string;
};

const decimalText = (n: number): string => String(n).replace('.', ',');

export const initialCalculatorValues = (unit: CalculatorUnit | null, defaults: FinancingDefaults): CalculatorValues => ({
  principalUF: String(defaults.principalUF),
  downPaymentPercent: decimalText(unit?.downPaymentPercent || defaults.downPaymentPercent),
  annualRatePercent: decimalText(defaults.annualRatePercent),
  termYears: String(defaults.termYears),
  convention: defaults.convention,
});

const between = (min: number, max: number) => `Ingrese un número entre ${min} y ${max}.`;

const inRange = (text: string, min: number, max: number, integer = false): string | null => {
  const n = parseDecimal(text);
  if (n === null) return 'Ingrese un número.';
  if (n < min || n > max || (integer && !Number.isInteger(n))) return integer ? `Ingrese un número entero entre ${min} y ${max}.` : between(min, max);
  return null;
};

/** Messages per field; a unit's price replaces the loan amount, so that field is checked only without one. */
export const validateCalculator = (values: CalculatorValues, withUnit: boolean): Partial<Record<keyof CalculatorValues, string>> => {
  const errors: Partial<Record<keyof CalculatorValues, string>> = {};
  const check = (field: keyof CalculatorValues, message: string | null) => {
    if (message) errors[field] = message;
  };
  if (withUnit) check('downPaymentPercent', inRange(values.downPaymentPercent, 0, 90));
  else check('principalUF', inRange(values.principalUF, 1, 100_000));
  check('annualRatePercent', inRange(values.annualRatePercent, 0, 50));
  check('termYears', inRange(values.termYears, 1, 40, true));
  check('convention', values.convention === 'nominal' || values.convention === 'effective' ? null : 'Seleccione una convención.');
  return errors;
};

/**
 * What POST /financing/simulate is asked: with a unit, its price and down payment (the real-estate
 * contribution only under bonus pricing; the collaborator's company contribution the server adds from
 * the session); without one, the loan amount. null while an input is invalid.
 */
export const simulationRequestOf = (values: CalculatorValues, unit: CalculatorUnit | null, pricing: Pricing): SimulationRequest | null => {
  const errors = validateCalculator(values, unit !== null);
  if (Object.keys(errors).length > 0) return null;
  const common = {
    annualRatePercent: parseDecimal(values.annualRatePercent)!,
    termYears: parseDecimal(values.termYears)!,
    convention: values.convention as RateConvention,
  };
  if (!unit) return { principalUF: parseDecimal(values.principalUF)!, ...common };
  return {
    priceUF: unit.priceUF,
    downPaymentPercent: parseDecimal(values.downPaymentPercent)!,
    ...(pricing === 'bonus' && unit.realEstateContributionUF > 0 ? { realEstateContributionUF: unit.realEstateContributionUF } : {}),
    ...common,
  };
};

/** A request's identity: answers to an older request are not shown for a newer one. */
export const simulationKey = (request: SimulationRequest): string => JSON.stringify(request, Object.keys(request).sort());

export interface ChartSlice {
  readonly label: string;
  readonly valueUF: number;
}

/** What the doughnut shows: how the price is paid, or, for a bare loan, capital against interest. */
export const chartSlicesOf = (simulation: Simulation): { title: string; slices: ChartSlice[] } => {
  const dp: DownPayment | null = simulation.downPayment;
  if (!dp) {
    return {
      title: 'Lo que pagará en total',
      slices: [
        { label: 'Capital del crédito', valueUF: simulation.principalUF },
        { label: 'Intereses', valueUF: simulation.totalInterestUF },
      ],
    };
  }
  const slices: ChartSlice[] = [
    { label: 'Su pie', valueUF: dp.buyerUF },
    { label: 'Aporte de su empresa', valueUF: dp.companyContributionUF },
    { label: 'Aporte de la inmobiliaria (bono pie)', valueUF: dp.realEstateContributionUF },
    { label: 'Subsidio', valueUF: dp.subsidyUF },
    { label: 'Crédito hipotecario', valueUF: dp.loanUF },
  ];
  return { title: 'Cómo se paga el precio', slices: slices.filter((s) => s.valueUF > 0) };
};

export const CONVENTION_LABELS: Readonly<Record<RateConvention, string>> = {
  nominal: 'Nominal (tasa anual / 12)',
  effective: 'Efectiva ((1 + tasa anual)^(1/12) − 1)',
};

/**
 * The result the calculator shows beside its terms: none while a term is invalid or after the server refused
 * them, as the last answer was for other terms than the ones on screen (issue 46: an old dividend stayed beside
 * the validation errors). While new terms are being simulated the last answer stays, marked as updating.
 */
export const shownResult = <R>(request: SimulationRequest | null, simulation: { readonly status: string; readonly result: R | null }): R | null =>
  request === null || simulation.status === 'failed' ? null : simulation.result;
