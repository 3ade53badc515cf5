import type { ReadStore } from '../../kernel/ports/read-store';
import type { ReservationStatus } from '../../domain/reservations/reservation';
import { COLLABORATORS, type CollaboratorDoc } from '../collaborators/collaborators.projection';
import { listBackofficeQuotes, type BackofficeQuotesQuery } from '../quotes/backoffice-quotes.queries';
import { backofficeReservationsFilter, listBackofficeReservations, type BackofficeReservationsQuery } from '../reservations/backoffice-reservations.queries';
import { RESERVATIONS, type ReservationDoc } from '../reservations/reservations.projection';
import { reservationTerms } from '../sales-analytics/sales-analytics.queries';

/**
 * The employer portal's lists: the back office's quotes and reservations lists (the same read models and
 * filters), narrowed to the accounts of one partner employer's collaborators, with the company's contribution
 * beside each row. The company is decided by the caller's membership (application/analytics), never here.
 */

/** A reservation still under way or confirmed: the company's contribution is committed to it. */
const COMMITTED_STATUSES: readonly ReservationStatus[] = ['requested', 'held', 'payment_started', 'payment_confirmed', 'confirmed'];
const round2 = (n: number): number => Math.round(n * 100) / 100;

/** The accounts of a company's collaborators (active or not: their past quotes and reservations stay the company's). */
const employerBuyerIds = async (store: ReadStore, companyId: string): Promise<string[]> => {
  const docs = await store.collection<CollaboratorDoc>(COLLABORATORS).find({ companyId, userId: { $type: 'string' } }, { projection: { userId: 1 } });
  return [...new Set(docs.map((d) => d.userId).filter((u): u is string => typeof u === 'string' && u.length > 0))];
};

export const listEmployerQuotes = async (store: ReadStore, companyId: string, q: BackofficeQuotesQuery, now: Date) =>
  listBackofficeQuotes(store, q, now, { buyerIds: await employerBuyerIds(store, companyId) });

const isPaid = (d: Pick<ReservationDoc, 'status' | 'paymentOutcome' | 'refunded'>) =>
  d.status === 'confirmed' && d.paymentOutcome === 'confirmed' && d.refunded !== true;
const isCommitted = (d: Pick<ReservationDoc, 'status'>) => COMMITTED_STATUSES.includes(d.status);

export const listEmployerReservations = async (store: ReadStore, companyId: string, q: BackofficeReservationsQuery) => {
  const page = await listBackofficeReservations(store, q, { buyerIds: await employerBuyerIds(store, companyId) });
  const terms = await reservationTerms(
    store,
    page.items.map((r) => r.id),
  );
  return {
    ...page,
    items: page.items.map((r) => {
      const t = terms.get(r.id) ?? { priceUF: 0, contributionUF: 0 };
      return {
        ...r,
        priceUF: round2(t.priceUF),
        companyContributionUF: round2(t.contributionUF),
        // A reservation whose buyer's contribution goes to another of theirs (a benefit per person) carries none.
        contribution: t.contributionUF <= 0 ? ('none' as const) : isPaid(r) ? ('paid' as const) : isCommitted(r) ? ('committed' as const) : ('none' as const),
      };
    }),
  };
};

/**
 * The company's contribution over the reservations a filter selects: committed (reservations started and not
 * ended, or confirmed) and paid (confirmed with the payment approved, not refunded). Paid is part of committed.
 */
export const employerContribution = async (store: ReadStore, companyId: string, q: Omit<BackofficeReservationsQuery, 'sort' | 'page' | 'perPage'>) => {
  const filter = backofficeReservationsFilter(q, { buyerIds: await employerBuyerIds(store, companyId) });
  const docs = await store.collection<ReservationDoc>(RESERVATIONS).find(filter, { projection: { status: 1, paymentOutcome: 1, refunded: 1 } });
  const terms = await reservationTerms(
    store,
    docs.map((d) => d._id),
  );
  let committedUF = 0;
  let paidUF = 0;
  let committed = 0;
  let paid = 0;
  for (const d of docs) {
    const uf = terms.get(d._id)?.contributionUF ?? 0;
    if (uf <= 0) continue;
    if (isCommitted(d)) {
      committed += 1;
      committedUF += uf;
    }
    if (isPaid(d)) {
      paid += 1;
      paidUF += uf;
    }
  }
  return { companyId, reservations: docs.length, committed, committedUF: round2(committedUF), paid, paidUF: round2(paidUF) };
};
