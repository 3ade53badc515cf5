import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AnalyticsFilters, SalesAnalytics } from '../../../../../contract/analytics';
import { toApiErrorBody } from '../../../shared/api/errors';
import { useApi } from '../../../shared/kit/api-context';
import { fetchFilters, fetchSales, parseSalesFilter, type SalesFilter } from '../api/analytics-api';

export type Loadable<T> = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'loaded'; data: T };

/** The dashboard's filters live in the URL; each change fetches the pre-aggregated figures again. */
export function useSalesDashboard() {
  const api = useApi();
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => parseSalesFilter(params), [params]);
  const [state, setState] = useState<Loadable<SalesAnalytics>>({ status: 'loading' });
  const [options, setOptions] = useState<AnalyticsFilters | null>(null);
  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify(filter);
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    fetchSales(api, JSON.parse(key) as SalesFilter).then(
      (data) => current && setState({ status: 'loaded', data }),
      (error: unknown) => current && setState({ status: 'failed', message: toApiErrorBody(error).message }),
    );
    return () => {
      current = false;
    };
  }, [api, key, attempt]);
  useEffect(() => {
    fetchFilters(api).then(setOptions, () => setOptions(null));
  }, [api]);
  const setFilter = (next: SalesFilter) => setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v)), { replace: true });
  return { filter, state, options, setFilter, clear: () => setParams({}, { replace: true }), retry: () => setAttempt((n) => n + 1) };
}
