import { z } from 'zod';
import { RATE_CONVENTIONS } from '../domain/financing/mortgage';
import { isoDate } from './common';

const uf = (max: number) => z.number().min(0).max(max);

/** Calculator inputs: everything optional, defaults of spec §9 (3000 UF, 4.00 %, 20 years, 25 %). */
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
  maxDebtRatioPercent: z.number().gt(0).max(100).optional(),
  upfrontCostsUF: uf(10_000).optional(),
  date: isoDate.optional(),
});

export const ufQuery = z.strictObject({ date: isoDate.optional() });

export const ufValuesQuery = z.strictObject({
  from: isoDate.optional(),
  to: isoDate.optional(),
  limit: z.coerce.number().int().min(1).max(800).default(31),
});

export const recordUfBody = z.strictObject({
  values: z.array(z.strictObject({ date: isoDate, value: z.number().positive().max(1_000_000) })).min(1).max(400),
});
