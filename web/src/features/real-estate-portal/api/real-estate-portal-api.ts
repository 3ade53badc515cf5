import type { RealEstateQuoteView, RealEstateReservationView } from '../../../../../contract/analytics';
import { quotePages } from '../../../shared/kit/quote-list-query';
import { reservationPages } from '../../../shared/kit/reservation-list-query';

export type { RealEstateQuoteView, RealEstateReservationView };

/**
 * The real-estate company portal's lists: its projects' quotes and reservations. The server decides the company
 * from the signed-in user's membership: nothing here names it.
 */
export const fetchRealEstateQuotes = quotePages<RealEstateQuoteView>('/analytics/real-estate/quotes');

export const fetchRealEstateReservations = reservationPages<RealEstateReservationView>('/analytics/real-estate/reservations');
