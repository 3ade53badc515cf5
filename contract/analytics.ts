import { z } from 'zod';
import { COMPANY_KINDS } from '../domain/companies/company';
import { calendarDate, idParam } from './common';
import { backofficeQuote, backofficeQuotesQuery, backofficeReservation, backofficeReservationsQuery } from './audit';

const GRANULARITIES = ['day', 'week', 'month'] as const;
/** The longest range one request may sum (a day granularity over it is ~1,100 points). */
const MAX_RANGE_DAYS = 1100;

const range = {
  from: calendarDate,
  to: calendarDate,
  projectId: idParam.optional(),
  realEstateCompanyId: idParam.optional(),
  partnerCompanyId: idParam.optional(),
};

const checkRange = (q: { from: string; to: string }, ctx: z.RefinementCtx) => {
  if (q.from > q.to)
    ctx.addIssue({ code: 'custom', path: ['to'], params: { code: 'INVALID_DATE', message: 'La fecha final debe ser posterior a la inicial.' } });
  else if ((Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 > MAX_RANGE_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], params: { code: 'INVALID_DATE', message: 'El rango no puede superar los 3 años.' } });
};

/** GET /analytics/sales. Dates are Chile's calendar days (America/Santiago), both included; periods are those days, their ISO weeks and months. */
export const salesAnalyticsQuery = z.strictObject({ ...range, granularity: z.enum(GRANULARITIES).default('day') }).superRefine(checkRange);
export type SalesAnalyticsQuery = z.input<typeof salesAnalyticsQuery>;

/** GET /analytics/leads. Dates are Chile's calendar days, both included (a lead counts on the day it was captured in Chile). */
export const leadAnalyticsQuery = z.strictObject({ from: calendarDate, to: calendarDate, projectId: idParam.optional() }).superRefine(checkRange);

const reservationFigures = {
  started: z.number(),
  confirmed: z.number(),
  expired: z.number(),
  cancelled: z.number(),
  revenueUF: z.number(),
  revenueCLP: z.number(),
};
const conversion = { views: z.number(), favourites: z.number(), leads: z.number(), quotes: z.number(), ...reservationFigures, conversionRate: z.number() };

export const salesAnalyticsResponse = z.object({
  from: z.string(),
  to: z.string(),
  granularity: z.enum(GRANULARITIES),
  totals: z.object(reservationFigures),
  series: z.array(z.object({ period: z.string(), ...reservationFigures })),
  byProject: z.array(z.object({ projectId: z.string(), projectName: z.string(), realEstateCompanyId: z.string(), ...conversion })),
  byRealEstateCompany: z.array(z.object({ companyId: z.string(), companyName: z.string(), ...reservationFigures })),
  byPartnerCompany: z.array(
    z.object({
      companyId: z.string(),
      companyName: z.string(),
      quotes: z.number(),
      ...reservationFigures,
      contributionCommittedUF: z.number(),
      contributionPaidUF: z.number(),
    }),
  ),
  byTypology: z.array(
    z.object({ projectId: z.string(), projectName: z.string(), typology: z.string(), quotes: z.number(), ...reservationFigures, conversionRate: z.number() }),
  ),
  funnel: z.object({ visits: z.number(), leads: z.number(), quotes: z.number(), reservations: z.number(), confirmed: z.number() }),
  rates: z.object({ holdExpiry: z.number(), paymentRejection: z.number() }),
  contribution: z.object({ committedUF: z.number(), paidUF: z.number() }),
  engagement: z.object({ views: z.number(), favourites: z.number() }),
  /** The company the server scoped the figures to (a company user's own), or null for staff. */
  scope: z.object({ companyId: z.string(), kind: z.enum(COMPANY_KINDS) }).nullable(),
});
export type SalesAnalytics = z.infer<typeof salesAnalyticsResponse>;

export const leadAnalyticsResponse = z.object({
  from: z.string(),
  to: z.string(),
  total: z.number(),
  byStatus: z.array(z.object({ status: z.string(), count: z.number() })),
  bySource: z.array(z.object({ source: z.string(), count: z.number() })),
  byAdvisor: z.array(
    z.object({
      advisorId: z.string().nullable(),
      advisorName: z.string().nullable(),
      total: z.number(),
      contacted: z.number(),
      onTime: z.number(),
      overdue: z.number(),
    }),
  ),
  scoreDistribution: z.array(z.object({ band: z.string(), count: z.number() })),
  firstContact: z.object({
    promiseHours: z.number(),
    contacted: z.number(),
    onTime: z.number(),
    late: z.number(),
    overdue: z.number(),
    pending: z.number(),
    onTimeRate: z.number(),
    medianHours: z.number().nullable(),
    averageHours: z.number().nullable(),
  }),
  scope: z.object({ companyId: z.string(), kind: z.enum(COMPANY_KINDS) }).nullable(),
});
export type LeadAnalytics = z.infer<typeof leadAnalyticsResponse>;

/** GET /analytics/filters: what the dashboard's filters offer, within the caller's scope. */
export const analyticsFiltersResponse = z.object({
  projects: z.array(z.object({ id: z.string(), name: z.string(), realEstateCompanyId: z.string() })),
  realEstateCompanies: z.array(z.object({ id: z.string(), name: z.string() })),
  partnerCompanies: z.array(z.object({ id: z.string(), name: z.string() })),
  scope: z.object({ companyId: z.string(), kind: z.enum(COMPANY_KINDS) }).nullable(),
});
export type AnalyticsFilters = z.infer<typeof analyticsFiltersResponse>;

/** GET /analytics/employer: a partner employer's collaborators and campaigns (the employer portal). */
export const employerOverviewQuery = z.strictObject({ companyId: idParam.optional() });
export const employerOverviewResponse = z.object({
  companyId: z.string(),
  collaborators: z.object({ total: z.number(), active: z.number(), withAccount: z.number() }),
  campaigns: z.array(
    z.object({ id: z.string(), name: z.string(), status: z.string(), enrolledCount: z.number(), startDate: z.string(), endDate: z.string().nullable() }),
  ),
});
export type EmployerOverview = z.infer<typeof employerOverviewResponse>;

// ---- the employer portal: its collaborators' quotes and reservations, and the company's contribution ----

/** A partner employer's lists: the back office's filters; a company user gets their own company, staff name one (?companyId). */
export const employerQuotesQuery = backofficeQuotesQuery.extend({ companyId: idParam.optional() });
export const employerQuote = backofficeQuote.extend({ companyContributionUF: z.number() });
export type EmployerQuoteView = z.infer<typeof employerQuote>;
export const employerQuotesResponse = z.object({ items: z.array(employerQuote), total: z.number().int(), page: z.number().int(), perPage: z.number().int() });

export const employerReservationsQuery = backofficeReservationsQuery.extend({ companyId: idParam.optional() });
const EMPLOYER_CONTRIBUTION_STATES = ['committed', 'paid', 'none'] as const;
export const employerReservation = backofficeReservation.extend({
  /** The unit's price when the reservation was requested (UF). */
  priceUF: z.number(),
  /** The company's contribution to this buyer when the reservation was requested (UF). */
  companyContributionUF: z.number(),
  /** paid: confirmed and paid; committed: under way or confirmed; none: ended without a sale. */
  contribution: z.enum(EMPLOYER_CONTRIBUTION_STATES),
});
export type EmployerReservationView = z.infer<typeof employerReservation>;
export const employerReservationsResponse = z.object({
  items: z.array(employerReservation),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});

// ---- the real-estate company portal: its projects' quotes and reservations ----

/** A real-estate company's lists: the back office's filters; a company user gets their own company, staff name one (?companyId). */
export const realEstateQuotesQuery = backofficeQuotesQuery.extend({ companyId: idParam.optional() });
export type RealEstateQuoteView = z.infer<typeof backofficeQuote>;
export const realEstateQuotesResponse = z.object({
  items: z.array(backofficeQuote),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});

export const realEstateReservationsQuery = backofficeReservationsQuery.extend({ companyId: idParam.optional() });
export const realEstateReservation = backofficeReservation.extend({
  /** The unit's price when the reservation was requested (UF). */
  priceUF: z.number(),
});
export type RealEstateReservationView = z.infer<typeof realEstateReservation>;
export const realEstateReservationsResponse = z.object({
  items: z.array(realEstateReservation),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});

/** GET /analytics/employer/contribution: the reservations list's filters, summed. */
export const employerContributionQuery = backofficeReservationsQuery.omit({ sort: true, page: true, perPage: true }).extend({ companyId: idParam.optional() });
export const employerContributionResponse = z.object({
  companyId: z.string(),
  reservations: z.number().int(),
  committed: z.number().int(),
  committedUF: z.number(),
  paid: z.number().int(),
  paidUF: z.number(),
});
export type EmployerContribution = z.infer<typeof employerContributionResponse>;
