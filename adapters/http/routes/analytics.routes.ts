import {
  analyticsFiltersResponse,
  employerOverviewQuery,
  employerOverviewResponse,
  leadAnalyticsQuery,
  leadAnalyticsResponse,
  salesAnalyticsQuery,
  salesAnalyticsResponse,
} from '../../../contract/analytics';
import { analyticsFiltersFor, employerOverviewFor, leadAnalyticsFor, resolveAnalyticsScope, salesAnalyticsFor } from '../../../application/analytics/analytics-queries';
import type { HttpDeps } from '../deps';
import { ApiError } from '../errors';
import { route, type AuthContext, type RouteDef } from '../route';

/**
 * Dashboards (read only). Staff with analytics:all see every company; a company user gets the same routes
 * scoped by the server to their own company (application/analytics/analytics-queries.ts). Figures come from
 * pre-aggregated projections; a GET with X-Min-Position waits for a write just made (a paid reservation).
 */
export const analyticsRoutes = (deps: HttpDeps): RouteDef<any, any>[] => {
  const scopeOf = (auth: AuthContext | null) => resolveAnalyticsScope(deps.readStore, deps.memberships, { userId: auth!.principal.user.userId, roles: auth!.principal.roles });
  return [
    route({
      method: 'get',
      path: '/analytics/sales',
      summary:
        'Sales dashboard: reservations started, confirmed, expired, cancelled and revenue (UF, CLP) per day/week/month; by project, real-estate company, partner company and typology; funnel visits -> leads -> quotes -> reservations -> confirmed; hold-expiry and payment-rejection rates; company contribution committed and paid. A company user sees only their company',
      tag: 'analytics',
      access: 'analytics:read',
      query: salesAnalyticsQuery,
      response: salesAnalyticsResponse,
      handler: async ({ query, auth }) => salesAnalyticsFor(deps.readStore, await scopeOf(auth), query),
    }),
    route({
      method: 'get',
      path: '/analytics/leads',
      summary: 'Lead dashboard: by status, source and advisor, score distribution, time to first contact against the 24-hour promise. A company user sees only the leads of their projects (real estate) or collaborators (employer)',
      tag: 'analytics',
      access: 'analytics:read',
      query: leadAnalyticsQuery,
      response: leadAnalyticsResponse,
      handler: async ({ query, auth }) => leadAnalyticsFor(deps.readStore, await scopeOf(auth), query, deps.clock.now()),
    }),
    route({
      method: 'get',
      path: '/analytics/filters',
      summary: "The dashboards' filter choices (projects, real-estate and partner companies) within the caller's scope",
      tag: 'analytics',
      access: 'analytics:read',
      response: analyticsFiltersResponse,
      handler: async ({ auth }) => analyticsFiltersFor(deps.readStore, await scopeOf(auth)),
    }),
    route({
      method: 'get',
      path: '/analytics/employer',
      summary: "A partner employer's collaborators (total, active, with an account) and its campaigns' enrolment; a company user's own company, staff name one (?companyId)",
      tag: 'analytics',
      access: 'analytics:read',
      query: employerOverviewQuery,
      response: employerOverviewResponse,
      responses: { 404: 'NOT_FOUND' },
      handler: async ({ query, auth }) => {
        const scope = await scopeOf(auth);
        const companyId = scope.kind === 'all' ? query.companyId : scope.kind === 'company' && scope.companyKind === 'employer' ? scope.companyId : undefined;
        if (!companyId) throw new ApiError('NOT_FOUND');
        return employerOverviewFor(deps.readStore, companyId);
      },
    }),
  ];
};
