import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ApiErrorBody } from '../../../../contract/errors';
import { toApiErrorBody } from '../api/errors';
import { listQueryToSearch, type ListQuery, type Page } from '../api/list-query';
import type { ApiPort } from '../api/port';
import { fetchAllPages } from './all-pages';
import { useApi } from './api-context';

type AnyFilter = Readonly<Record<string, string>>;

/** What a list needs to know about its resource: how the URL reads, and how one page is fetched. */
export interface ListResource<T, F extends AnyFilter, S extends string> {
  readonly parse: (params: URLSearchParams) => ListQuery<F, S>;
  readonly fetchPage: (api: ApiPort, query: ListQuery<F, S>) => Promise<Page<T>>;
}

export type ListStatus = 'loading' | 'loaded' | 'failed';

export interface ResourceListState<T, F extends AnyFilter, S extends string> {
  readonly query: ListQuery<F, S>;
  readonly rows: readonly T[];
  readonly total: number;
  readonly status: ListStatus;
  readonly error: ApiErrorBody | null;
  readonly reload: () => void;
  /** A new filter starts again at page 1. */
  readonly setFilter: (filter: F) => void;
  readonly setSort: (sort: S | null) => void;
  readonly setPage: (page: number) => void;
  readonly setPerPage: (perPage: number) => void;
  readonly clear: () => void;
  /** Every row of the current filter and sort (all pages), for export. */
  readonly fetchAll: () => Promise<T[]>;
}

interface Loaded<T> {
  readonly key: string;
  readonly page: Page<T> | null;
  readonly error: ApiErrorBody | null;
}

/**
 * A server-paginated list whose filters, sort and page live in the URL (a filtered list is a link): the URL
 * is the only state; each change of it fetches that page. Answers to an older URL are dropped.
 */
export function useResourceList<T, F extends AnyFilter, S extends string>(resource: ListResource<T, F, S>): ResourceListState<T, F, S> {
  const api = useApi();
  const [params, setParams] = useSearchParams();
  const { parse, fetchPage } = resource;
  const query = useMemo(() => parse(params), [parse, params]);
  const key = listQueryToSearch(query).toString();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded<T>>({ key: '', page: null, error: null });
  const [last, setLast] = useState<Page<T> | null>(null);

  useEffect(() => {
    let current = true;
    fetchPage(api, query).then(
      (page) => {
        if (!current) return;
        setLoaded({ key: `${key}#${attempt}`, page, error: null });
        setLast(page);
      },
      (error: unknown) => current && setLoaded({ key: `${key}#${attempt}`, page: null, error: toApiErrorBody(error) }),
    );
    return () => {
      current = false;
    };
    // `key` stands for `query`: the same URL is the same request.
  }, [api, fetchPage, key, attempt]);

  const settled = loaded.key === `${key}#${attempt}`;
  const status: ListStatus = !settled ? 'loading' : loaded.error ? 'failed' : 'loaded';
  // While the next page loads the previous rows stay on screen (aria-busy), so the table does not jump.
  const shown = settled ? loaded.page : last;

  const go = useCallback((next: ListQuery<F, S>) => setParams(listQueryToSearch(next)), [setParams]);
  const firstPage = { ...query.pagination, page: 1 };

  return {
    query,
    rows: shown?.items ?? [],
    total: shown?.total ?? 0,
    status,
    error: settled ? loaded.error : null,
    reload: () => setAttempt((n) => n + 1),
    setFilter: (filter) => go({ ...query, filter, pagination: firstPage }),
    setSort: (sort) => go({ ...query, sort, pagination: firstPage }),
    setPage: (page) => go({ ...query, pagination: { ...query.pagination, page } }),
    setPerPage: (perPage) => go({ ...query, pagination: { page: 1, perPage } }),
    clear: () => setParams(new URLSearchParams()),
    fetchAll: () => fetchAllPages((q) => fetchPage(api, q), query),
  };
}
