import type { CatalogIndex } from '../../application/ports/catalog-index';
import type { Projection } from '../../application/projections/projection';
import { compareAndSet } from '../../application/projections/guarded-writes';
import type { RecordedEvent } from '../../application/ports/event-store';
import type { ReadStore } from '../../application/ports/read-store';
import type { ProjectEvent } from '../../domain/catalog/project';
import { UNIT_EVENT_TYPES, unitPrice, type UnitEvent } from '../../domain/catalog/unit';
import { normaliseName } from '../../domain/reference/chile-territory';
import { CATALOG_PROJECTS, type CatalogProjectDoc, type UnitSummary } from './catalog-doc';
import { CATALOG_DOCUMENT_INDEXES } from './document-catalog-index';

const NO_PRICE_ASC = 1e12;
const NO_PRICE_DESC = -1;

const unique = (values: number[]): number[] => [...new Set(values)].sort((a, b) => a - b);

/**
 * Everything derived from the document's own fields: unit aggregates, card image, search and sort keys.
 * The "from" price (priceFromUF) is the lowest price among the available units (enabled and not_reserved):
 * the card shows it ("Desde UF …"), the price filter compares it, the price sorts order by it. A project
 * with no available unit has none (null): no price filter matches it and both price sorts put it last.
 */
export const derive = (doc: Partial<CatalogProjectDoc>): Partial<CatalogProjectDoc> => {
  const units = Object.values(doc.unitSummaries ?? {}).filter((u) => u.enabled);
  const available = units.filter((u) => u.status === 'not_reserved');
  const prices = available.map((u) => u.price);
  const priceFromUF = prices.length ? Math.min(...prices) : null;
  const images = Object.values(doc.images ?? {});
  const pick = (category: string) => images.find((i) => i.category === category && i.primary) ?? images.find((i) => i.category === category);
  const nameKey = normaliseName(doc.name ?? '');
  const featured = doc.featuredOrder !== null && doc.featuredOrder !== undefined;
  return {
    priceFromUF,
    priceToUF: prices.length ? Math.max(...prices) : null,
    bedrooms: unique(available.map((u) => u.bedrooms)),
    bathrooms: unique(available.map((u) => u.bathrooms)),
    unitsTotal: units.length,
    unitsAvailable: available.length,
    unitsReserved: units.filter((u) => u.status === 'reserved' || u.status === 'in_process').length,
    unitsSold: units.filter((u) => u.status === 'sold').length,
    cardImage: (pick('card') ?? pick('cover'))?.fileRef ?? null,
    featured,
    searchText: normaliseName([doc.name, doc.communeName, doc.realEstate?.name].filter(Boolean).join(' ')),
    sortKeys: {
      featured: featured ? `0-${String(doc.featuredOrder).padStart(6, '0')}-${nameKey}` : `1-${nameKey}`,
      name: nameKey,
      newest: `${doc.enteredDate ?? ''}`,
      priceAsc: priceFromUF ?? NO_PRICE_ASC,
      priceDesc: priceFromUF ?? NO_PRICE_DESC,
    },
  };
};

const sameJson = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * The `$set` that turns `current` into `next`: only the fields that differ, and of the unit summaries only the
 * units that changed (`unitSummaries.<unitId>`). Setting the whole card made every unit event cost as much as
 * the project's size in the store (values compared, then the card written) — a hold on one unit of an 80-unit
 * project was the dearest event of a reservation.
 */
const fieldsToSet = (current: Partial<CatalogProjectDoc>, next: Partial<CatalogProjectDoc>): Record<string, unknown> => {
  const set: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (key === 'unitSummaries' && current.unitSummaries && value) {
      for (const [unitId, summary] of Object.entries(value as Record<string, UnitSummary>))
        if (!sameJson(summary, current.unitSummaries[unitId])) set[`unitSummaries.${unitId}`] = summary;
    } else if (!sameJson(value, current[key as keyof CatalogProjectDoc])) set[key] = value;
  }
  return set;
};

/** What the projection needs of the catalogue index. */
type IndexRefresh = Pick<CatalogIndex, 'refresh'>;

type Change = (doc: Partial<CatalogProjectDoc>) => Partial<CatalogProjectDoc>;

/**
 * Reads the card, applies the event's change, recomputes what derives from it, writes guarded by the event,
 * then brings the card's catalogue-index entry in line, also when the event was applied before (a crash
 * may have come between the card's write and the entry's: the redelivery repairs the entry).
 */
const update = async (store: ReadStore, index: IndexRefresh, projectId: string, recorded: RecordedEvent, change: Change) => {
  const cards = store.collection<CatalogProjectDoc>(CATALOG_PROJECTS);
  // Project and unit events reach this card from different streams (different Kafka partitions): the
  // read-modify-write is a compare-and-set, so two consumers writing at once cannot lose an update.
  await compareAndSet(cards, projectId, recorded, (current) => {
    const changes = change(current);
    return fieldsToSet(current, { ...changes, ...derive({ ...current, ...changes }) });
  });
  // `cards.name` is the collection really written: `catalog_projects__rebuild` during a rebuild.
  // The index reads the card at once to build its row: no copy needed.
  await index.refresh(cards.name, projectId, () => cards.findOne({ _id: projectId }, { readOnly: true }));
};

const summary = (previous: UnitSummary | undefined, patch: Partial<UnitSummary>): UnitSummary => {
  const next = { bedrooms: 0, bathrooms: 0, regularPrice: 0, discountPrice: null, status: 'not_reserved' as const, enabled: true, ...previous, ...patch };
  return { ...next, price: unitPrice({ ...next, footVoucherPrice: null }, 'normal') };
};

const onUnit =
  (unitId: string, patch: (previous: UnitSummary | undefined) => Partial<UnitSummary>): Change =>
  (doc) => ({
    unitSummaries: { ...doc.unitSummaries, [unitId]: summary(doc.unitSummaries?.[unitId], patch(doc.unitSummaries?.[unitId])) },
  });

/**
 * The explore screen's catalogue: one card per project, fed by project and unit streams, and the
 * catalogue index the explore query runs on (embedded: SQLite tables beside the documents; distributed:
 * the documents' own MongoDB indexes, so `index.refresh` has nothing to do).
 */
export const catalogProjectionWith = (index: IndexRefresh): Projection<ProjectEvent | UnitEvent> => ({
  name: 'catalog',
  collections: [CATALOG_PROJECTS],
  categories: ['project', 'unit'],
  eventTypes: [
    'ProjectCreated',
    'ProjectDetailsUpdated',
    'ProjectEnabled',
    'ProjectDisabled',
    'ProjectFeatured',
    'ProjectUnfeatured',
    'ProjectImageAdded',
    'ProjectImageUpdated',
    'ProjectImageRemoved',
    'MonthlyPromotionPublished',
    'MonthlyPromotionWithdrawn',
    'ProjectPricingOptionsSet',
    ...UNIT_EVENT_TYPES,
  ],
  indexes: CATALOG_DOCUMENT_INDEXES.map(({ keys }) => ({ collection: CATALOG_PROJECTS, keys })),
  // Every event here updates its project's card: a delivery's events for one card go one after another.
  orderKey: (recorded) => recorded.data.projectId,
  async apply(recorded: RecordedEvent, store: ReadStore) {
    const event = { type: recorded.type, data: recorded.data } as ProjectEvent | UnitEvent;
    const at = (id: string, change: Change) => update(store, index, id, recorded, change);
    switch (event.type) {
      case 'ProjectCreated': {
        const p = event.data;
        return at(p.projectId, () => ({
          name: p.name,
          realEstate: { companyId: p.realEstate.companyId, name: p.realEstate.name },
          address: p.address,
          communeCode: p.communeCode,
          communeName: p.communeName,
          regionCode: p.regionCode,
          regionName: p.regionName,
          city: p.city,
          latitude: p.latitude,
          longitude: p.longitude,
          assetType: p.assetType,
          buildStatus: p.buildStatus,
          deliveryDate: p.deliveryDate,
          features: p.features,
          commercialStatus: p.commercialStatus,
          enteredDate: p.enteredDate,
          reservationPrice: p.reservationPrice,
          bonusPricing: p.pricing.bonusEnabled,
          createdAt: p.createdAt,
        }));
      }
      case 'ProjectDetailsUpdated': {
        const keep = [
          'name',
          'address',
          'communeCode',
          'communeName',
          'regionCode',
          'regionName',
          'city',
          'latitude',
          'longitude',
          'assetType',
          'buildStatus',
          'deliveryDate',
          'features',
          'commercialStatus',
          'enteredDate',
          'reservationPrice',
        ];
        const changes = Object.fromEntries(Object.entries(event.data.changes).filter(([k]) => keep.includes(k)));
        const realEstate = event.data.changes.realEstate;
        return at(event.data.projectId, () => ({
          ...changes,
          ...(realEstate ? { realEstate: { companyId: realEstate.companyId, name: realEstate.name } } : {}),
        }));
      }
      case 'ProjectEnabled':
        return at(event.data.projectId, () => ({ enabled: true }));
      case 'ProjectDisabled':
        return at(event.data.projectId, () => ({ enabled: false }));
      case 'ProjectFeatured':
        return at(event.data.projectId, () => ({ featuredOrder: event.data.order }));
      case 'ProjectUnfeatured':
        return at(event.data.projectId, () => ({ featuredOrder: null }));
      case 'ProjectImageAdded': {
        const { imageId, category, fileRef, primary, variants } = event.data;
        // The card shows the resized copy when the upload was a raster image.
        return at(event.data.projectId, (doc) => ({ images: { ...doc.images, [imageId]: { category, fileRef: variants?.card ?? fileRef, primary } } }));
      }
      case 'ProjectImageUpdated': {
        const { imageId, changes } = event.data;
        const { category, primary } = changes;
        return at(event.data.projectId, (doc) => {
          const current = doc.images?.[imageId];
          if (!current) return {};
          return { images: { ...doc.images, [imageId]: { ...current, ...(category ? { category } : {}), ...(primary !== undefined ? { primary } : {}) } } };
        });
      }
      case 'ProjectImageRemoved':
        return at(event.data.projectId, (doc) => ({
          images: Object.fromEntries(Object.entries(doc.images ?? {}).filter(([id]) => id !== event.data.imageId)),
        }));
      case 'MonthlyPromotionPublished': {
        const { promotionId, month, title, discountPercent } = event.data;
        return at(event.data.projectId, (doc) => ({ promotions: { ...doc.promotions, [promotionId]: { month, title, discountPercent } } }));
      }
      case 'MonthlyPromotionWithdrawn':
        return at(event.data.projectId, (doc) => ({
          promotions: Object.fromEntries(Object.entries(doc.promotions ?? {}).filter(([id]) => id !== event.data.promotionId)),
        }));
      case 'ProjectPricingOptionsSet':
        return at(event.data.projectId, () => ({ bonusPricing: event.data.bonusEnabled }));
      case 'UnitAdded': {
        const u = event.data;
        return at(
          u.projectId,
          onUnit(u.unitId, () => ({ bedrooms: u.bedrooms, bathrooms: u.bathrooms, regularPrice: u.regularPrice, discountPrice: u.discountPrice })),
        );
      }
      case 'UnitUpdated': {
        const { bedrooms, bathrooms, regularPrice, discountPrice } = event.data.changes;
        const patch = Object.fromEntries(Object.entries({ bedrooms, bathrooms, regularPrice, discountPrice }).filter(([, v]) => v !== undefined));
        return at(
          event.data.projectId,
          onUnit(event.data.unitId, () => patch),
        );
      }
      case 'UnitEnabled':
        return at(
          event.data.projectId,
          onUnit(event.data.unitId, () => ({ enabled: true })),
        );
      case 'UnitDisabled':
        return at(
          event.data.projectId,
          onUnit(event.data.unitId, () => ({ enabled: false })),
        );
      case 'UnitHeldForReservation':
        return at(
          event.data.projectId,
          onUnit(event.data.unitId, () => ({ status: 'in_process' })),
        );
      case 'UnitHoldReleased':
        return at(
          event.data.projectId,
          onUnit(event.data.unitId, () => ({ status: 'not_reserved' })),
        );
      case 'UnitReserved':
        return at(
          event.data.projectId,
          onUnit(event.data.unitId, () => ({ status: 'reserved' })),
        );
      case 'UnitSold':
        return at(
          event.data.projectId,
          onUnit(event.data.unitId, () => ({ status: 'sold' })),
        );
    }
  },
});

/** The catalogue over its documents alone: what DocumentCatalogIndex (MongoDB) queries. */
export const catalogProjection: Projection<ProjectEvent | UnitEvent> = catalogProjectionWith({ refresh: async () => undefined });
