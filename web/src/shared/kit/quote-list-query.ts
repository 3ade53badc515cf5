import type { z } from 'zod';
import { QUOTE_LIST_STATUSES, type backofficeQuotesQuery } from '../../../../contract/audit';
import { listQueryToApi, readListQuery, type ListQuery, type Page } from '../api/list-query';
import type { ApiPort } from '../api/port';
import { dayBoundary, dayOrEmpty } from './day-filters';

/**
 * A list of issued quotes: one query contract (contract/audit.ts backofficeQuotesQuery, which the employer
 * portal's extends), so one way to read it from the URL and send it, whichever list shows it.
 */
export const QUOTE_STATUSES = QUOTE_LIST_STATUSES;
export const QUOTE_SORTS = ['createdAt', '-createdAt', 'priceUF', '-priceUF'] as const satisfies readonly z.infer<typeof backofficeQuotesQuery>['sort'][];
export type QuoteSort = (typeof QUOTE_SORTS)[number];
export type QuoteFilter = { status: string; project: string; buyer: string; from: string; to: string };
export type QuoteListQuery = ListQuery<QuoteFilter, QuoteSort>;

export const parseQuoteQuery = (params: URLSearchParams): QuoteListQuery => {
  const q = readListQuery<QuoteFilter, QuoteSort>(params, { status: QUOTE_STATUSES, project: 'text', buyer: 'text', from: 'text', to: 'text' }, QUOTE_SORTS);
  return { ...q, filter: { ...q.filter, from: dayOrEmpty(q.filter.from), to: dayOrEmpty(q.filter.to) } };
};

/** How one page of the quotes at `path` is fetched: the issue days sent as the instants that bound them. */
export const quotePages =
  <T>(path: string) =>
  async (api: ApiPort, q: QuoteListQuery): Promise<Page<T>> =>
    (
      await api.request<Page<T>>({
        method: 'GET',
        path,
        query: { ...listQueryToApi(q), from: dayBoundary(q.filter.from, 'start'), to: dayBoundary(q.filter.to, 'end') },
      })
    ).data;
