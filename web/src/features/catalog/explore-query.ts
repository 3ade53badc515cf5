import type { QueryValue } from '../../shared/api/port';
import { ASSET_TYPES, BUILD_STATUSES, CATALOG_SORTS, type AssetType, type BuildStatus, type CatalogSort } from '../../../../contract/catalog-values';

/**
 * The explore screen's query and its two forms: the page URL (shareable, back/forward work) and the
 * API's parameters. The vocabularies are the server's (contract/catalog-values.ts); values the server
 * does not know are dropped when read from a URL.
 */
export { ASSET_TYPES, BUILD_STATUSES, CATALOG_SORTS, type AssetType, type BuildStatus, type CatalogSort };

export interface ExploreQuery {
  readonly search: string;
  readonly communes: readonly string[];
  readonly propertyTypes: readonly AssetType[];
  readonly bedrooms: readonly number[];
  /** Projects whose lowest available unit price (the card's "Desde") is at least this, UF. */
  readonly priceFrom: number | null;
  readonly amenities: readonly string[];
  readonly buildStatuses: readonly BuildStatus[];
  readonly sort: CatalogSort;
}

export const EMPTY_EXPLORE_QUERY: ExploreQuery = {
  search: '',
  communes: [],
  propertyTypes: [],
  bedrooms: [],
  priceFrom: null,
  amenities: [],
  buildStatuses: [],
  sort: 'featured',
};

/** Projects per "load more" page. */
export const EXPLORE_PAGE_SIZE = 12;

const MAX_SEARCH = 100;
const MAX_PRICE_UF = 1_000_000;
const MAX_LIST = 20;

/** URL parameter names: the API's own, so a URL and an API call read alike. */
const P = {
  search: 'search',
  communes: 'commune',
  propertyTypes: 'propertyType',
  bedrooms: 'bedrooms',
  priceFrom: 'priceFrom',
  amenities: 'amenities',
  buildStatuses: 'buildStatus',
  sort: 'sort',
} as const;

/** A list parameter written `a,b` or repeated (`x=a&x=b`), trimmed, without blanks or repeats. */
const listOf = (params: URLSearchParams, name: string): string[] => {
  const values = params
    .getAll(name)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  return [...new Set(values)].slice(0, MAX_LIST);
};

const oneOf =
  <T extends string>(allowed: readonly T[]) =>
  (v: string): v is T =>
    (allowed as readonly string[]).includes(v);

const bedroomCount = (v: string): number | null => (/^\d{1,2}$/.test(v) && Number(v) <= 20 ? Number(v) : null);

const price = (raw: string | null): number | null => {
  if (raw === null || raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 && n <= MAX_PRICE_UF ? n : null;
};

export const readExploreQuery = (params: URLSearchParams): ExploreQuery => {
  const sort = params.get(P.sort) ?? '';
  return {
    search: (params.get(P.search) ?? '').trim().slice(0, MAX_SEARCH),
    communes: listOf(params, P.communes).filter((c) => /^\d{5}$/.test(c)),
    propertyTypes: listOf(params, P.propertyTypes).filter(oneOf(ASSET_TYPES)),
    bedrooms: [
      ...new Set(
        listOf(params, P.bedrooms)
          .map(bedroomCount)
          .filter((n): n is number => n !== null),
      ),
    ].sort((a, b) => a - b),
    priceFrom: price(params.get(P.priceFrom)),
    amenities: listOf(params, P.amenities).filter((a) => a.length <= 60),
    buildStatuses: listOf(params, P.buildStatuses).filter(oneOf(BUILD_STATUSES)),
    sort: oneOf(CATALOG_SORTS)(sort) ? sort : 'featured',
  };
};

/** The URL form, leaving out what is empty or the default, so links stay short. */
export const exploreQueryToSearch = (q: ExploreQuery): URLSearchParams => {
  const params = new URLSearchParams();
  if (q.search.trim()) params.set(P.search, q.search.trim());
  if (q.communes.length) params.set(P.communes, q.communes.join(','));
  if (q.propertyTypes.length) params.set(P.propertyTypes, q.propertyTypes.join(','));
  if (q.bedrooms.length) params.set(P.bedrooms, q.bedrooms.join(','));
  if (q.priceFrom !== null) params.set(P.priceFrom, String(q.priceFrom));
  if (q.amenities.length) params.set(P.amenities, q.amenities.join(','));
  if (q.buildStatuses.length) params.set(P.buildStatuses, q.buildStatuses.join(','));
  if (q.sort !== 'featured') params.set(P.sort, q.sort);
  return params;
};

/** Identifies a query: pages of "load more" belong to the query they were asked for. */
export const exploreQueryKey = (q: ExploreQuery): string => exploreQueryToSearch(q).toString();

export const hasActiveFilters = (q: ExploreQuery): boolean => exploreQueryKey({ ...q, sort: 'featured' }) !== '';

/** The API's query parameters (lists comma-separated), with the page cursor. */
export const exploreQueryToApi = (q: ExploreQuery, cursor: string | null = null, limit = EXPLORE_PAGE_SIZE): Record<string, QueryValue> => ({
  search: q.search.trim() || undefined,
  commune: q.communes.join(',') || undefined,
  propertyType: q.propertyTypes.join(',') || undefined,
  bedrooms: q.bedrooms.join(',') || undefined,
  priceFrom: q.priceFrom ?? undefined,
  amenities: q.amenities.join(',') || undefined,
  buildStatus: q.buildStatuses.join(',') || undefined,
  sort: q.sort,
  cursor: cursor ?? undefined,
  limit,
});
