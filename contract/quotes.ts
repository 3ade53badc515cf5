import { z } from 'zod';
import { RATE_CONVENTIONS } from '../domain/financing/mortgage';
import { idParam, calendarDate, pageQuery } from './common';

export const PRICINGS = ['normal', 'bonus'] as const;
export type Pricing = (typeof PRICINGS)[number];

export const createQuoteBody = z.strictObject({
  unitId: idParam,
  pricing: z.enum(PRICINGS).optional(),
  downPaymentPercent: z.number().min(0).max(100).optional(),
  annualRatePercent: z.number().min(0).max(50).optional(),
  termYears: z.number().int().min(1).max(40).optional(),
  convention: z.enum(RATE_CONVENTIONS).optional(),
  maxDebtRatioPercent: z.number().min(1).max(100).optional(),
});

export const myQuotesQuery = z.strictObject({ from: calendarDate.optional(), to: calendarDate.optional(), ...pageQuery });

// ---- answers ----

const quoteProject = z.object({ projectId: z.string(), name: z.string(), communeName: z.string(), realEstateName: z.string() });
const quoteUnit = z.object({ unitId: z.string(), unitNumber: z.string(), typology: z.string(), bedrooms: z.number(), bathrooms: z.number() });

/** POST /quotes (201) and GET /quotes/:id: the quote as issued. */
export const issuedQuoteResponse = z.object({
  id: z.string(),
  number: z.string(),
  project: quoteProject,
  unit: quoteUnit,
  priceUF: z.number(),
  priceCLP: z.number(),
  ufDate: calendarDate,
  validUntil: z.string(),
  createdAt: z.string(),
  pdfUrl: z.string(),
});

/** A row of GET /quotes/mine. */
export const myQuoteResponse = issuedQuoteResponse.extend({
  pricing: z.enum(PRICINGS),
  ufValue: z.number(),
  loanUF: z.number(),
  termYears: z.number(),
  annualRatePercent: z.number(),
  totalMonthlyPaymentUF: z.number(),
  totalMonthlyPaymentCLP: z.number(),
  expired: z.boolean(),
  downloads: z.number().optional(),
  emailedTo: z.array(z.object({ to: z.string(), at: z.string() })).optional(),
});

export const myQuotesResponse = z.object({ items: z.array(myQuoteResponse), total: z.number().int(), page: z.number().int(), perPage: z.number().int() });

/** POST /quotes/:id/email. */
export const quoteEmailedResponse = z.object({ success: z.literal(true), to: z.string(), message: z.string() });

const DOCUMENT_KINDS = ['quote', 'reservation_receipt'] as const;
/** GET /documents/mine: quotes' PDFs and the receipts of confirmed reservations. */
export const myDocumentsResponse = z.object({
  items: z.array(z.object({ kind: z.enum(DOCUMENT_KINDS), id: z.string(), title: z.string(), createdAt: z.string(), url: z.string() })),
  total: z.number().int(),
});

export type QuoteRequest = z.input<typeof createQuoteBody>;
export type MyQuotesQuery = z.input<typeof myQuotesQuery>;
export type IssuedQuote = z.infer<typeof issuedQuoteResponse>;
export type MyQuote = z.infer<typeof myQuoteResponse>;
export type QuotesPage = z.infer<typeof myQuotesResponse>;
export type QuoteEmailed = z.infer<typeof quoteEmailedResponse>;
export type MyDocument = z.infer<typeof myDocumentsResponse>['items'][number];
