/**
 * The catalogue's closed vocabularies and the explore screen's sorts, without zod: the buyer's first
 * screen reads them, and its chunk must not carry the schema library (tests/e2e/web-assets.e2e.test.ts).
 */
export { ASSET_TYPES, BUILD_STATUSES, type AssetType, type BuildStatus } from '../domain/catalog/catalog-values';

/** The explore screen's five sorts. */
export const CATALOG_SORTS = ['featured', 'name', 'newest', 'price_asc', 'price_desc'] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];
