import type { Projection } from '../../kernel/projections/projection';
import { compareAndSetFolded, compareAndSetFoldedTogether, revisionStep, type FoldStep } from '../../kernel/projections/guarded-writes';
import type { RecordedEvent } from '../../kernel/ports/event-store';
import { valueAt } from '../../kernel/personal-data/personal-data-schema';
import type { ReadStore } from '../../kernel/ports/read-store';
import type { ProjectEvent } from '../../domain/catalog/project';
import { UNIT_EVENT_TYPES, unitPrice, type UnitEvent } from '../../domain/catalog/unit';
import type { UnitCommercialStatus } from '../../domain/catalog/catalog-values';
import { normaliseName } from '../../domain/reference/chile-territory';
import { CATALOG_PROJECTS, UNIT, type CatalogProjectDoc, type UnitEntry } from './catalog-doc';
import { CATALOG_DOCUMENT_INDEXES } from './document-catalog-index';
import { dictionary } from '../../kernel/projections/dictionary';

const NO_PRICE_ASC = 1e12;
const NO_PRICE_DESC = -1;

const ascending = (values: Set<number>): number[] => [...values].sort((a, b) => a - b);

/**
 * What derives from the card's units. The "from" price (priceFromUF) is the lowest price among the available
 * units (enabled and not_reserved): the card shows it ("Desde UF …"), the price filter compares it, the price
 * sorts order by it. A project with no available unit has none (null): no price filter matches it and both
 * price sorts put it last. `replaced`: units as they are about to be (the others as the card has them).
 */
const deriveFromUnits = (entries: Record<string, UnitEntry> | undefined, replaced?: ReadonlyMap<string, UnitEntry>): Record<string, unknown> => {
  let total = 0;
  let available = 0;
  let reserved = 0;
  let sold = 0;
  let min = Infinity;
  let max = -Infinity;
  const bedrooms = new Set<number>();
  const bathrooms = new Set<number>();
  const count = (entry: UnitEntry) => {
    if (!entry[UNIT.enabled]) return;
    total++;
    const status = entry[UNIT.status];
    if (status === 'reserved' || status === 'in_process') reserved++;
    else if (status === 'sold') sold++;
    else if (status === 'not_reserved') {
      available++;
      const price = unitPrice({ regularPrice: entry[UNIT.regularPrice], discountPrice: entry[UNIT.discountPrice], footVoucherPrice: null }, 'normal');
      if (price < min) min = price;
      if (price > max) max = price;
      bedrooms.add(entry[UNIT.bedrooms]);
      bathrooms.add(entry[UNIT.bathrooms]);
    }
  };
  for (const unitId in entries) if (!replaced?.has(unitId)) count(entries[unitId]);
  if (replaced) for (const entry of replaced.values()) count(entry);
  const priceFromUF = available ? min : null;
  return {
    priceFromUF,
    priceToUF: available ? max : null,
    bedrooms: ascending(bedrooms),
    bathrooms: ascending(bathrooms),
    unitsTotal: total,
    unitsAvailable: available,
    unitsReserved: reserved,
    unitsSold: sold,
    'sortKeys.priceAsc': priceFromUF ?? NO_PRICE_ASC,
    'sortKeys.priceDesc': priceFromUF ?? NO_PRICE_DESC,
  };
};

/** What derives from the project's own fields: card image, search and sort keys. */
const deriveFromProject = (doc: Partial<CatalogProjectDoc>): Record<string, unknown> => {
  const images = Object.values(doc.images ?? {});
  const pick = (category: string) => images.find((i) => i.category === category && i.primary) ?? images.find((i) => i.category === category);
  const nameKey = normaliseName(doc.name ?? '');
  const featured = doc.featuredOrder !== null && doc.featuredOrder !== undefined;
  return {
    cardImage: (pick('card') ?? pick('cover'))?.fileRef ?? null,
    featured,
    searchText: normaliseName([doc.name, doc.communeName, doc.realEstate?.name].filter(Boolean).join(' ')),
    'sortKeys.featured': featured ? `0-${String(doc.featuredOrder).padStart(6, '0')}-${nameKey}` : `1-${nameKey}`,
    'sortKeys.name': nameKey,
    'sortKeys.newest': `${doc.enteredDate ?? ''}`,
  };
};

const same = (a: unknown, b: unknown): boolean => {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => same(v, b[i]));
  return a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b);
};

/** Of `next` (fields by path), those that differ from the card: a write sets only what changed. */
const changed = (current: Record<string, unknown>, next: Record<string, unknown>): Record<string, unknown> => {
  const set: Record<string, unknown> = {};
  for (const path in next) if (!same(next[path], valueAt(current, path))) set[path] = next[path];
  return set;
};

type Change = (doc: Partial<CatalogProjectDoc>) => Partial<CatalogProjectDoc>;

const cardsOf = (store: ReadStore) => store.collection<CatalogProjectDoc>(CATALOG_PROJECTS);

type Step = FoldStep<CatalogProjectDoc>;

/**
 * A delivery's steps per card, per store view (the runner's batch, a rebuild's target), written at its end by
 * `flush`: one compare-and-set per card and delivery instead of one per event. Under reservations a delivery
 * brings a project's card many unit events (holds, releases, payments), and distributed, each of those was
 * a MongoDB round trip one after the other.
 */
const gathered = new WeakMap<ReadStore, Map<string, Step[]>>();

/** The steps this store view gathered for a card so far (an empty list to add to, the first time). */
const stepsOf = (store: ReadStore, projectId: string): Step[] => {
  let cards = gathered.get(store);
  if (!cards) gathered.set(store, (cards = new Map()));
  let steps = cards.get(projectId);
  if (!steps) cards.set(projectId, (steps = []));
  return steps;
};

const gather = (store: ReadStore, projectId: string, step: Step): void => {
  stepsOf(store, projectId).push(step);
};

/** Cards written at once by a flush: their round trips overlap (distributed), and a delivery may touch thousands. */
const FLUSH_CONCURRENCY = 16;

/**
 * Writes the cards this store view gathered. Project and unit events reach a card from different streams
 * (different Kafka partitions, so different deliveries at once): each card's write is a compare-and-set, and a
 * lost race folds the card's steps again over the document as the other consumer left it.
 */
const flushCards = async (store: ReadStore): Promise<void> => {
  const cards = gathered.get(store);
  if (!cards) return;
  gathered.delete(store);
  let queue = [...cards];
  // The cards are read together and written together: only a card that another consumer (another Kafka
  // partition) changed meanwhile goes through the compare-and-set below, which reads it again.
  if (queue.length > 1) queue = await compareAndSetFoldedTogether(cardsOf(store), queue);
  let failure: { error: unknown } | undefined;
  // After a failure the writers take no more cards, and the flush rejects only once none is writing: nothing
  // of this delivery is written after its batch has settled.
  const writer = async () => {
    for (let next = queue.shift(); next && !failure; next = queue.shift()) {
      try {
        await compareAndSetFolded(cardsOf(store), next[0], next[1]);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(queue.length, FLUSH_CONCURRENCY) }, writer));
  if (failure) throw failure.error;
};

/**
 * A project event: applies the change to the card, recomputes what derives from the project's fields; guarded
 * by the event's revision of its stream.
 */
const onProject = (store: ReadStore, projectId: string, recorded: RecordedEvent, change: Change) =>
  gather(
    store,
    projectId,
    revisionStep(recorded, (current) => {
      const changes = change(current);
      return changed(current, { ...changes, ...deriveFromProject({ ...current, ...changes }), ...deriveFromUnits(current.unitEntries) });
    }),
  );

/**
 * A unit event: the unit's entry on the card (with its stream's revision, which makes a redelivery change nothing)
 * and what derives from the units. Only the entry and the figures that moved are written: a hold on one unit of
 * an 80-unit project neither copies nor compares the others' entries. (The card used to keep each unit as an
 * object, and its revision apart: two thirds of its bytes, serialised again at each write.)
 */
const onUnit = (store: ReadStore, recorded: RecordedEvent, patch: (entry: UnitEntry) => void) => {
  const { projectId, unitId } = recorded.data as { projectId: string; unitId: string };
  const change: UnitChange = { unitId, revision: recorded.revision, patch };
  // Unit events one after another on a card are one step: see UnitSteps.
  const steps = stepsOf(store, projectId);
  const last = steps[steps.length - 1];
  if (last instanceof UnitSteps) last.changes.push(change);
  else steps.push(new UnitSteps(change));
};

interface UnitChange {
  readonly unitId: string;
  readonly revision: number;
  readonly patch: (entry: UnitEntry) => void;
}

/**
 * A delivery's unit events in a row on one card, as one fold step: each event's entry from the one before it
 * (an event its unit's entry already has is skipped, as its own step would be), then what derives from the units
 * once, over the card's entries with these replaced. As separate steps, each counted every unit of the project
 * again, and the fold copied the card's whole `unitEntries` to show the next step the earlier ones' entries: a
 * copy of a 300-unit map cost 50-110 µs (V8 keeps a map that large as a dictionary).
 */
class UnitSteps implements Step {
  readonly changes: UnitChange[];

  constructor(first: UnitChange) {
    this.changes = [first];
  }

  applied(card: CatalogProjectDoc): boolean {
    return this.changes.every(({ unitId, revision }) => (card.unitEntries?.[unitId]?.[UNIT.revision] ?? -1) >= revision);
  }

  compute(card: CatalogProjectDoc): Record<string, unknown> {
    const entries = new Map<string, UnitEntry>();
    for (const { unitId, revision, patch } of this.changes) {
      const previous = entries.get(unitId) ?? card.unitEntries?.[unitId];
      if ((previous?.[UNIT.revision] ?? -1) >= revision) continue;
      const entry: UnitEntry = previous ? [...previous] : [0, 0, 0, null, 'not_reserved', true, -1];
      patch(entry);
      entry[UNIT.revision] = revision;
      entries.set(unitId, entry);
    }
    const set = dictionary();
    for (const [unitId, entry] of entries) set[`unitEntries.${unitId}`] = entry;
    return Object.assign(set, changed(card, deriveFromUnits(card.unitEntries, entries)));
  }
}

const withStatus = (status: UnitCommercialStatus) => (entry: UnitEntry) => {
  entry[UNIT.status] = status;
};

/**
 * The explore screen's catalogue: one card per project, fed by project and unit streams. The explore query
 * runs on the catalogue index (embedded: SQLite tables following the cards; distributed: the documents' own
 * MongoDB indexes).
 */
export const catalogProjection: Projection<ProjectEvent | UnitEvent> = {
  name: 'catalog',
  /** 2: units kept as compact entries with their revision (`unitEntries`), no longer as objects and `_v` fields. */
  version: 2,
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
  // apply gathers; the cards are written here, once each per delivery.
  flush: flushCards,
  async apply(recorded, store) {
    const event: ProjectEvent | UnitEvent = recorded;
    const at = (id: string, change: Change) => onProject(store, id, recorded, change);
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
        return onUnit(store, recorded, (entry) => {
          entry[UNIT.bedrooms] = u.bedrooms;
          entry[UNIT.bathrooms] = u.bathrooms;
          entry[UNIT.regularPrice] = u.regularPrice;
          entry[UNIT.discountPrice] = u.discountPrice;
        });
      }
      case 'UnitUpdated': {
        const { bedrooms, bathrooms, regularPrice, discountPrice } = event.data.changes;
        return onUnit(store, recorded, (entry) => {
          if (bedrooms !== undefined) entry[UNIT.bedrooms] = bedrooms;
          if (bathrooms !== undefined) entry[UNIT.bathrooms] = bathrooms;
          if (regularPrice !== undefined) entry[UNIT.regularPrice] = regularPrice;
          if (discountPrice !== undefined) entry[UNIT.discountPrice] = discountPrice;
        });
      }
      case 'UnitEnabled':
        return onUnit(store, recorded, (entry) => {
          entry[UNIT.enabled] = true;
        });
      case 'UnitDisabled':
        return onUnit(store, recorded, (entry) => {
          entry[UNIT.enabled] = false;
        });
      case 'UnitHeldForReservation':
        return onUnit(store, recorded, withStatus('in_process'));
      case 'UnitHoldReleased':
        return onUnit(store, recorded, withStatus('not_reserved'));
      case 'UnitReserved':
        return onUnit(store, recorded, withStatus('reserved'));
      case 'UnitSold':
        return onUnit(store, recorded, withStatus('sold'));
    }
  },
};
