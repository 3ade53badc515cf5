import type { ListQuery } from '../../shared/api/list-query';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../shared/config/constants';

/** The "my quotes" list's state in the URL ('' for no bound); GET /quotes/mine's query is contract/quotes.ts myQuotesQuery. */
export interface MyQuotesQuery {
  readonly from: string;
  readonly to: string;
  readonly page: number;
  readonly perPage: number;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const day = (raw: string | null): string => (raw && ISO_DAY.test(raw) && !Number.isNaN(Date.parse(`${raw}T00:00:00Z`)) ? raw : '');

const positive = (raw: string | null, fallback: number) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** "My quotes" filters from the URL: issue day from/to (yyyy-mm-dd, inclusive) and the page. */
export const readQuotesQuery = (params: URLSearchParams): MyQuotesQuery => {
  const perPage = positive(params.get('perPage'), DEFAULT_PAGE_SIZE);
  return {
    from: day(params.get('from')),
    to: day(params.get('to')),
    page: positive(params.get('page'), 1),
    perPage: (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : DEFAULT_PAGE_SIZE,
  };
};

export const DATE_RANGE_INVALID = 'La fecha "desde" debe ser anterior o igual a la fecha "hasta".';

/** ISO days compare as text. */
export const dateRangeError = (q: Pick<MyQuotesQuery, 'from' | 'to'>): string | null => (q.from && q.to && q.from > q.to ? DATE_RANGE_INVALID : null);

/** The list kit's form of the same query (useResourceList): the days are the filter, there is no sort. */
export type MyQuotesFilter = { from: string; to: string };

export const parseMyQuotesQuery = (params: URLSearchParams): ListQuery<MyQuotesFilter, never> => {
  const { from, to, page, perPage } = readQuotesQuery(params);
  return { filter: { from, to }, sort: null, pagination: { page, perPage } };
};
