import type { EmployerContribution, EmployerQuoteView, EmployerReservationView } from '../../../../../contract/analytics';
import { analyticsEndpoints } from '../../../../../contract/endpoints/analytics';
import { platformApi, read } from '../../../shared/api/platform-api';
import { quotePages } from '../../../shared/kit/quote-list-query';
import { reservationFilterToApi, reservationPages, type ReservationFilter } from '../../../shared/kit/reservation-list-query';

export type { EmployerContribution, EmployerQuoteView, EmployerReservationView };

/**
 * The employer portal's lists. The server decides the company from the signed-in user's membership: nothing
 * here names it. The queries are the kit's (shared/kit/quote-list-query.ts, reservation-list-query.ts).
 */
export const fetchEmployerQuotes = quotePages<EmployerQuoteView>(analyticsEndpoints.getAnalyticsEmployerQuotes.path);

export const fetchEmployerReservations = reservationPages<EmployerReservationView>(analyticsEndpoints.getAnalyticsEmployerReservations.path);

/** The contribution committed and paid over the reservations the same filter selects. */
export const employerPortalApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    employerContribution: read(build, analyticsEndpoints.getAnalyticsEmployerContribution),
  }),
});

export const { useEmployerContributionQuery } = employerPortalApi;

/** The contribution's query for a list filter. */
export const contributionArgs = (filter: ReservationFilter) => ({ query: reservationFilterToApi(filter) });
