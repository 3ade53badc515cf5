/** What the explore screen asks of the catalogue: filters, one of five sorts, and where the page starts. */
export { CATALOG_SORTS, type CatalogSort } from '../../contract/catalog';
import type { CatalogSort } from '../../contract/catalog';

export interface CatalogFilter {
  /** Part of the name, commune or real-estate company, ignoring case and accents. */
  search?: string;
  communes?: string[];
  propertyTypes?: string[];
  /** Projects with an available unit of any of these bedroom counts. */
  bedrooms?: number[];
  /**
   * Projects whose "from" price (the lowest price among their available units, the price the card shows as
   * "Desde UF …") is at least this (UF). A project without an available unit has no "from" price and never
   * matches a price filter.
   */
  priceFrom?: number;
  /** Projects whose "from" price is at most this (UF). */
  priceTo?: number;
  /** Projects that have every one of these amenities. */
  amenities?: string[];
  buildStatuses?: string[];
}

/**
 * A card's place in a sort: its sort key and its id, which breaks ties, so that a page boundary is exact
 * whatever the page size and every card is listed exactly once.
 */
export interface SortPosition {
  value: string | number;
  id: string;
}

export interface CatalogPageRequest extends CatalogFilter {
  sort: CatalogSort;
  limit: number;
  /** Start after this card (keyset pagination). */
  after?: SortPosition;
}

/** Sort keys of a card, one per sort (see catalog.projection.ts deriveFromUnits and deriveFromProject), and each sort's direction. */
export const SORT_KEYS: Record<CatalogSort, { key: 'featured' | 'name' | 'newest' | 'priceAsc' | 'priceDesc'; direction: 1 | -1 }> = {
  featured: { key: 'featured', direction: 1 },
  name: { key: 'name', direction: 1 },
  newest: { key: 'newest', direction: -1 },
  price_asc: { key: 'priceAsc', direction: 1 },
  price_desc: { key: 'priceDesc', direction: -1 },
};

/** Bedroom counts the filter accepts (0 = studio): the embedded index keeps them as bits of one integer. */
export const MAX_BEDROOMS = 20;
