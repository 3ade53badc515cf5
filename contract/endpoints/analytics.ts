import { endpoint } from '../endpoint';
import {
  analyticsFiltersResponse,
  employerContributionQuery,
  employerContributionResponse,
  employerOverviewQuery,
  employerOverviewResponse,
  employerQuotesQuery,
  employerQuotesResponse,
  employerReservationsQuery,
  employerReservationsResponse,
  leadAnalyticsQuery,
  leadAnalyticsResponse,
  realEstateQuotesQuery,
  realEstateQuotesResponse,
  realEstateReservationsQuery,
  realEstateReservationsResponse,
  salesAnalyticsQuery,
  salesAnalyticsResponse,
} from '../analytics';

/** The endpoints served by adapters/http/routes/analytics.routes.ts. */
export const analyticsEndpoints = {
  getAnalyticsSales: endpoint({ method: 'get', path: '/analytics/sales', query: salesAnalyticsQuery, response: salesAnalyticsResponse }),
  getAnalyticsLeads: endpoint({ method: 'get', path: '/analytics/leads', query: leadAnalyticsQuery, response: leadAnalyticsResponse }),
  getAnalyticsFilters: endpoint({ method: 'get', path: '/analytics/filters', response: analyticsFiltersResponse }),
  getAnalyticsEmployer: endpoint({ method: 'get', path: '/analytics/employer', query: employerOverviewQuery, response: employerOverviewResponse }),
  getAnalyticsEmployerQuotes: endpoint({ method: 'get', path: '/analytics/employer/quotes', query: employerQuotesQuery, response: employerQuotesResponse }),
  getAnalyticsEmployerReservations: endpoint({
    method: 'get',
    path: '/analytics/employer/reservations',
    query: employerReservationsQuery,
    response: employerReservationsResponse,
  }),
  getAnalyticsEmployerContribution: endpoint({
    method: 'get',
    path: '/analytics/employer/contribution',
    query: employerContributionQuery,
    response: employerContributionResponse,
  }),
  getAnalyticsRealEstateQuotes: endpoint({
    method: 'get',
    path: '/analytics/real-estate/quotes',
    query: realEstateQuotesQuery,
    response: realEstateQuotesResponse,
  }),
  getAnalyticsRealEstateReservations: endpoint({
    method: 'get',
    path: '/analytics/real-estate/reservations',
    query: realEstateReservationsQuery,
    response: realEstateReservationsResponse,
  }),
};
