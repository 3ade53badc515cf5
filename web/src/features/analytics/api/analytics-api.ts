import type { AnalyticsFilters, EmployerOverview, LeadAnalytics, SalesAnalytics } from '../../../../../contract/analytics';
import type { ApiPort } from '../../../shared/api/port';
import { chileDay } from '../../../../../domain/shared/chile-day';

export const GRANULARITY_VALUES = ['day', 'week', 'month'] as const;

export interface SalesFilter {
  from: string;
  to: string;
  granularity: string;
  projectId: string;
  realEstateCompanyId: string;
  partnerCompanyId: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The dashboards' days are Chile's (the server buckets sales by the calendar day in America/Santiago). */
const isoDay = (d: Date) => chileDay(d);

/** The last 30 days by day unless the URL says otherwise (a filtered dashboard is a link). */
export const parseSalesFilter = (params: URLSearchParams, now = new Date()): SalesFilter => {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const granularity = params.get('granularity') ?? '';
  return {
    from: DAY.test(from) ? from : isoDay(new Date(now.getTime() - 29 * 86_400_000)),
    to: DAY.test(to) ? to : isoDay(now),
    granularity: (GRANULARITY_VALUES as readonly string[]).includes(granularity) ? granularity : 'day',
    projectId: params.get('projectId') ?? '',
    realEstateCompanyId: params.get('realEstateCompanyId') ?? '',
    partnerCompanyId: params.get('partnerCompanyId') ?? '',
  };
};

const compact = (filter: Partial<SalesFilter>) => Object.fromEntries(Object.entries(filter).filter(([, v]) => v));

export const fetchSales = async (api: ApiPort, filter: SalesFilter): Promise<SalesAnalytics> =>
  (await api.request<SalesAnalytics>({ method: 'GET', path: '/analytics/sales', query: compact(filter) })).data;
export const fetchLeadAnalytics = async (api: ApiPort, filter: { from: string; to: string; projectId?: string }): Promise<LeadAnalytics> =>
  (await api.request<LeadAnalytics>({ method: 'GET', path: '/analytics/leads', query: compact(filter) })).data;
export const fetchFilters = async (api: ApiPort): Promise<AnalyticsFilters> =>
  (await api.request<AnalyticsFilters>({ method: 'GET', path: '/analytics/filters' })).data;
export const fetchEmployerOverview = async (api: ApiPort): Promise<EmployerOverview> =>
  (await api.request<EmployerOverview>({ method: 'GET', path: '/analytics/employer' })).data;
