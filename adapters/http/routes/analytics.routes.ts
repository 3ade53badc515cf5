import {
  analyticsFiltersFor,
  employerOverviewFor,
  leadAnalyticsFor,
  resolveAnalyticsScope,
  salesAnalyticsFor,
} from '../../../application/analytics/analytics-queries';
import { employerContribution, listEmployerQuotes, listEmployerReservations } from '../../../read-models/employer-portal/employer-portal.queries';
import { listRealEstateQuotes, listRealEstateReservations } from '../../../read-models/real-estate-portal/real-estate-portal.queries';
import type { HttpDeps } from '../deps';
import { ApiError } from '../errors';
import { route, type AuthContext, type RouteDef } from '../route';
import { analyticsEndpoints } from '../../../contract/endpoints/analytics';

/**
 * Dashboards (read only). Staff with analytics:all see every company; a company user gets the same routes
 * scoped by the server to their own company (application/analytics/analytics-queries.ts). Figures come from
 * pre-aggregated projections; a GET with X-Min-Position waits for a write just made (a paid reservation).
 */
export const analyticsRoutes = (deps: HttpDeps): RouteDef<any, any>[] => {
  const scopeOf = (auth: AuthContext | null) =>
    resolveAnalyticsScope(deps.readStore, deps.memberships, { userId: auth!.principal.user.userId, roles: auth!.principal.roles });
  /**
   * The partner employer a portal list is about: a company user's own (whatever ?companyId says), the one staff
   * name. A real-estate company's user, or an account without a company, has no partner employer: 404, as
   * /analytics/employer answers them (403 stays what the RBAC matrix means: no analytics:read at all).
   */
  const companyOfKind =
    (kind: 'employer' | 'real_estate') =>
    async (auth: AuthContext | null, asked: string | undefined): Promise<string> => {
      const scope = await scopeOf(auth);
      if (scope.kind === 'all') {
        if (!asked) throw new ApiError('NOT_FOUND');
        return asked;
      }
      if (scope.kind === 'company' && scope.companyKind === kind) return scope.companyId;
      throw new ApiError('NOT_FOUND');
    };
  const employerOf = companyOfKind('employer');
  /** The real-estate company a portal list is about, as employerOf: a partner employer's user gets 404. */
  const realEstateOf = companyOfKind('real_estate');
  return [
    route(analyticsEndpoints.getAnalyticsSales, {
      summary:
        'Sales dashboard: reservations started, confirmed, expired, cancelled and revenue (UF, CLP) per day/week/month; by project, real-estate company, partner company and typology; funnel visits -> leads -> quotes -> reservations -> confirmed; hold-expiry and payment-rejection rates; company contribution committed and paid. A company user sees only their company',
      tag: 'analytics',
      access: 'analytics:read',
      handler: async ({ query, auth }) => salesAnalyticsFor(deps.readStore, await scopeOf(auth), query),
    }),
    route(analyticsEndpoints.getAnalyticsLeads, {
      summary:
        'Lead dashboard: by status, source and advisor, score distribution, time to first contact against the 24-hour promise. A company user sees only the leads of their projects (real estate) or collaborators (employer)',
      tag: 'analytics',
      access: 'analytics:read',
      handler: async ({ query, auth }) => leadAnalyticsFor(deps.readStore, await scopeOf(auth), query, deps.clock.now()),
    }),
    route(analyticsEndpoints.getAnalyticsFilters, {
      summary: "The dashboards' filter choices (projects, real-estate and partner companies) within the caller's scope",
      tag: 'analytics',
      access: 'analytics:read',
      handler: async ({ auth }) => analyticsFiltersFor(deps.readStore, await scopeOf(auth)),
    }),
    route(analyticsEndpoints.getAnalyticsEmployer, {
      summary:
        "A partner employer's collaborators (total, active, with an account) and its campaigns' enrolment; a company user's own company, staff name one (?companyId)",
      tag: 'analytics',
      access: 'analytics:read',
      responses: { 404: 'NOT_FOUND' },
      handler: async ({ query, auth }) => {
        const scope = await scopeOf(auth);
        const companyId = scope.kind === 'all' ? query.companyId : scope.kind === 'company' && scope.companyKind === 'employer' ? scope.companyId : undefined;
        if (!companyId) throw new ApiError('NOT_FOUND');
        return employerOverviewFor(deps.readStore, companyId);
      },
    }),
    route(analyticsEndpoints.getAnalyticsEmployerQuotes, {
      summary:
        "A partner employer's collaborators' quotes (buyer, project, unit, date, status, price in UF and CLP, the company's contribution): the back office's filters; a company user's own company, staff name one (?companyId); a real-estate company's user 404",
      tag: 'analytics',
      access: 'analytics:read',
      responses: { 404: 'NOT_FOUND (not a partner employer, or staff named none)' },
      handler: async ({ query, auth, meta }) => {
        const { companyId, ...q } = query;
        return listEmployerQuotes(deps.readStore, await employerOf(auth, companyId), q, meta.now);
      },
    }),
    route(analyticsEndpoints.getAnalyticsEmployerReservations, {
      summary:
        "A partner employer's collaborators' reservations (buyer, project, unit, dates, status, payment, price UF, amount CLP, the company's contribution and whether it is committed or paid): the back office's filters; scoped like /analytics/employer/quotes",
      tag: 'analytics',
      access: 'analytics:read',
      responses: { 404: 'NOT_FOUND (not a partner employer, or staff named none)' },
      handler: async ({ query, auth }) => {
        const { companyId, ...q } = query;
        return listEmployerReservations(deps.readStore, await employerOf(auth, companyId), q);
      },
    }),
    route(analyticsEndpoints.getAnalyticsEmployerContribution, {
      summary:
        "The company's contribution over its collaborators' reservations that the filters select: committed (reservations under way or confirmed) and paid (confirmed and paid, not refunded), in UF; scoped like /analytics/employer/quotes",
      tag: 'analytics',
      access: 'analytics:read',
      responses: { 404: 'NOT_FOUND (not a partner employer, or staff named none)' },
      handler: async ({ query, auth }) => {
        const { companyId, ...q } = query;
        return employerContribution(deps.readStore, await employerOf(auth, companyId), q);
      },
    }),
    route(analyticsEndpoints.getAnalyticsRealEstateQuotes, {
      summary:
        "A real-estate company's projects' quotes (buyer, project, unit, date, status, price in UF and CLP): the back office's filters; a company user's own company, staff name one (?companyId); a partner employer's user 404",
      tag: 'analytics',
      access: 'analytics:read',
      responses: { 404: 'NOT_FOUND (not a real-estate company, or staff named none)' },
      handler: async ({ query, auth, meta }) => {
        const { companyId, ...q } = query;
        return listRealEstateQuotes(deps.readStore, await realEstateOf(auth, companyId), q, meta.now);
      },
    }),
    route(analyticsEndpoints.getAnalyticsRealEstateReservations, {
      summary:
        "A real-estate company's projects' reservations (buyer, project, unit, dates, status, payment, price UF, amount CLP): the back office's filters; scoped like /analytics/real-estate/quotes",
      tag: 'analytics',
      access: 'analytics:read',
      responses: { 404: 'NOT_FOUND (not a real-estate company, or staff named none)' },
      handler: async ({ query, auth }) => {
        const { companyId, ...q } = query;
        return listRealEstateReservations(deps.readStore, await realEstateOf(auth, companyId), q);
      },
    }),
  ];
};
