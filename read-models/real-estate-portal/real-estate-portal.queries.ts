import type { ReadStore } from '../../kernel/ports/read-store';
import { PROJECT_DETAILS, type ProjectDetailDoc } from '../project-detail/project-detail-docs';
import { listBackofficeQuotes, type BackofficeQuotesQuery } from '../quotes/backoffice-quotes.queries';
import { listBackofficeReservations, type BackofficeReservationsQuery } from '../reservations/backoffice-reservations.queries';
import { reservationTerms } from '../sales-analytics/sales-analytics.queries';

/**
 * The real-estate company portal's lists: the back office's quotes and reservations lists (the same read models
 * and filters), narrowed to the company's own projects. The company is decided by the caller's membership
 * (application/analytics), never here.
 */

/** The projects a real-estate company publishes, enabled or not (their past quotes and reservations stay its own). */
const realEstateProjectIds = async (store: ReadStore, companyId: string): Promise<string[]> =>
  (await store.collection<ProjectDetailDoc>(PROJECT_DETAILS).find({ 'realEstate.companyId': companyId }, { projection: { _id: 1 } })).map((d) => d._id);

export const listRealEstateQuotes = async (store: ReadStore, companyId: string, q: BackofficeQuotesQuery, now: Date) =>
  listBackofficeQuotes(store, q, now, { projectIds: await realEstateProjectIds(store, companyId) });

const round2 = (n: number): number => Math.round(n * 100) / 100;

export const listRealEstateReservations = async (store: ReadStore, companyId: string, q: BackofficeReservationsQuery) => {
  const page = await listBackofficeReservations(store, q, { projectIds: await realEstateProjectIds(store, companyId) });
  const terms = await reservationTerms(
    store,
    page.items.map((r) => r.id),
  );
  return { ...page, items: page.items.map((r) => ({ ...r, priceUF: round2(terms.get(r.id)?.priceUF ?? 0) })) };
};
