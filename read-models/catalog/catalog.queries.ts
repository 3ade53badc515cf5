import type { Filter, ReadStore } from '../../application/ports/read-store';
import { normaliseName } from '../../domain/reference/chile-territory';
import { ASSET_TYPE_LABELS, BUILD_STATUS_LABELS, type AssetType, type BuildStatus } from '../../domain/catalog/catalog-values';
import { CATALOG_PROJECTS, type CatalogProjectDoc } from './catalog-doc';

export const CATALOG_SORTS = ['featured', 'name', 'newest', 'price_asc', 'price_desc'] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];

export interface CatalogQuery {
  search?: string;
  communes?: string[];
  propertyTypes?: string[];
  bedrooms?: number[];
  /** Projects with an available unit at or above this price (UF). */
  priceFrom?: number;
  /** Projects with an available unit at or below this price (UF). */
  priceTo?: number;
  amenities?: string[];
  buildStatuses?: string[];
  sort: CatalogSort;
  limit: number;
  cursor?: string;
}

/** A cursor that does not belong to the query (tampered, or from another sort). */
export class InvalidCursorError extends Error {
  constructor() {
    super('invalid cursor');
    this.name = 'InvalidCursorError';
  }
}

const SORT_KEY: Record<CatalogSort, { path: string; direction: 1 | -1 }> = {
  featured: { path: 'sortKeys.featured', direction: 1 },
  name: { path: 'sortKeys.name', direction: 1 },
  newest: { path: 'sortKeys.newest', direction: -1 },
  price_asc: { path: 'sortKeys.priceAsc', direction: 1 },
  price_desc: { path: 'sortKeys.priceDesc', direction: -1 },
};

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type CursorValue = { s: CatalogSort; v: string | number; id: string };

const encodeCursor = (value: CursorValue): string => Buffer.from(JSON.stringify(value)).toString('base64url');

const decodeCursor = (cursor: string, sort: CatalogSort): CursorValue => {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as CursorValue;
    if (value.s !== sort || typeof value.id !== 'string' || (typeof value.v !== 'string' && typeof value.v !== 'number')) throw new InvalidCursorError();
    return value;
  } catch {
    throw new InvalidCursorError();
  }
};

const sortValue = (doc: CatalogProjectDoc, sort: CatalogSort): string | number => {
  const keys = doc.sortKeys;
  return { featured: keys.featured, name: keys.name, newest: keys.newest, price_asc: keys.priceAsc, price_desc: keys.priceDesc }[sort];
};

export const fileUrl = (fileRef: string | null): string | null => (fileRef ? `/files/${fileRef}` : null);

export const projectCard = (d: CatalogProjectDoc) => ({
  id: d._id,
  name: d.name,
  realEstate: d.realEstate,
  address: d.address,
  commune: { code: d.communeCode, name: d.communeName },
  region: { code: d.regionCode, name: d.regionName },
  city: d.city,
  location: { latitude: d.latitude, longitude: d.longitude },
  assetType: d.assetType,
  assetTypeLabel: ASSET_TYPE_LABELS[d.assetType as AssetType] ?? d.assetType,
  buildStatus: d.buildStatus,
  buildStatusLabel: BUILD_STATUS_LABELS[d.buildStatus as BuildStatus] ?? d.buildStatus,
  deliveryDate: d.deliveryDate,
  features: d.features,
  commercialStatus: d.commercialStatus,
  enteredDate: d.enteredDate,
  featured: d.featured,
  featuredOrder: d.featuredOrder ?? null,
  imageUrl: fileUrl(d.cardImage),
  priceFromUF: d.priceFromUF,
  priceToUF: d.priceToUF,
  bedrooms: d.bedrooms,
  bathrooms: d.bathrooms,
  units: { total: d.unitsTotal, available: d.unitsAvailable, reserved: d.unitsReserved, sold: d.unitsSold },
  bonusPricing: d.bonusPricing === true,
  promotions: Object.values(d.promotions ?? {}),
  reservationPrice: d.reservationPrice,
});

export type ProjectCard = ReturnType<typeof projectCard>;

/** Only enabled projects are visible to buyers (spec §4). */
const VISIBLE: Filter = { enabled: true, name: { $exists: true } };

const filterOf = (q: CatalogQuery): Filter[] => {
  const and: Filter[] = [VISIBLE];
  if (q.search?.trim()) and.push({ searchText: { $regex: escapeRegex(normaliseName(q.search)) } });
  if (q.communes?.length) and.push({ communeCode: { $in: q.communes } });
  if (q.propertyTypes?.length) and.push({ assetType: { $in: q.propertyTypes } });
  if (q.buildStatuses?.length) and.push({ buildStatus: { $in: q.buildStatuses } });
  if (q.bedrooms?.length) and.push({ bedrooms: { $in: q.bedrooms } });
  if (q.amenities?.length) and.push({ features: { $all: q.amenities } });
  if (q.priceFrom !== undefined) and.push({ priceToUF: { $ne: null, $gte: q.priceFrom } });
  if (q.priceTo !== undefined) and.push({ priceFromUF: { $ne: null, $lte: q.priceTo } });
  return and;
};

/** The explore screen: filters, one of five sorts, keyset ("load more") pagination. */
export const listCatalog = async (store: ReadStore, q: CatalogQuery) => {
  const docs = store.collection<CatalogProjectDoc>(CATALOG_PROJECTS);
  const and = filterOf(q);
  const { path, direction } = SORT_KEY[q.sort];
  const total = await docs.countDocuments({ $and: and });
  if (q.cursor) {
    const after = decodeCursor(q.cursor, q.sort);
    and.push({ $or: [{ [path]: { [direction === 1 ? '$gt' : '$lt']: after.v } }, { [path]: after.v, _id: { $gt: after.id } }] });
  }
  const page = await docs.find({ $and: and }, { sort: { [path]: direction, _id: 1 }, limit: q.limit + 1 });
  const items = page.slice(0, q.limit);
  const last = items[items.length - 1];
  const nextCursor = page.length > q.limit && last ? encodeCursor({ s: q.sort, v: sortValue(last, q.sort), id: last._id }) : null;
  return { items: items.map(projectCard), nextCursor, total };
};

export const catalogCards = async (store: ReadStore, ids: readonly string[]): Promise<Map<string, ProjectCard>> => {
  const docs = await store.collection<CatalogProjectDoc>(CATALOG_PROJECTS).find({ _id: { $in: [...ids] }, ...VISIBLE });
  return new Map(docs.map((d) => [d._id, projectCard(d)]));
};

/** The values the explore screen's filters offer, with how many visible projects have each. */
export const catalogFacets = async (store: ReadStore) => {
  const docs = await store.collection<CatalogProjectDoc>(CATALOG_PROJECTS).find(VISIBLE);
  const count = <K extends string | number>(keys: K[]) => {
    const counts = new Map<K, number>();
    for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
    return counts;
  };
  const communes = new Map<string, { code: string; name: string; regionCode: string; regionName: string; count: number }>();
  for (const d of docs) {
    const c = communes.get(d.communeCode) ?? { code: d.communeCode, name: d.communeName, regionCode: d.regionCode, regionName: d.regionName, count: 0 };
    communes.set(d.communeCode, { ...c, count: c.count + 1 });
  }
  const prices = docs.flatMap((d) => (d.priceFromUF === null ? [] : [d.priceFromUF, d.priceToUF ?? d.priceFromUF]));
  return {
    communes: [...communes.values()].sort((a, b) => a.name.localeCompare(b.name, 'es')),
    propertyTypes: [...count(docs.map((d) => d.assetType))].map(([value, n]) => ({ value, label: ASSET_TYPE_LABELS[value as AssetType] ?? value, count: n })),
    buildStatuses: [...count(docs.map((d) => d.buildStatus))].map(([value, n]) => ({ value, label: BUILD_STATUS_LABELS[value as BuildStatus] ?? value, count: n })),
    bedrooms: [...count(docs.flatMap((d) => d.bedrooms))].map(([value, n]) => ({ value, count: n })).sort((a, b) => a.value - b.value),
    amenities: [...count(docs.flatMap((d) => d.features))].map(([value, n]) => ({ value, count: n })).sort((a, b) => a.value.localeCompare(b.value, 'es')),
    priceRangeUF: prices.length ? { min: Math.min(...prices), max: Math.max(...prices) } : null,
    sorts: CATALOG_SORTS,
  };
};
