/* eslint-disable @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- each row class takes the reservation figures' types from an interface of its name that adds nothing else; `assignFigures` sets them in the constructor */
import type { Counter } from './sales-analytics.projection';

/**
 * The rows of the sales dashboard's answer, each kind a class. Why not object literals with spreads
 * (`{ projectId, ...figures(c) }`): V8 gives such objects hidden classes from a few shared root maps, one per
 * property count, that JSON.parse uses too. The read store parses documents holding maps keyed by ids (the
 * leads' `lead_day_rows`: `rows.<leadId>`), which fill those roots with one transition per id until V8 can add
 * no more; from then on every row built from them got a hidden class of its own. With the leads of the
 * million-event benchmark loaded, that doubled the query's allocation, and each scavenge copied ~20 MB instead
 * of ~1 (25 ms instead of 7): the query took 47 ms instead of 27. A class's instances share the class's own
 * hidden class, whatever documents were parsed. Fields are set in the constructors (`declare` emits nothing),
 * in the answer's order (contract/analytics.ts).
 */
export type Counts = Record<Counter, number>;

export const round2 = (n: number): number => Math.round(n * 100) / 100;
const ratio = (part: number, whole: number): number => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0);

/**
 * A rate between 0 and 1: `part` is a subset of `whole` (confirmed of the reservations started, expired of the
 * holds granted). Each is counted on the Chilean day it happened, so a range that starts between a reservation
 * and its confirmation could count the part without its whole: capped at 1, never 200 %.
 */
export const rate = (part: number, whole: number): number => Math.min(1, ratio(part, whole));

/** Reservations started, confirmed, expired, cancelled and their revenue: the figures every row draws. */
interface Figures {
  readonly started: number;
  readonly confirmed: number;
  readonly expired: number;
  readonly cancelled: number;
  readonly revenueUF: number;
  readonly revenueCLP: number;
}

const assignFigures = (row: object, c: Counts): void => {
  const r = row as { -readonly [K in keyof Figures]: number };
  r.started = c.started;
  r.confirmed = c.confirmed;
  r.expired = c.expired;
  r.cancelled = c.cancelled;
  r.revenueUF = round2(c.revenueUF);
  r.revenueCLP = Math.round(c.revenueCLP);
};

/** The range's totals. */
export interface ReservationFigures extends Figures {}
export class ReservationFigures {
  constructor(c: Counts) {
    assignFigures(this, c);
  }
}

/** A day, week or month of the series. */
export interface SeriesRow extends Figures {}
export class SeriesRow {
  declare readonly period: string;
  constructor(period: string, c: Counts) {
    this.period = period;
    assignFigures(this, c);
  }
}

/** A project: its funnel from views to confirmed reservations. */
export interface ProjectRow extends Figures {}
export class ProjectRow {
  declare readonly projectId: string;
  declare readonly projectName: string;
  declare readonly realEstateCompanyId: string;
  declare readonly views: number;
  declare readonly favourites: number;
  declare readonly leads: number;
  declare readonly quotes: number;
  declare readonly conversionRate: number;
  constructor(projectId: string, projectName: string, realEstateCompanyId: string, c: Counts) {
    this.projectId = projectId;
    this.projectName = projectName;
    this.realEstateCompanyId = realEstateCompanyId;
    this.views = c.views;
    this.favourites = c.favourites;
    this.leads = c.leads;
    this.quotes = c.quotes;
    assignFigures(this, c);
    /** Confirmed of the reservations started ("confirmadas / reservas"): a reservation needs no quote, so quotes are no denominator. */
    this.conversionRate = rate(c.confirmed, c.started);
  }
}

/** A real-estate company's reservations (the application adds its name). */
export interface RealEstateCompanyRow extends Figures {}
export class RealEstateCompanyRow {
  declare readonly companyId: string;
  constructor(companyId: string, c: Counts) {
    this.companyId = companyId;
    assignFigures(this, c);
  }
}

/** A partner employer's collaborators' quotes, reservations and the contribution it committed and paid (the application adds its name). */
export interface PartnerCompanyRow extends Figures {}
export class PartnerCompanyRow {
  declare readonly companyId: string;
  declare readonly quotes: number;
  declare readonly contributionCommittedUF: number;
  declare readonly contributionPaidUF: number;
  constructor(companyId: string, c: Counts) {
    this.companyId = companyId;
    this.quotes = c.quotes;
    assignFigures(this, c);
    this.contributionCommittedUF = round2(c.contributionCommittedUF);
    this.contributionPaidUF = round2(c.contributionPaidUF);
  }
}

/** One typology of one project. */
export interface TypologyRow extends Figures {}
export class TypologyRow {
  declare readonly projectId: string;
  declare readonly projectName: string;
  declare readonly typology: string;
  declare readonly quotes: number;
  declare readonly conversionRate: number;
  constructor(projectId: string, projectName: string, typology: string, c: Counts) {
    this.projectId = projectId;
    this.projectName = projectName;
    this.typology = typology;
    this.quotes = c.quotes;
    assignFigures(this, c);
    this.conversionRate = rate(c.confirmed, c.started);
  }
}
