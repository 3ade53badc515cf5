import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ApiErrorBody } from '../../../../contract/errors';
import { toApiErrorBody } from '../api/errors';
import type { ApiPort } from '../api/port';
import { LoadFailed } from '../ui/LoadFailed';
import { Skeleton } from '../ui/Skeleton';
import { useApi } from './api-context';

export interface ResourceState<T> {
  /** The last answer; it stays on screen while a reload runs. */
  readonly data: T | null;
  readonly status: 'loading' | 'loaded' | 'failed';
  readonly error: ApiErrorBody | null;
  readonly reload: () => void;
}

/**
 * One read that is not a paginated list (a company's team, the mail templates): fetched on mount and again
 * whenever `key` changes or `reload()` is called; answers to an older key are dropped.
 */
export function useResource<T>(key: string, fetch: (api: ApiPort) => Promise<T>): ResourceState<T> {
  const api = useApi();
  const latest = useRef(fetch);
  latest.current = fetch;
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ key: string; at: string; data: T | null; error: ApiErrorBody | null }>({ key: '', at: '', data: null, error: null });
  const at = `${key}#${attempt}`;

  useEffect(() => {
    let current = true;
    latest.current(api).then(
      (data) => current && setLoaded({ key, at, data, error: null }),
      (error: unknown) => current && setLoaded((l) => ({ key, at, data: l.key === key ? l.data : null, error: toApiErrorBody(error) })),
    );
    return () => {
      current = false;
    };
    // `at` stands for `key` and the attempt: the same key and attempt are the same request.
  }, [api, at]);

  const settled = loaded.at === at;
  return {
    data: loaded.key === key ? loaded.data : null,
    status: !settled ? 'loading' : loaded.error ? 'failed' : 'loaded',
    error: settled ? loaded.error : null,
    reload: () => setAttempt((n) => n + 1),
  };
}

/** The part of an RTK Query hook's result (platform-api.ts) a screen shows. */
export interface QueryResultLike<T> {
  readonly currentData?: T;
  readonly isFetching: boolean;
  readonly isError: boolean;
  readonly error?: unknown;
  readonly refetch: () => unknown;
}

/**
 * An RTK Query read as the kit's read state, so `Loaded`, `tableState` and `ResourceError` show it as they show
 * `useResource`: the last answer stays on screen while it reloads, the error comes with "Reintentar".
 */
export function resourceOf<T, U = T>(result: QueryResultLike<T>, select?: (data: T) => U): ResourceState<U> {
  const data = result.currentData === undefined ? null : select ? select(result.currentData) : (result.currentData as unknown as U);
  const failed = result.isError && !result.isFetching;
  return {
    data,
    status: result.isFetching ? 'loading' : failed ? 'failed' : 'loaded',
    error: failed ? toApiErrorBody(result.error) : null,
    reload: () => void result.refetch(),
  };
}

/** What a read shows before its data: the error with "Reintentar", or a placeholder the height of the content. */
export function Loaded<T>({
  resource,
  height = '240px',
  children,
}: {
  readonly resource: ResourceState<T>;
  readonly height?: string;
  readonly children: (data: T) => ReactNode;
}) {
  if (resource.status === 'failed' && resource.error) return <LoadFailed message={resource.error.message} onRetry={resource.reload} />;
  if (resource.data === null) return <Skeleton $height={height} aria-hidden="true" />;
  return <>{children(resource.data)}</>;
}

/**
 * A ResourceTable's rows and states from a read of rows: placeholders on the first load, the empty state once
 * loaded, aria-busy while it reloads. `<ResourceTable caption columns emptyMessage {...tableState(docs)} />`;
 * `tableState(read, rows)` when the rows shown are picked from what was read (filtered on the page).
 */
export function tableState<T>(resource: ResourceState<readonly T[]>): TableState<T>;
export function tableState<T>(resource: ResourceState<unknown>, rows: readonly T[]): TableState<T>;
export function tableState<T>(resource: ResourceState<unknown>, shown?: readonly T[]): TableState<T> {
  const rows = shown ?? (resource.data as readonly T[] | null) ?? [];
  return {
    rows,
    loading: resource.status === 'loading' && rows.length === 0,
    empty: resource.status === 'loaded' && rows.length === 0,
    busy: resource.status === 'loading',
  };
}

export interface TableState<T> {
  readonly rows: readonly T[];
  readonly loading: boolean;
  readonly empty: boolean;
  readonly busy: boolean;
}

/** The error of a read that keeps its table on screen, with "Reintentar". */
export function ResourceError({ resource }: { readonly resource: ResourceState<unknown> }) {
  return resource.status === 'failed' && resource.error ? <LoadFailed message={resource.error.message} onRetry={resource.reload} /> : null;
}
