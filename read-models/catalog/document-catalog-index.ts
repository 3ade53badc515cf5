import type { CatalogIndex, CatalogPage } from './catalog-index';
import { JsonText } from '../../kernel/ports/json-text';
import type { Filter, ReadStore } from '../../kernel/ports/read-store';
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
 * index (MongoDB with CATALOG_DOCUMENT_INDEXES; entries are the documents themselves, which MongoDB indexes
 * with every write of a card). Over the embedded document store it works too, by scanning: tests use it there.
 */
export class DocumentCatalogIndex implements CatalogIndex {
  constructor(private readonly store: ReadStore) {}

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
    return {
      cards: items.map((doc) => JsonText.of(projectCard(doc))),
      total,
      next: found.length > q.limit && last ? { value: last.sortKeys[key], id: last._id } : null,
    };
  }

  async cards(collection: string, ids: readonly string[]): Promise<ProjectCard[]> {
    const docs = await this.store.collection<CatalogProjectDoc>(collection).find({ _id: { $in: [...ids] }, ...VISIBLE });
    return docs.map(projectCard);
  }

  /** One aggregation on the server: the counts travel, not the cards. */
  async facets(collection: string): Promise<CatalogFacets> {
    type Group<K> = { _id: K; count: number };
    const byValue = { count: { $sum: 1 } };
    const [facets] = await this.store.collection<CatalogProjectDoc>(collection).aggregate<{
      communes: (Group<string> & { name: string; regionCode: string; regionName: string })[];
      propertyTypes: Group<string>[];
      buildStatuses: Group<string>[];
      bedrooms: Group<number>[];
      amenities: Group<string>[];
      prices: { min: number; max: number }[];
    }>([
      { $match: VISIBLE },
      {
        $facet: {
          communes: [
            {
              $group: {
                _id: '$communeCode',
                name: { $first: '$communeName' },
                regionCode: { $first: '$regionCode' },
                regionName: { $first: '$regionName' },
                ...byValue,
              },
            },
          ],
          propertyTypes: [{ $group: { _id: '$assetType', ...byValue } }],
          buildStatuses: [{ $group: { _id: '$buildStatus', ...byValue } }],
          bedrooms: [{ $unwind: '$bedrooms' }, { $group: { _id: '$bedrooms', ...byValue } }],
          amenities: [{ $unwind: '$features' }, { $group: { _id: '$features', ...byValue } }],
          prices: [{ $match: { priceFromUF: { $type: 'number' } } }, { $group: { _id: null, min: { $min: '$priceFromUF' }, max: { $max: '$priceFromUF' } } }],
        },
      },
    ]);
    const counts = <K>(groups: Group<K>[]) => new Map(groups.map((g) => [g._id, g.count]));
    const [prices] = facets.prices;
    return facetsOf({
      communes: facets.communes.map(({ _id, name, regionCode, regionName, count }) => ({ code: _id, name, regionCode, regionName, count })),
      propertyTypes: counts(facets.propertyTypes),
      buildStatuses: counts(facets.buildStatuses),
      bedrooms: counts(facets.bedrooms),
      amenities: counts(facets.amenities),
      priceRangeUF: prices ? { min: prices.min, max: prices.max } : null,
    });
  }
}
