import { ASSET_TYPE_LABELS, BUILD_STATUS_LABELS, type AssetType, type BuildStatus } from '../../domain/catalog/catalog-values';
import type { CatalogProjectDoc } from './catalog-doc';

export const fileUrl = (fileRef: string | null): string | null => (fileRef ? `/files/${fileRef}` : null);

/** What the explore screen shows of one project. */
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
  /** The lowest price among the available units (enabled, not reserved); null when none is available. */
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

/** Only enabled projects are visible to buyers (spec §4); a card fed only by unit events has no name yet. */
export const isVisible = (d: Partial<CatalogProjectDoc>): boolean => d.enabled === true && typeof d.name === 'string';

/** The values the explore screen's filters offer, with how many visible projects have each. */
export interface CatalogFacets {
  communes: { code: string; name: string; regionCode: string; regionName: string; count: number }[];
  propertyTypes: { value: string; label: string; count: number }[];
  buildStatuses: { value: string; label: string; count: number }[];
  bedrooms: { value: number; count: number }[];
  amenities: { value: string; count: number }[];
  /** Lowest and highest "from" price (what the price filter compares), null when no project has one. */
  priceRangeUF: { min: number; max: number } | null;
}

const byCount = <K extends string | number>(counts: Map<K, number>) => [...counts];

/** Facets from the visible cards' own fields, in the order the screen lists them (shared by every index). */
export const facetsOf = (rows: {
  communes: Iterable<{ code: string; name: string; regionCode: string; regionName: string; count: number }>;
  propertyTypes: Map<string, number>;
  buildStatuses: Map<string, number>;
  bedrooms: Map<number, number>;
  amenities: Map<string, number>;
  priceRangeUF: { min: number; max: number } | null;
}): CatalogFacets => ({
  communes: [...rows.communes].sort((a, b) => a.name.localeCompare(b.name, 'es')),
  propertyTypes: byCount(rows.propertyTypes)
    .map(([value, count]) => ({ value, label: ASSET_TYPE_LABELS[value as AssetType] ?? value, count }))
    .sort((a, b) => a.value.localeCompare(b.value)),
  buildStatuses: byCount(rows.buildStatuses)
    .map(([value, count]) => ({ value, label: BUILD_STATUS_LABELS[value as BuildStatus] ?? value, count }))
    .sort((a, b) => a.value.localeCompare(b.value)),
  bedrooms: byCount(rows.bedrooms)
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => a.value - b.value),
  amenities: byCount(rows.amenities)
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => a.value.localeCompare(b.value, 'es')),
  priceRangeUF: rows.priceRangeUF,
});
