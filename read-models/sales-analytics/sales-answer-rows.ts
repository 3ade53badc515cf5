import type { Counter } from './sales-analytics.projection';

/**
 * The rows of the sales dashboard's answer, each kind a class. Why not object literals with spreads
 * (`{ projectId, ...figures(c) }`): V8 gives such objects hidden classes from a few shared root maps, one per
 * property count, that JSON.parse uses too. The read store parses documents holding maps keyed by ids (the
 * leads' `lead_day_rows`: `rows.<leadId>`), which fill those roots with one transition per id until V8 can add
 * no more; from then on every row built from them got a hidden class of its own. With the leads of the
 * million-event benchmark loaded, that doubled the query's allocation, and each scavenge copied ~20 MB instead
 * of ~1 (25 ms instead of 7): the query took 47 ms instead of 27. A class's instances share the class's own
 * hidden class, whatever documents were parsed. Field order is the answer's (contract/analytics.ts).
 */
export type Counts = Record<Counter, number>;

const round2 = (n: number): number => Math.round(n * 100) / 100;
export const ratio = (part: number, whole: number): number => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0);

/** Reservations started, confirmed, expired, cancelled and their revenue: the figures every row draws. */
export class ReservationFigures {
  readonly started: number;
  readonly confirmed: number;
  readonly expired: number;
  readonly cancelled: number;
  readonly revenueUF: number;
  readonly revenueCLP: number;
  constructor(c: Counts) {
    this.started = c.started;
    this.confirmed = c.confirmed;
    this.expired = c.expired;
    this.cancelled = c.cancelled;
    this.revenueUF = round2(c.revenueUF);
    this.revenueCLP = Math.round(c.revenueCLP);
  }
}

/** A day, week or month of the series. */
export class SeriesRow {
  readonly period: string;
  readonly started: number;
  readonly confirmed: number;
  readonly expired: number;
  readonly cancelled: number;
  readonly revenueUF: number;
  readonly revenueCLP: number;
  constructor(period: string, c: Counts) {
    this.period = period;
    this.started = c.started;
    this.confirmed = c.confirmed;
    this.expired = c.expired;
    this.cancelled = c.cancelled;
    this.revenueUF = round2(c.revenueUF);
    this.revenueCLP = Math.round(c.revenueCLP);
  }
}

/** A project: its funnel from views to confirmed reservations. */
export class ProjectRow {
  readonly projectId: string;
  readonly projectName: string;
  readonly realEstateCompanyId: string;
  readonly views: number;
  readonly favourites: number;
  readonly leads: number;
  readonly quotes: number;
  readonly started: number;
  readonly confirmed: number;
  readonly expired: number;
  readonly cancelled: number;
  readonly revenueUF: number;
  readonly revenueCLP: number;
  readonly conversionRate: number;
  constructor(projectId: string, projectName: string, realEstateCompanyId: string, c: Counts) {
    this.projectId = projectId;
    this.projectName = projectName;
    this.realEstateCompanyId = realEstateCompanyId;
    this.views = c.views;
    this.favourites = c.favourites;
    this.leads = c.leads;
    this.quotes = c.quotes;
    this.started = c.started;
    this.confirmed = c.confirmed;
    this.expired = c.expired;
    this.cancelled = c.cancelled;
    this.revenueUF = round2(c.revenueUF);
    this.revenueCLP = Math.round(c.revenueCLP);
    this.conversionRate = ratio(c.confirmed, c.quotes);
  }
}

/** A real-estate company's reservations (the application adds its name). */
export class RealEstateCompanyRow {
  readonly companyId: string;
  readonly started: number;
  readonly confirmed: number;
  readonly expired: number;
  readonly cancelled: number;
  readonly revenueUF: number;
  readonly revenueCLP: number;
  constructor(companyId: string, c: Counts) {
    this.companyId = companyId;
    this.started = c.started;
    this.confirmed = c.confirmed;
    this.expired = c.expired;
    this.cancelled = c.cancelled;
    this.revenueUF = round2(c.revenueUF);
    this.revenueCLP = Math.round(c.revenueCLP);
  }
}

/** A partner employer's collaborators' quotes, reservations and the contribution it committed and paid (the application adds its name). */
export class PartnerCompanyRow {
  readonly companyId: string;
  readonly quotes: number;
  readonly started: number;
  readonly confirmed: number;
  readonly expired: number;
  readonly cancelled: number;
  readonly revenueUF: number;
  readonly revenueCLP: number;
  readonly contributionCommittedUF: number;
  readonly contributionPaidUF: number;
  constructor(companyId: string, c: Counts) {
    this.companyId = companyId;
    this.quotes = c.quotes;
    this.started = c.started;
    this.confirmed = c.confirmed;
    this.expired = c.expired;
    this.cancelled = c.cancelled;
    this.revenueUF = round2(c.revenueUF);
    this.revenueCLP = Math.round(c.revenueCLP);
    this.contributionCommittedUF = round2(c.contributionCommittedUF);
    this.contributionPaidUF = round2(c.contributionPaidUF);
  }
}

/** One typology of one project. */
export class TypologyRow {
  readonly projectId: string;
  readonly projectName: string;
  readonly typology: string;
  readonly quotes: number;
  readonly started: number;
  readonly confirmed: number;
  readonly expired: number;
  readonly cancelled: number;
  readonly revenueUF: number;
  readonly revenueCLP: number;
  readonly conversionRate: number;
  constructor(projectId: string, projectName: string, typology: string, c: Counts) {
    this.projectId = projectId;
    this.projectName = projectName;
    this.typology = typology;
    this.quotes = c.quotes;
    this.started = c.started;
    this.confirmed = c.confirmed;
    this.expired = c.expired;
    this.cancelled = c.cancelled;
    this.revenueUF = round2(c.revenueUF);
    this.revenueCLP = Math.round(c.revenueCLP);
    this.conversionRate = ratio(c.confirmed, c.quotes);
  }
}
