import { FINANCING_DEFAULTS } from './mortgage';
import { activeValue } from './financial-parameters.decide';
import type { FinancialParametersState, ParameterFields } from './financial-parameters';
import { ACTIVE_RESERVATIONS_PARAMETER, DEFAULT_ACTIVE_RESERVATIONS_LIMIT } from '../reservations/buyer-reservations';

/**
 * The financial parameters the simulator and quotes read, under fixed ids (a rename in the back office
 * keeps the id). Seeded with the values the simulator used as constants; a parameter switched off (active
 * false) falls back to the built-in value.
 */
export const SIMULATOR_PARAMETERS = {
  annualRatePercent: 'tasa-interes-anual',
  termYears: 'plazo-credito-anos',
  maxDebtRatioPercent: 'carga-financiera-maxima',
  downPaymentPercent: 'pie-por-defecto',
  desgravamenMonthlyRatePercent: 'seguro-desgravamen-mensual',
  fireEarthquakeMonthlyRatePercent: 'seguro-incendio-sismo-mensual',
  upfrontCostsUF: 'gastos-operacionales-uf',
} as const;

export type SimulatorDefaults = { readonly [K in keyof typeof SIMULATOR_PARAMETERS]: number };

/** Spec §9's calculator defaults and the insurance the simulator applied before parameters existed. */
const BUILT_IN_DEFAULTS: SimulatorDefaults = {
  annualRatePercent: FINANCING_DEFAULTS.annualRatePercent,
  termYears: FINANCING_DEFAULTS.termYears,
  maxDebtRatioPercent: FINANCING_DEFAULTS.maxDebtRatioPercent,
  downPaymentPercent: 20,
  desgravamenMonthlyRatePercent: FINANCING_DEFAULTS.desgravamenMonthlyRatePercent,
  fireEarthquakeMonthlyRatePercent: FINANCING_DEFAULTS.fireEarthquakeMonthlyRatePercent,
  upfrontCostsUF: 0,
};

/** The values in force: each active parameter, else its built-in value. */
export const simulatorDefaults = (state: FinancialParametersState): SimulatorDefaults =>
  Object.fromEntries(
    (Object.keys(SIMULATOR_PARAMETERS) as (keyof SimulatorDefaults)[]).map((key) => [
      key,
      activeValue(state, SIMULATOR_PARAMETERS[key]) ?? BUILT_IN_DEFAULTS[key],
    ]),
  ) as SimulatorDefaults;

/** How many reservations one buyer may have under way or confirmed at once: the parameter in force, else 1. */
export const activeReservationsLimit = (state: FinancialParametersState): number =>
  activeValue(state, ACTIVE_RESERVATIONS_PARAMETER) ?? DEFAULT_ACTIVE_RESERVATIONS_LIMIT;

/** The first table: what the platform seeds when it has none (a parameter added later is seeded at the next start). */
export const SEEDED_PARAMETERS: readonly { parameterId: string; fields: ParameterFields }[] = [
  {
    parameterId: SIMULATOR_PARAMETERS.annualRatePercent,
    fields: {
      name: 'Tasa de interés anual',
      description: 'Tasa anual del crédito hipotecario que el simulador propone.',
      value: BUILT_IN_DEFAULTS.annualRatePercent,
      category: 'RATES',
      type: 'percentage',
      minValue: 0,
      maxValue: 30,
      active: true,
    },
  },
  {
    parameterId: SIMULATOR_PARAMETERS.termYears,
    fields: {
      name: 'Plazo del crédito (años)',
      description: 'Plazo que el simulador propone.',
      value: BUILT_IN_DEFAULTS.termYears,
      category: 'PERIODS',
      type: 'number',
      minValue: 1,
      maxValue: 40,
      active: true,
    },
  },
  {
    parameterId: SIMULATOR_PARAMETERS.maxDebtRatioPercent,
    fields: {
      name: 'Carga financiera máxima',
      description: 'Dividendo máximo como porcentaje del ingreso líquido: fija la renta mínima.',
      value: BUILT_IN_DEFAULTS.maxDebtRatioPercent,
      category: 'RATES',
      type: 'percentage',
      minValue: 5,
      maxValue: 60,
      active: true,
    },
  },
  {
    parameterId: SIMULATOR_PARAMETERS.downPaymentPercent,
    fields: {
      name: 'Pie por defecto',
      description: 'Pie del comprador cuando la unidad no fija otro.',
      value: BUILT_IN_DEFAULTS.downPaymentPercent,
      category: 'RATES',
      type: 'percentage',
      minValue: 0,
      maxValue: 90,
      active: true,
    },
  },
  {
    parameterId: SIMULATOR_PARAMETERS.desgravamenMonthlyRatePercent,
    fields: {
      name: 'Seguro de desgravamen (mensual)',
      description: 'Tasa mensual sobre el saldo insoluto.',
      value: BUILT_IN_DEFAULTS.desgravamenMonthlyRatePercent,
      category: 'INSURANCE',
      type: 'rate',
      minValue: 0,
      maxValue: 1,
      active: true,
    },
  },
  {
    parameterId: SIMULATOR_PARAMETERS.fireEarthquakeMonthlyRatePercent,
    fields: {
      name: 'Seguro de incendio y sismo (mensual)',
      description: 'Tasa mensual sobre el valor asegurado (el precio de la propiedad).',
      value: BUILT_IN_DEFAULTS.fireEarthquakeMonthlyRatePercent,
      category: 'INSURANCE',
      type: 'rate',
      minValue: 0,
      maxValue: 1,
      active: true,
    },
  },
  {
    parameterId: SIMULATOR_PARAMETERS.upfrontCostsUF,
    fields: {
      name: 'Gastos operacionales (UF)',
      description: 'Tasación, estudio de títulos y notaría: entran al cálculo de la CAE.',
      value: BUILT_IN_DEFAULTS.upfrontCostsUF,
      category: 'CAE',
      type: 'currency',
      minValue: 0,
      maxValue: 500,
      active: true,
    },
  },
  {
    parameterId: ACTIVE_RESERVATIONS_PARAMETER,
    fields: {
      name: 'Reservas activas por comprador',
      description: 'Reservas en curso o confirmadas que una persona puede tener a la vez; el aporte de su empleador se aplica a una sola.',
      value: DEFAULT_ACTIVE_RESERVATIONS_LIMIT,
      category: 'LIMITS',
      type: 'number',
      minValue: 1,
      maxValue: 10,
      active: true,
    },
  },
];
