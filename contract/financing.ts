import { z } from 'zod';
import { RATE_CONVENTIONS } from '../domain/financing/mortgage';
import { calendarDate } from './common';

const uf = (max: number) => z.number().min(0).max(max);

/** Calculator inputs: everything optional, each left out taken from the financial parameters in force (GET /financing/defaults). */
export const simulateBody = z.strictObject({
  principalUF: z.number().positive().max(100_000).optional(),
  priceUF: z.number().positive().max(1_000_000).optional(),
  downPaymentPercent: z.number().min(0).max(100).optional(),
  companyContributionUF: uf(100_000).optional(),
  realEstateContributionUF: uf(100_000).optional(),
  subsidyUF: uf(100_000).optional(),
  annualRatePercent: z.number().min(0).max(50).optional(),
  termYears: z.number().int().min(1).max(40).optional(),
  convention: z.enum(RATE_CONVENTIONS).optional(),
  desgravamenMonthlyRatePercent: z.number().min(0).max(1).optional(),
  fireEarthquakeMonthlyRatePercent: z.number().min(0).max(1).optional(),
  insuredValueUF: uf(1_000_000).optional(),
  maxDebtRatioPercent: z.number().min(1).max(100).optional(),
  upfrontCostsUF: uf(10_000).optional(),
  date: calendarDate.optional(),
});

export const ufQuery = z.strictObject({ date: calendarDate.optional() });

export const ufValuesQuery = z.strictObject({
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  limit: z.coerce.number().int().min(1).max(800).default(31),
});

export const recordUfBody = z.strictObject({
  values: z
    .array(z.strictObject({ date: calendarDate, value: z.number().positive().max(1_000_000) }))
    .min(1)
    .max(400),
});

// ---- defaults and answers ----

export { type RateConvention } from '../domain/financing/mortgage';

const amount = z.number();

/**
 * GET /financing/defaults: what the calculator starts from and the server applies to every input a request
 * leaves out, the back office's financial parameters in force (the web keeps no defaults of its own).
 */
export const financingDefaultsResponse = z.object({
  principalUF: amount,
  convention: z.enum(RATE_CONVENTIONS),
  annualRatePercent: amount,
  termYears: amount,
  maxDebtRatioPercent: amount,
  downPaymentPercent: amount,
  desgravamenMonthlyRatePercent: amount,
  fireEarthquakeMonthlyRatePercent: amount,
  upfrontCostsUF: amount,
});
export type FinancingDefaults = z.infer<typeof financingDefaultsResponse>;

/** How the price is paid: every amount in UF and CLP. */
export const downPaymentResponse = z.object({
  priceUF: amount,
  buyerUF: amount,
  companyContributionUF: amount,
  realEstateContributionUF: amount,
  subsidyUF: amount,
  totalUF: amount,
  totalPercent: amount,
  loanUF: amount,
  financingPercent: amount,
  priceCLP: amount,
  buyerCLP: amount,
  companyContributionCLP: amount,
  realEstateContributionCLP: amount,
  subsidyCLP: amount,
  totalCLP: amount,
  loanCLP: amount,
});

/** POST /financing/simulate. */
export const simulationResponse = z.object({
  convention: z.enum(RATE_CONVENTIONS),
  principalUF: amount,
  annualRatePercent: amount,
  termYears: amount,
  termMonths: amount,
  ufValue: amount,
  monthlyPaymentUF: amount,
  monthlyPaymentCLP: amount,
  insurance: z.object({ desgravamenUF: amount, desgravamenCLP: amount, fireEarthquakeUF: amount, fireEarthquakeCLP: amount }),
  totalMonthlyPaymentUF: amount,
  totalMonthlyPaymentCLP: amount,
  maxDebtRatioPercent: amount,
  minimumIncomeUF: amount,
  minimumIncomeCLP: amount,
  totalInterestUF: amount,
  totalInterestCLP: amount,
  totalPaidUF: amount,
  totalPaidCLP: amount,
  principalCLP: amount,
  cae: amount,
  /** The day whose UF converted the amounts (the requested day, or the latest published before it). */
  ufDate: calendarDate,
  ufRequestedDate: calendarDate,
  downPayment: downPaymentResponse.nullable(),
  /** 'collaborator': the signed-in collaborator's company contribution was applied. */
  companyContributionSource: z.enum(['input', 'collaborator', 'none']),
});

/** GET /uf. */
export const ufResponse = z.object({ value: amount, date: calendarDate, requestedDate: calendarDate });

export type SimulationRequest = z.input<typeof simulateBody>;
export type Simulation = z.infer<typeof simulationResponse>;
export type DownPayment = z.infer<typeof downPaymentResponse>;

/** GET /uf/values: the UF table, newest first, with who recorded or corrected each day. */
export const ufValuesResponse = z.object({
  items: z.array(z.object({ date: z.string(), value: z.number(), source: z.string(), recordedBy: z.string(), recordedAt: z.string() })),
});
/** POST /uf: whether anything changed, and the events recorded. */
export const ufRecordedResponse = z.object({ recorded: z.boolean(), events: z.array(z.string()) });
