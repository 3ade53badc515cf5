import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../config/constants';
import type { QueryValue } from './port';

/** Back-office list contract (style guide 13): `{ pagination, sort, filter }`, mirrored in the URL. */
export interface Pagination {
  readonly page: number;
  readonly perPage: number;
}

export interface ListQuery<F extends Readonly<Record<string, string>>, S extends string> {
  readonly pagination: Pagination;
  readonly sort: S | null;
  readonly filter: F;
}

export interface Page<T> {
  readonly items: readonly T[];
  readonly total: number;
  readonly page: number;
  readonly perPage: number;
}

const positiveInt = (raw: string | null, fallback: number): number => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

export const readPagination = (params: URLSearchParams): Pagination => {
  const perPage = positiveInt(params.get('perPage'), DEFAULT_PAGE_SIZE);
  return {
    page: positiveInt(params.get('page'), 1),
    perPage: (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : DEFAULT_PAGE_SIZE,
  };
};

/** Reads a list query from the URL; unknown filter values and sorts fall back to "none". */
export const readListQuery = <F extends Readonly<Record<string, string>>, S extends string>(
  params: URLSearchParams,
  filterSpec: { readonly [K in keyof F]: readonly string[] | 'text' },
  sorts: readonly S[],
): ListQuery<F, S> => {
  const filter = {} as Record<string, string>;
  for (const key of Object.keys(filterSpec) as (keyof F & string)[]) {
    const raw = params.get(key)?.trim() ?? '';
    const allowed = filterSpec[key];
    filter[key] = allowed === 'text' || allowed.includes(raw) ? raw : '';
  }
  const sort = params.get('sort');
  return { pagination: readPagination(params), sort: sorts.includes(sort as S) ? (sort as S) : null, filter: filter as F };
};

/** The URL form of a list query, leaving out defaults so links stay short. */
export const listQueryToSearch = (query: ListQuery<Readonly<Record<string, string>>, string>): URLSearchParams => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query.filter)) if (value) params.set(key, value);
  if (query.sort) params.set('sort', query.sort);
  if (query.pagination.page !== 1) params.set('page', String(query.pagination.page));
  if (query.pagination.perPage !== DEFAULT_PAGE_SIZE) params.set('perPage', String(query.pagination.perPage));
  return params;
};

/** The API's flat query parameters. */
export const listQueryToApi = (query: ListQuery<Readonly<Record<string, string>>, string>): Record<string, QueryValue> => ({
  ...query.filter,
  sort: query.sort ?? undefined,
  page: query.pagination.page,
  perPage: query.pagination.perPage,
});
