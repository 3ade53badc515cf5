import type { Projection } from '../../kernel/projections/projection';
import { guardedUpsert } from '../../kernel/projections/guarded-writes';
import type { RecordedEvent } from '../../kernel/ports/event-store';
import type { ReadStore } from '../../kernel/ports/read-store';
import { chileDay } from '../../domain/shared/chile-day';
import type { ProjectEvent } from '../../domain/catalog/project';
import type { UnitEvent } from '../../domain/catalog/unit';
import type { CollaboratorEvent } from '../../domain/companies/collaborator';
import type { ReservationEvent } from '../../domain/reservations/reservation';
import type { QuoteEvent } from '../../domain/quotes/quote';
import type { LeadEvent } from '../../domain/leads/lead';
import type { FavoritesEvent } from '../../domain/catalog/favorites';
import type { PageViewEvent } from '../../domain/analytics/page-views';
import { SALES_ROLLUPS } from './sales-rollups';
import { addCount, claimCount, flushCounts, SALES_BUCKETS, SALES_REFS } from './sales-counts';

/**
 * The sales dashboards' pre-aggregated documents. `sales_buckets`: one document per Chilean calendar day
 * (America/Santiago: a sale at 23:30 in Santiago counts on that day, not on the UTC day after it), project, unit
 * typology and partner company (the buyer's employer, '-' when none), holding counters; `sales_rollups` the
 * same counters by scope and period (sales-rollups.ts), which the dashboards read. Each event is counted once
 * (sales-counts.ts: a guard per stream, written with the counts at the delivery's end). `sales_refs` keeps what
 * later events need to find their bucket: a project's real-estate company, a unit's typology and price, a
 * buyer's employer and contribution, and a reservation's dimensions as they were when it was requested (so its
 * later events count in the same place).
 */
export { SALES_BUCKETS, SALES_REFS, type SalesBucket } from './sales-counts';

export const COUNTERS = [
  'views',
  'favourites',
  'leads',
  'quotes',
  'started',
  'held',
  'paymentAttempts',
  'paymentRejected',
  'confirmed',
  'expired',
  'cancelled',
  'revenueUF',
  'revenueCLP',
  'contributionCommittedUF',
  'contributionPaidUF',
] as const;
export type Counter = (typeof COUNTERS)[number];

interface Dims {
  projectId: string;
  realEstateCompanyId: string;
  typology: string;
  partnerCompanyId: string;
}

type Ref = { _id: string; [key: string]: unknown };

const NONE = '-';
const dayOf = (iso: string): string => chileDay(iso);
const round2 = (n: number): number => Math.round(n * 100) / 100;

/** Counts an event's counters on its Chilean day, under its dimensions, once (see sales-counts.ts). */
const count = async (store: ReadStore, recorded: RecordedEvent, at: string, dims: Dims, inc: Partial<Record<Counter, number>>): Promise<void> => {
  if (await claimCount(store, recorded)) addCount(store, dayOf(at), dims, inc);
};

const refs = (store: ReadStore) => store.collection<Ref>(SALES_REFS);
// Dimensions are read field by field and never changed: the store's own object, no copy.
const ref = (store: ReadStore, id: string) => refs(store).findOne({ _id: id }, { readOnly: true });
const str = (v: unknown, fallback = NONE): string => (typeof v === 'string' && v ? v : fallback);
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

const buyerDims = async (store: ReadStore, userId: unknown) => {
  const buyer = typeof userId === 'string' ? await ref(store, `buyer:${userId}`) : null;
  return {
    partnerCompanyId: buyer && buyer.active !== false ? str(buyer.companyId) : NONE,
    contributionUF: buyer && buyer.active !== false ? num(buyer.contributionUF) : 0,
  };
};

const projectDims = async (store: ReadStore, projectId: string) => str((await ref(store, `project:${projectId}`))?.realEstateCompanyId);

const unitPrice = (data: Record<string, unknown>): number =>
  typeof data.discountPrice === 'number' && data.discountPrice > 0 ? data.discountPrice : num(data.regularPrice);

export const salesAnalyticsProjection: Projection<
  ProjectEvent | UnitEvent | CollaboratorEvent | ReservationEvent | QuoteEvent | LeadEvent | FavoritesEvent | PageViewEvent
> = {
  name: 'sales-analytics',
  /**
   * 2: Chilean calendar days and the rollups (a read model built before them lacks the rollups the dashboard reads).
   * 3: year rollups (a two-year range reads three big documents instead of twenty-four).
   * 4: a counted-revision guard per stream in `sales_refs` instead of the digests of counted events in each bucket.
   */
  version: 4,
  collections: [SALES_BUCKETS, SALES_REFS, SALES_ROLLUPS],
  categories: ['project', 'unit', 'collaborator', 'reservation', 'quote', 'lead', 'favorites', 'pageviews'],
  eventTypes: [
    'ProjectCreated',
    'ProjectDetailsUpdated',
    'UnitAdded',
    'UnitUpdated',
    'UnitSold',
    'CollaboratorEnrolled',
    'CollaboratorUpdated',
    'CollaboratorDeactivated',
    'ReservationRequested',
    'ReservationUnitHeld',
    'ReservationPaymentStarted',
    'ReservationPaymentFailed',
    'ReservationConfirmed',
    'ReservationExpired',
    'ReservationCancelled',
    'QuoteIssued',
    'LeadActivityRecorded',
    'FavoriteAdded',
    'ProjectPageViewsCounted',
  ],
  indexes: [
    { collection: SALES_BUCKETS, keys: { day: 1 } },
    { collection: SALES_BUCKETS, keys: { realEstateCompanyId: 1, day: 1 } },
    { collection: SALES_BUCKETS, keys: { partnerCompanyId: 1, day: 1 } },
  ],
  flush: flushCounts,
  async apply(recorded, store) {
    const d = recorded.data as Record<string, any>;
    const at = recorded.metadata.occurredAt ?? recorded.recordedAt;
    switch (recorded.type) {
      case 'ProjectCreated':
        await guardedUpsert(refs(store), `project:${d.projectId}`, recorded, {
          $set: { name: d.name, realEstateCompanyId: d.realEstate?.companyId ?? NONE, realEstateName: d.realEstate?.name ?? '' },
        });
        return;
      case 'ProjectDetailsUpdated': {
        const c = d.changes ?? {};
        const set: Record<string, unknown> = {};
        if (typeof c.name === 'string') set.name = c.name;
        if (c.realEstate?.companyId) Object.assign(set, { realEstateCompanyId: c.realEstate.companyId, realEstateName: c.realEstate.name ?? '' });
        await guardedUpsert(refs(store), `project:${d.projectId}`, recorded, { $set: set });
        return;
      }
      case 'UnitAdded':
        await guardedUpsert(refs(store), `unit:${d.unitId}`, recorded, { $set: { projectId: d.projectId, typology: str(d.typology), priceUF: unitPrice(d) } });
        return;
      case 'UnitUpdated': {
        const current = await ref(store, `unit:${d.unitId}`);
        const merged = { regularPrice: current?.priceUF, ...(d.changes ?? {}) };
        const set: Record<string, unknown> = {};
        if (typeof d.changes?.typology === 'string') set.typology = d.changes.typology;
        if ('regularPrice' in (d.changes ?? {}) || 'discountPrice' in (d.changes ?? {})) set.priceUF = unitPrice(merged);
        await guardedUpsert(refs(store), `unit:${d.unitId}`, recorded, { $set: set });
        return;
      }
      case 'CollaboratorEnrolled':
        if (typeof d.userId === 'string' && d.userId)
          await guardedUpsert(refs(store), `buyer:${d.userId}`, recorded, {
            $set: { companyId: d.companyId, contributionUF: num(d.companyContributionUF), active: true, collaboratorId: d.collaboratorId },
          });
        await guardedUpsert(refs(store), `collaborator:${d.collaboratorId}`, recorded, { $set: { userId: d.userId ?? null } });
        return;
      case 'CollaboratorUpdated':
      case 'CollaboratorDeactivated': {
        const userId = (await ref(store, `collaborator:${d.collaboratorId}`))?.userId;
        if (typeof userId !== 'string') return;
        const set =
          recorded.type === 'CollaboratorDeactivated'
            ? { active: false }
            : typeof d.changes?.companyContributionUF === 'number'
              ? { contributionUF: d.changes.companyContributionUF }
              : {};
        await guardedUpsert(refs(store), `buyer:${userId}`, recorded, { $set: set });
        return;
      }
      case 'ReservationRequested': {
        const unit = await ref(store, `unit:${d.unitId}`);
        const buyer = await buyerDims(store, d.buyerId);
        const dims: Dims = {
          projectId: d.projectId,
          realEstateCompanyId: await projectDims(store, d.projectId),
          typology: str(unit?.typology),
          partnerCompanyId: buyer.partnerCompanyId,
        };
        await guardedUpsert(refs(store), `reservation:${d.reservationId}`, recorded, {
          $set: { unitId: d.unitId, priceUF: num(unit?.priceUF), amountCLP: num(d.amountCLP), contributionUF: buyer.contributionUF, ...dims },
        });
        await count(store, recorded, at, dims, { started: 1 });
        return;
      }
      case 'ReservationUnitHeld':
      case 'ReservationPaymentStarted':
      case 'ReservationPaymentFailed':
      case 'ReservationConfirmed':
      case 'ReservationExpired':
      case 'ReservationCancelled': {
        const r = await ref(store, `reservation:${d.reservationId}`);
        if (!r) return;
        const dims: Dims = {
          projectId: str(r.projectId),
          realEstateCompanyId: str(r.realEstateCompanyId),
          typology: str(r.typology),
          partnerCompanyId: str(r.partnerCompanyId),
        };
        const inc: Partial<Record<Counter, number>> =
          recorded.type === 'ReservationUnitHeld'
            ? { held: 1 }
            : recorded.type === 'ReservationPaymentStarted'
              ? { paymentAttempts: 1 }
              : recorded.type === 'ReservationPaymentFailed'
                ? d.failure === 'rejected'
                  ? { paymentRejected: 1 }
                  : {}
                : recorded.type === 'ReservationConfirmed'
                  ? { confirmed: 1, revenueUF: round2(num(r.priceUF)), revenueCLP: num(r.amountCLP), contributionCommittedUF: num(r.contributionUF) }
                  : recorded.type === 'ReservationExpired'
                    ? { expired: 1 }
                    : { cancelled: 1 };
        if (Object.keys(inc).length) await count(store, recorded, at, dims, inc);
        // The employer's contribution is a benefit per person: a reservation the buyer's other one carries it for commits none.
        if (recorded.type === 'ReservationUnitHeld' && d.companyContributionApplies === false)
          await guardedUpsert(refs(store), `reservation:${d.reservationId}`, recorded, { $set: { contributionUF: 0 } });
        if (recorded.type === 'ReservationConfirmed')
          await guardedUpsert(refs(store), `reservation:${d.reservationId}`, recorded, { $set: { confirmed: true } });
        return;
      }
      case 'UnitSold': {
        // The contribution is paid when the sale is signed (the deed): the reservation's committed amount.
        const r = typeof d.reservationId === 'string' ? await ref(store, `reservation:${d.reservationId}`) : null;
        if (!r || r.confirmed !== true) return;
        await count(
          store,
          recorded,
          at,
          {
            projectId: str(r.projectId),
            realEstateCompanyId: str(r.realEstateCompanyId),
            typology: str(r.typology),
            partnerCompanyId: str(r.partnerCompanyId),
          },
          { contributionPaidUF: num(r.contributionUF) },
        );
        return;
      }
      case 'QuoteIssued': {
        const projectId = str(d.project?.projectId);
        const buyer = await buyerDims(store, d.userId);
        await count(
          store,
          recorded,
          at,
          { projectId, realEstateCompanyId: await projectDims(store, projectId), typology: str(d.unit?.typology), partnerCompanyId: buyer.partnerCompanyId },
          { quotes: 1 },
        );
        return;
      }
      case 'LeadActivityRecorded': {
        // A lead counts once, where its first activity happened (revision 1: right after its capture).
        if (recorded.revision !== 1) return;
        const projectId = str(d.projectId);
        await count(
          store,
          recorded,
          at,
          { projectId, realEstateCompanyId: projectId === NONE ? NONE : await projectDims(store, projectId), typology: NONE, partnerCompanyId: NONE },
          { leads: 1 },
        );
        return;
      }
      case 'FavoriteAdded': {
        const buyer = await buyerDims(store, d.userId);
        await count(
          store,
          recorded,
          at,
          { projectId: d.projectId, realEstateCompanyId: await projectDims(store, d.projectId), typology: NONE, partnerCompanyId: buyer.partnerCompanyId },
          { favourites: 1 },
        );
        return;
      }
      case 'ProjectPageViewsCounted': {
        // One event, several projects: its dimensions first, then one claim for all of its counts.
        const counts: [Dims, number][] = [];
        for (const [projectId, views] of Object.entries((d.counts ?? {}) as Record<string, number>))
          counts.push([{ projectId, realEstateCompanyId: await projectDims(store, projectId), typology: NONE, partnerCompanyId: NONE }, num(views)]);
        if (counts.length === 0 || !(await claimCount(store, recorded))) return;
        const day = dayOf(d.to ?? at);
        for (const [dims, views] of counts) addCount(store, day, dims, { views });
        return;
      }
    }
  },
};
