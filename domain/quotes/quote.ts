import { DomainError } from '../shared/errors';
import type { CommandMetadata, Decider, DomainEvent } from '../shared/event';
import { ufToClp } from '../financing/decimal';
import { downPaymentOf, simulateMortgage, type DownPayment, type MortgageSimulation, type RateConvention } from '../financing/mortgage';

/**
 * Quote aggregate (stream `quote-<id>`): a priced offer for one unit with its financing, at the UF of the
 * day it was issued, valid for a few days (7 by default). The amounts are computed here from the inputs,
 * so the quote always agrees with the financing maths that produced it.
 */
export const QUOTE_VALIDITY_DAYS = 7;

export type QuoteInputs = {
  quoteId: string;
  userId: string;
  project: { projectId: string; name: string; communeName: string; realEstateName: string };
  unit: {
    unitId: string;
    unitNumber: string;
    typology: string;
    model: string;
    bedrooms: number;
    bathrooms: number;
    innerSurface: number;
    outerSurface: number;
  };
  pricing: 'normal' | 'bonus';
  priceUF: number;
  downPaymentPercent: number;
  companyContributionUF: number;
  realEstateContributionUF: number;
  annualRatePercent: number;
  termYears: number;
  convention: RateConvention;
  maxDebtRatioPercent: number;
  /** The insurance rates in force when issued (absent in quotes issued before they were parameters: the built-in rates). */
  desgravamenMonthlyRatePercent?: number;
  fireEarthquakeMonthlyRatePercent?: number;
  ufValue: number;
  /** The day whose UF value was used. */
  ufDate: string;
  validityDays: number;
};

export type QuoteIssuedData = QuoteInputs & {
  number: string;
  priceCLP: number;
  downPayment: DownPayment;
  financing: MortgageSimulation;
  validUntil: string;
  paymentStatus: 'pending';
  createdAt: string;
};

export type QuoteEvent =
  | DomainEvent<'QuoteIssued', QuoteIssuedData>
  | DomainEvent<'QuoteDownloaded', { quoteId: string; userId: string; downloadedBy: string; downloadedAt: string }>
  | DomainEvent<'QuoteEmailed', { quoteId: string; userId: string; to: string; emailedAt: string }>;

export type QuoteCommand = ({ type: 'IssueQuote' } & QuoteInputs) | { type: 'RecordQuoteDownload' } | { type: 'RecordQuoteEmailed'; to: string };

export type QuoteState = { status: 'none' } | { status: 'issued'; quoteId: string; userId: string; number: string; downloads: number };

/** COT-20261122-3F9A1C: the day of issue and the start of the quote's id. */
const quoteNumber = (quoteId: string, issuedAt: Date): string =>
  `COT-${issuedAt.toISOString().slice(0, 10).replace(/-/g, '')}-${quoteId.replace(/-/g, '').slice(0, 6).toUpperCase()}`;

const issued = (state: QuoteState) => {
  if (state.status === 'none') throw new DomainError('NOT_FOUND', 'quote');
  return state;
};

export const quoteDecider: Decider<QuoteCommand, QuoteState, QuoteEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'QuoteIssued':
        return { status: 'issued', quoteId: event.data.quoteId, userId: event.data.userId, number: event.data.number, downloads: 0 };
      case 'QuoteDownloaded':
        return state.status === 'issued' ? { ...state, downloads: state.downloads + 1 } : state;
      case 'QuoteEmailed':
        return state;
    }
  },
  decide: (command, state, meta: CommandMetadata): QuoteEvent[] => {
    const at = meta.now.toISOString();
    switch (command.type) {
      case 'IssueQuote': {
        if (state.status !== 'none') return [];
        const { type: _t, ...inputs } = command;
        if (!(Number.isInteger(inputs.validityDays) && inputs.validityDays >= 1 && inputs.validityDays <= 60))
          throw new DomainError('VALIDATION_FAILED', 'validity', [{ field: 'validityDays', code: 'INVALID_VALUE' }]);
        const downPayment = downPaymentOf({
          priceUF: inputs.priceUF,
          downPaymentPercent: inputs.downPaymentPercent,
          companyContributionUF: inputs.companyContributionUF,
          realEstateContributionUF: inputs.realEstateContributionUF,
        });
        if (downPayment.loanUF <= 0)
          throw new DomainError('BUSINESS_RULE_VIOLATION', 'nothing to finance', [
            { field: 'downPaymentPercent', code: 'BUSINESS_RULE_VIOLATION', message: 'No queda monto por financiar.' },
          ]);
        const financing = simulateMortgage({
          principalUF: downPayment.loanUF,
          annualRatePercent: inputs.annualRatePercent,
          termYears: inputs.termYears,
          convention: inputs.convention,
          ufValue: inputs.ufValue,
          maxDebtRatioPercent: inputs.maxDebtRatioPercent,
          desgravamenMonthlyRatePercent: inputs.desgravamenMonthlyRatePercent,
          fireEarthquakeMonthlyRatePercent: inputs.fireEarthquakeMonthlyRatePercent,
          insuredValueUF: inputs.priceUF,
        });
        const validUntil = new Date(meta.now.getTime() + inputs.validityDays * 86_400_000).toISOString();
        return [
          {
            type: 'QuoteIssued',
            data: {
              ...inputs,
              number: quoteNumber(inputs.quoteId, meta.now),
              priceCLP: ufToClp(inputs.priceUF, inputs.ufValue),
              downPayment,
              financing,
              validUntil,
              paymentStatus: 'pending',
              createdAt: at,
            },
          },
        ];
      }
      case 'RecordQuoteDownload': {
        const quote = issued(state);
        return [{ type: 'QuoteDownloaded', data: { quoteId: quote.quoteId, userId: quote.userId, downloadedBy: meta.actorId, downloadedAt: at } }];
      }
      case 'RecordQuoteEmailed': {
        const quote = issued(state);
        return [{ type: 'QuoteEmailed', data: { quoteId: quote.quoteId, userId: quote.userId, to: command.to, emailedAt: at } }];
      }
      default: {
        const exhaustive: never = command;
        throw new Error(`Unknown command ${(exhaustive as { type: string }).type}`);
      }
    }
  },
};

export const quoteStream = (quoteId: string): string => `quote-${quoteId}`;
