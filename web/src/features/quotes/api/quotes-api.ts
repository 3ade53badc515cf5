import type { ApiPort } from '../../../shared/api/port';

/** The calculator (POST /financing/simulate) and quotes (POST /quotes, GET /quotes/mine, POST /quotes/:id/email). */
export type RateConvention = 'nominal' | 'effective';
export type Pricing = 'normal' | 'bonus';

export interface SimulationRequest {
  /** Loan amount when no unit is chosen. */
  readonly principalUF?: number;
  /** With a price the loan is the price less the down payment and the contributions. */
  readonly priceUF?: number;
  readonly downPaymentPercent?: number;
  readonly realEstateContributionUF?: number;
  readonly annualRatePercent: number;
  readonly termYears: number;
  readonly convention: RateConvention;
}

export interface DownPayment {
  readonly priceUF: number;
  readonly buyerUF: number;
  readonly companyContributionUF: number;
  readonly realEstateContributionUF: number;
  readonly subsidyUF: number;
  readonly totalUF: number;
  readonly totalPercent: number;
  readonly loanUF: number;
  readonly financingPercent: number;
  readonly priceCLP: number;
  readonly buyerCLP: number;
  readonly companyContributionCLP: number;
  readonly realEstateContributionCLP: number;
  readonly subsidyCLP: number;
  readonly totalCLP: number;
  readonly loanCLP: number;
}

export interface Simulation {
  readonly convention: RateConvention;
  readonly principalUF: number;
  readonly annualRatePercent: number;
  readonly termYears: number;
  readonly termMonths: number;
  readonly ufValue: number;
  readonly monthlyPaymentUF: number;
  readonly monthlyPaymentCLP: number;
  readonly insurance: {
    readonly desgravamenUF: number;
    readonly desgravamenCLP: number;
    readonly fireEarthquakeUF: number;
    readonly fireEarthquakeCLP: number;
  };
  readonly totalMonthlyPaymentUF: number;
  readonly totalMonthlyPaymentCLP: number;
  readonly maxDebtRatioPercent: number;
  readonly minimumIncomeUF: number;
  readonly minimumIncomeCLP: number;
  readonly totalInterestUF: number;
  readonly totalInterestCLP: number;
  readonly totalPaidUF: number;
  readonly totalPaidCLP: number;
  readonly principalCLP: number;
  readonly cae: number;
  /** The day whose UF converted the amounts (the requested day, or the latest published before it). */
  readonly ufDate: string;
  readonly ufRequestedDate: string;
  readonly downPayment: DownPayment | null;
  /** 'collaborator': the signed-in collaborator's company contribution was applied. */
  readonly companyContributionSource: 'input' | 'collaborator' | 'none';
}

export interface QuoteRequest {
  readonly unitId: string;
  readonly pricing: Pricing;
  readonly downPaymentPercent?: number;
  readonly annualRatePercent?: number;
  readonly termYears?: number;
  readonly convention?: RateConvention;
}

export interface QuoteProject {
  readonly projectId: string;
  readonly name: string;
  readonly communeName: string;
  readonly realEstateName: string;
}

export interface QuoteUnit {
  readonly unitId: string;
  readonly unitNumber: string;
  readonly typology: string;
  readonly bedrooms: number;
  readonly bathrooms: number;
}

export interface IssuedQuote {
  readonly id: string;
  readonly number: string;
  readonly project: QuoteProject;
  readonly unit: QuoteUnit;
  readonly priceUF: number;
  readonly priceCLP: number;
  readonly ufDate: string;
  readonly validUntil: string;
  readonly createdAt: string;
  readonly pdfUrl: string;
}

export interface MyQuote extends IssuedQuote {
  readonly pricing: Pricing;
  readonly ufValue: number;
  readonly loanUF: number;
  readonly termYears: number;
  readonly annualRatePercent: number;
  readonly totalMonthlyPaymentUF: number;
  readonly totalMonthlyPaymentCLP: number;
  readonly expired: boolean;
  readonly downloads?: number;
  readonly emailedTo?: readonly { to: string; at: string }[];
}

export interface MyQuotesQuery {
  /** yyyy-mm-dd, inclusive; '' for no bound. */
  readonly from: string;
  readonly to: string;
  readonly page: number;
  readonly perPage: number;
}

export interface QuotesPage {
  readonly items: readonly MyQuote[];
  readonly total: number;
  readonly page: number;
  readonly perPage: number;
}

export interface QuoteEmailed {
  readonly to: string;
  readonly message: string;
}

export const simulate = async (api: ApiPort, request: SimulationRequest): Promise<Simulation> =>
  (await api.request<Simulation>({ method: 'POST', path: '/financing/simulate', body: request })).data;

export const createQuote = async (api: ApiPort, request: QuoteRequest): Promise<IssuedQuote> =>
  (await api.request<IssuedQuote>({ method: 'POST', path: '/quotes', body: request, sessionRequired: true })).data;

export const emailQuote = async (api: ApiPort, quoteId: string): Promise<QuoteEmailed> =>
  (await api.request<QuoteEmailed>({ method: 'POST', path: `/quotes/${encodeURIComponent(quoteId)}/email`, body: {}, sessionRequired: true })).data;

export const fetchMyQuotes = async (api: ApiPort, query: MyQuotesQuery): Promise<QuotesPage> =>
  (
    await api.request<QuotesPage>({
      method: 'GET',
      path: '/quotes/mine',
      query: { from: query.from || undefined, to: query.to || undefined, page: query.page, perPage: query.perPage },
    })
  ).data;
