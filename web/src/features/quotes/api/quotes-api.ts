import type { ApiPort } from '../../../shared/api/port';
import type { Simulation, SimulationRequest } from '../../../../../contract/financing';
import type { IssuedQuote, QuoteEmailed, QuoteRequest, QuotesPage } from '../../../../../contract/quotes';
import type { MyQuotesQuery } from '../quotes-query';

/** The calculator (POST /financing/simulate) and quotes (POST /quotes, GET /quotes/mine, POST /quotes/:id/email): shapes from contract/. */
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
