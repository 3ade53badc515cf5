import type { CatalogIndex, CatalogPage } from '../../application/ports/catalog-index';
import type { Filter, ReadStore } from '../../application/ports/read-store';
import { normaliseName } from '../../domain/reference/chile-territory';
import { facetsOf, projectCard, type CatalogFacets, type ProjectCard } from './catalog-card';
import type { CatalogProjectDoc } from './catalog-doc';
import { SORT_KEYS, type CatalogFilter, type CatalogPageRequest } from './catalog-query';

/** Only enabled projects are visible to buyers (spec §4); a card fed only by unit events has no name yet. */
const VISIBLE: Filter = { enabled: true, name: { $exists: true } };

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const filterOf = (q: CatalogFilter): Filter[] => {
  const and: Filter[] = [VISIBLE];
  if (q.search?.trim()) and.push({ searchText: { $regex: escapeRegex(normaliseName(q.search)) } });
  if (q.communes?.length) and.push({ communeCode: { $in: q.communes } });
  if (q.propertyTypes?.length) and.push({ assetType: { $in: q.propertyTypes } });
  if (q.buildStatuses?.length) and.push({ buildStatus: { $in: q.buildStatuses } });
  if (q.bedrooms?.length) and.push({ bedrooms: { $in: q.bedrooms } });
  if (q.amenities?.length) and.push({ features: { $all: q.amenities } });
  // Both bounds apply to the card's "from" price; null (no available unit) never matches a bound.
  if (q.priceFrom !== undefined) and.push({ priceFromUF: { $ne: null, $gte: q.priceFrom } });
  if (q.priceTo !== undefined) and.push({ priceFromUF: { $ne: null, $lte: q.priceTo } });
  return and;
};

/**
 * The MongoDB indexes the queries below use (created on the live and the rebuild collection alike, by the
 * projection's `indexes`). Each sort has one led by `enabled`, with `_id` last for the tie-break, so a page
 * is an index range scan that stops after `limit` entries; the filters' indexes let the planner start from a
 * selective filter instead. The name search is an unanchored regex on `searchText`: MongoDB evaluates it
 * over the `searchText` index keys (an index scan, no documents fetched until a key matches).
 */
export const CATALOG_DOCUMENT_INDEXES: { keys: Record<string, 1 | -1> }[] = [
  { keys: { enabled: 1 } },
  ...Object.values(SORT_KEYS).map(({ key, direction }) => ({ keys: { enabled: 1, [`sortKeys.${key}`]: direction, _id: 1 } as Record<string, 1 | -1> })),
  { keys: { enabled: 1, communeCode: 1 } },
  { keys: { enabled: 1, assetType: 1, buildStatus: 1 } },
  { keys: { enabled: 1, priceFromUF: 1 } },
  { keys: { bedrooms: 1 } },
  { keys: { features: 1 } },
  { keys: { searchText: 1 } },
];

/**
 * The catalogue answered by querying its documents in the MongoDB query language: the distributed mode's
 * index (MongoDB with CATALOG_DOCUMENT_INDEXES; entries are the documents themselves, so `refresh` has
 * nothing to do). Over the embedded document store it works too, by scanning: tests use it there.
 */
export class DocumentCatalogIndex implements CatalogIndex {
  constructor(private readonly store: ReadStore) {}

  async refresh(): Promise<void> {
    // The documents are the index: MongoDB updates its indexes with every write of a card.
  }

  async page(collection: string, q: CatalogPageRequest): Promise<CatalogPage> {
    const docs = this.store.collection<CatalogProjectDoc>(collection);
    const and = filterOf(q);
    const { key, direction } = SORT_KEYS[q.sort];
    const path = `sortKeys.${key}`;
    const total = await docs.countDocuments({ $and: and });
    if (q.after) {
      const { value, id } = q.after;
      and.push({ $or: [{ [path]: { [direction === 1 ? '$gt' : '$lt']: value } }, { [path]: value, _id: { $gt: id } }] });
    }
    const found = await docs.find({ $and: and }, { sort: { [path]: direction, _id: 1 }, limit: q.limit + 1 });
    const items = found.slice(0, q.limit);
    const last = items[items.length - 1];
    return { cards: items.map(projectCard), total, next: found.length > q.limit && last ? { value: last.sortKeys[key], id: last._id } : null };
  }

  async cards(collection: string, ids: readonly string[]): Promise<ProjectCard[]> {
    const docs = await this.store.collection<CatalogProjectDoc>(collection).find({ _id: { $in: [...ids] }, ...VISIBLE });
    return docs.map(projectCard);
  }

  async facets(collection: string): Promise<CatalogFacets> {
    const docs = await this.store.collection<CatalogProjectDoc>(collection).find(VISIBLE);
    const count = <K>(keys: K[]) => {
      const counts = new Map<K, number>();
      for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
      return counts;
    };
    const communes = new Map<string, { code: string; name: string; regionCode: string; regionName: string; count: number }>();
    for (const d of docs) {
      const c = communes.get(d.communeCode) ?? { code: d.communeCode, name: d.communeName, regionCode: d.regionCode, regionName: d.regionName, count: 0 };
      communes.set(d.communeCode, { ...c, count: c.count + 1 });
    }
    const prices = docs.flatMap((d) => (d.priceFromUF === null || d.priceFromUF === undefined ? [] : [d.priceFromUF]));
    return facetsOf({
      communes: communes.values(),
      propertyTypes: count(docs.map((d) => d.assetType)),
      buildStatuses: count(docs.map((d) => d.buildStatus)),
      bedrooms: count(docs.flatMap((d) => d.bedrooms ?? [])),
      amenities: count(docs.flatMap((d) => d.features ?? [])),
      priceRangeUF: prices.length ? { min: Math.min(...prices), max: Math.max(...prices) } : null,
    });
  }
}
