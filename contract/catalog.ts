import { z } from 'zod';
import { ASSET_TYPES, BUILD_STATUSES, UNIT_COMMERCIAL_STATUSES } from '../domain/catalog/catalog-values';
import { booleanQuery } from './common';

export { ASSET_TYPE_LABELS, BUILD_STATUS_LABELS } from '../domain/catalog/catalog-values';

import { CATALOG_SORTS } from './catalog-values';

export { CATALOG_SORTS, type CatalogSort } from './catalog-values';

/** A list in a query string: `a,b` or the parameter repeated (`x=a&x=b`). */
const listParam = <T extends z.ZodType>(item: T) =>
  z
    .union([z.string().max(1000), z.array(z.string().max(200)).max(50)])
    .transform((raw) =>
      (Array.isArray(raw) ? raw : [raw])
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(50) as unknown as z.ZodType<z.output<T>[], string[]>);

const count = z.coerce.number().int().min(0).max(20);

export const listProjectsQuery = z.strictObject({
  search: z.string().trim().max(100).optional(),
  commune: listParam(z.string().regex(/^\d{5}$/)).optional(),
  propertyType: listParam(z.enum(ASSET_TYPES)).optional(),
  bedrooms: listParam(count).optional(),
  // Both bounds compare the card's priceFromUF: the lowest price among the project's available units.
  priceFrom: z.coerce
    .number()
    .min(0)
    .max(1_000_000)
    .optional()
    .describe("UF: projects whose lowest available unit price (the card's priceFromUF) is at least this"),
  priceTo: z.coerce
    .number()
    .min(0)
    .max(1_000_000)
    .optional()
    .describe("UF: projects whose lowest available unit price (the card's priceFromUF) is at most this"),
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

// ---- answers ----

const place = z.object({ code: z.string(), name: z.string() });

/** A promotion as a card carries it (the project page has the whole promotion). */
const cardPromotion = z.object({ month: z.string(), title: z.string(), discountPercent: z.number().nullable() });

/** What the explore screen, the featured strip and the favourites show of one project. */
export const projectCard = z.object({
  id: z.string(),
  name: z.string(),
  realEstate: z.object({ companyId: z.string(), name: z.string() }),
  address: z.string(),
  commune: place,
  region: place,
  city: z.string(),
  location: z.object({ latitude: z.number(), longitude: z.number() }),
  assetType: z.string(),
  assetTypeLabel: z.string(),
  buildStatus: z.string(),
  buildStatusLabel: z.string(),
  /** yyyy-mm */
  deliveryDate: z.string(),
  features: z.array(z.string()),
  commercialStatus: z.string(),
  enteredDate: z.string(),
  featured: z.boolean(),
  featuredOrder: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
  /** The lowest price among the available units (the price filter compares it); null when none is available. */
  priceFromUF: z.number().nullable(),
  priceToUF: z.number().nullable(),
  bedrooms: z.array(z.number().int()),
  bathrooms: z.array(z.number().int()),
  units: z.object({ total: z.number().int(), available: z.number().int(), reserved: z.number().int(), sold: z.number().int() }),
  bonusPricing: z.boolean(),
  promotions: z.array(cardPromotion),
  /** CLP */
  reservationPrice: z.number(),
});

/** GET /projects: one page of cards, the cursor of the next and how many match. */
export const cataloguePageResponse = z.object({ items: z.array(projectCard), nextCursor: z.string().nullable(), total: z.number().int() });
/** GET /projects/featured, in the back office's order. */
export const featuredProjectsResponse = z.object({ items: z.array(projectCard), total: z.number().int() });
/** GET /favorites, newest first, with every favourite project's id (the hearts on other screens). */
export const favoritesResponse = z.object({
  items: z.array(projectCard.extend({ favoritedAt: z.string() })),
  total: z.number().int(),
  projectIds: z.array(z.string()),
});

const facet = <T extends z.ZodType>(value: T) => z.object({ value, label: z.string().optional(), count: z.number().int() });

/** GET /projects/filters: the values the explore filters offer, with how many visible projects have each. */
export const filterOptionsResponse = z.object({
  communes: z.array(z.object({ code: z.string(), name: z.string(), regionCode: z.string(), regionName: z.string(), count: z.number().int() })),
  propertyTypes: z.array(facet(z.string())),
  buildStatuses: z.array(facet(z.string())),
  bedrooms: z.array(facet(z.number().int())),
  amenities: z.array(facet(z.string())),
  priceRangeUF: z.object({ min: z.number(), max: z.number() }).nullable(),
});

const promotion = z.object({
  promotionId: z.string(),
  /** yyyy-mm */
  month: z.string(),
  title: z.string(),
  description: z.string(),
  discountPercent: z.number().nullable(),
});

const image = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string().nullable(),
  primary: z.boolean(),
  cardUrl: z.string().nullable(),
  thumbUrl: z.string().nullable(),
  /** The original picture's size in pixels (its copies keep its proportions); null for pictures stored before sizes were read. */
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
});
const floorPlan = z.object({ id: z.string(), typology: z.string(), model: z.string(), name: z.string(), url: z.string().nullable(), primary: z.boolean() });

/** GET /projects/:id: the project page. */
export const projectDetailResponse = z.object({
  id: z.string(),
  name: z.string(),
  realEstate: z.object({ companyId: z.string(), name: z.string(), rut: z.string() }),
  address: z.string(),
  regionName: z.string(),
  communeName: z.string(),
  city: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  deliveryDate: z.string(),
  buildStatus: z.string(),
  buildStatusLabel: z.string(),
  assetType: z.string(),
  assetTypeLabel: z.string(),
  description: z.string(),
  features: z.array(z.string()),
  relevantFeatures: z.array(z.string()),
  reservationPrice: z.number(),
  reservationToDownPayment: z.boolean(),
  reservationPaid: z.boolean(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  addedValue: z.string(),
  capitalGain: z.number(),
  commercialStatus: z.string(),
  pricing: z.object({ bonusEnabled: z.boolean(), bonusDescription: z.string() }).optional(),
  /** By category (cover, gallery, card, ...), in the back office's order. */
  images: z.record(z.string(), z.array(image)),
  floorPlans: z.array(floorPlan),
  promotions: z.array(promotion),
  units: z.object({
    total: z.number().int(),
    available: z.number().int(),
    priceFromUF: z.number().nullable(),
    priceToUF: z.number().nullable(),
    bedrooms: z.array(z.number().int()),
    bathrooms: z.array(z.number().int()),
  }),
  directionsUrl: z.string(),
  shareUrl: z.string(),
});

/** A row of the project's unit table (GET /projects/:id/units) and GET /units/:id. */
export const unitRow = z.object({
  id: z.string(),
  unitNumber: z.string(),
  typology: z.string(),
  model: z.string(),
  bedrooms: z.number().int(),
  bathrooms: z.number().int(),
  orientation: z.string(),
  floor: z.number().int(),
  parkingLot: z.number().int(),
  store: z.number().int(),
  regularPrice: z.number(),
  discountPrice: z.number().nullable(),
  footVoucherPrice: z.number().nullable(),
  /** UF the real-estate company puts into the down payment under bonus pricing. */
  realEstateContribution: z.number(),
  innerSurface: z.number(),
  outerSurface: z.number(),
  downPaymentPercentage: z.number(),
  estimatedRents: z.array(z.number()),
  commercialStatus: z.enum(UNIT_COMMERCIAL_STATUSES),
  reserved: z.boolean(),
  available: z.boolean(),
  normalPriceUF: z.number(),
  bonusPriceUF: z.number().nullable(),
  floorPlan: z.object({ name: z.string(), url: z.string().nullable(), customized: z.boolean(), planId: z.string().optional() }).nullable(),
});
export const unitsResponse = z.object({ items: z.array(unitRow), total: z.number().int() });

export type ProjectCard = z.infer<typeof projectCard>;
export type CataloguePage = z.infer<typeof cataloguePageResponse>;
export type FilterOptions = z.infer<typeof filterOptionsResponse>;
export type Promotion = z.infer<typeof promotion>;
export type ProjectDetail = z.infer<typeof projectDetailResponse>;
export type ProjectImage = z.infer<typeof image>;
export type FloorPlan = z.infer<typeof floorPlan>;
export type UnitRow = z.infer<typeof unitRow>;
export type FavoritesAnswer = z.infer<typeof favoritesResponse>;

/** GET /reference/regions: Chile's regions with their communes and official codes. */
export const region = z.object({
  code: z.string(),
  name: z.string(),
  communes: z.array(z.object({ code: z.string(), name: z.string(), provinceCode: z.string() })),
});
export const regionsResponse = z.object({ items: z.array(region) });
export type Region = z.infer<typeof region>;
