import type { ApiPort } from '../../../shared/api/port';
import type { FinancingDefaults, Simulation, SimulationRequest } from '../../../../../contract/financing';
import type { IssuedQuote, QuoteEmailed, QuoteRequest, QuotesPage } from '../../../../../contract/quotes';
import type { ListQuery } from '../../../shared/api/list-query';
import { dateRangeError, type MyQuotesFilter } from '../quotes-query';

/** The calculator (POST /financing/simulate) and quotes (POST /quotes, GET /quotes/mine, POST /quotes/:id/email): shapes from contract/. */
/** The financial parameters in force: where the calculator starts. */
export const fetchFinancingDefaults = async (api: ApiPort): Promise<FinancingDefaults> =>
  (await api.request<FinancingDefaults>({ method: 'GET', path: '/financing/defaults' })).data;

export const simulate = async (api: ApiPort, request: SimulationRequest): Promise<Simulation> =>
  (await api.request<Simulation>({ method: 'POST', path: '/financing/simulate', body: request })).data;

export const createQuote = async (api: ApiPort, request: QuoteRequest): Promise<IssuedQuote> =>
  (await api.request<IssuedQuote>({ method: 'POST', path: '/quotes', body: request, sessionRequired: true })).data;

export const emailQuote = async (api: ApiPort, quoteId: string): Promise<QuoteEmailed> =>
  (await api.request<QuoteEmailed>({ method: 'POST', path: `/quotes/${encodeURIComponent(quoteId)}/email`, body: {}, sessionRequired: true })).data;

/** One page of my quotes; a backwards range asks nothing (the filter says why) and lists none. */
export const fetchMyQuotes = async (api: ApiPort, query: ListQuery<MyQuotesFilter, never>): Promise<QuotesPage> => {
  const { filter, pagination } = query;
  if (dateRangeError(filter)) return { items: [], total: 0, page: pagination.page, perPage: pagination.perPage };
  return (
    await api.request<QuotesPage>({
      method: 'GET',
      path: '/quotes/mine',
      query: { from: filter.from || undefined, to: filter.to || undefined, page: pagination.page, perPage: pagination.perPage },
    })
  ).data;
};
