import { z } from 'zod';
import { RATE_CONVENTIONS } from '../domain/financing/mortgage';
import { idParam, isoDate, pageQuery } from './common';

export const PRICINGS = ['normal', 'bonus'] as const;
export type Pricing = (typeof PRICINGS)[number];

export const createQuoteBody = z.strictObject({
  unitId: idParam,
  pricing: z.enum(PRICINGS).optional(),
  downPaymentPercent: z.number().min(0).max(100).optional(),
  annualRatePercent: z.number().min(0).max(50).optional(),
  termYears: z.number().int().min(1).max(40).optional(),
  convention: z.enum(RATE_CONVENTIONS).optional(),
  maxDebtRatioPercent: z.number().gt(0).max(100).optional(),
});

export const myQuotesQuery = z.strictObject({ from: isoDate.optional(), to: isoDate.optional(), ...pageQuery });
