import { z } from 'zod';
import { ASSET_TYPES, BUILD_STATUSES } from '../domain/catalog/catalog-values';
import { booleanQuery } from './common';

export { ASSET_TYPE_LABELS, BUILD_STATUS_LABELS } from '../domain/catalog/catalog-values';

/** The explore screen's five sorts. */
export const CATALOG_SORTS = ['featured', 'name', 'newest', 'price_asc', 'price_desc'] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];

/** A list in a query string: `a,b` or the parameter repeated (`x=a&x=b`). */
export const listParam = <T extends z.ZodType>(item: T) =>
  z
    .union([z.string().max(1000), z.array(z.string().max(200)).max(50)])
    .transform((raw) => (Array.isArray(raw) ? raw : [raw]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(item).max(50) as unknown as z.ZodType<z.output<T>[], string[]>);

const count = z.coerce.number().int().min(0).max(20);

export const listProjectsQuery = z.strictObject({
  search: z.string().trim().max(100).optional(),
  commune: listParam(z.string().regex(/^\d{5}$/)).optional(),
  propertyType: listParam(z.enum(ASSET_TYPES)).optional(),
  bedrooms: listParam(count).optional(),
  // Both bounds compare the card's priceFromUF: the lowest price among the project's available units.
  priceFrom: z.coerce.number().min(0).max(1_000_000).optional().describe("UF: projects whose lowest available unit price (the card's priceFromUF) is at least this"),
  priceTo: z.coerce.number().min(0).max(1_000_000).optional().describe("UF: projects whose lowest available unit price (the card's priceFromUF) is at most this"),
  amenities: listParam(z.string().max(60)).optional(),
  buildStatus: listParam(z.enum(BUILD_STATUSES)).optional(),
  sort: z.enum(CATALOG_SORTS).default('featured'),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(12),
});

export const featuredQuery = z.strictObject({ limit: z.coerce.number().int().min(1).max(50).default(12) });

export const unitsQuery = z.strictObject({
  bedrooms: listParam(count).optional(),
  bathrooms: listParam(count).optional(),
  available: booleanQuery.optional(),
});
