import type { UnitCommercialStatus } from '../../domain/catalog/catalog-values';

export const CATALOG_PROJECTS = 'catalog_projects';

/**
 * What the card keeps of a unit, to derive its figures: [bedrooms, bathrooms, regularPrice (UF),
 * discountPrice (UF or null), status, enabled, revision of the unit's stream applied]. A tuple, not an object:
 * a card holds one per unit and is written whole at every change of any of them.
 */
export type UnitEntry = [number, number, number, number | null, UnitCommercialStatus, boolean, number];

/** Positions in a UnitEntry. */
export const UNIT = { bedrooms: 0, bathrooms: 1, regularPrice: 2, discountPrice: 3, status: 4, enabled: 5, revision: 6 } as const;

/** One catalogue card per project, with everything the explore screen filters and sorts on. */
export interface CatalogProjectDoc {
  _id: string;
  [key: string]: unknown;
  name: string;
  /** Lower case without accents: name, commune and real-estate company, for the search box. */
  searchText: string;
  realEstate: { companyId: string; name: string };
  address: string;
  communeCode: string;
  communeName: string;
  regionCode: string;
  regionName: string;
  city: string;
  latitude: number;
  longitude: number;
  assetType: string;
  buildStatus: string;
  deliveryDate: string;
  features: string[];
  commercialStatus: string;
  enteredDate: string;
  reservationPrice: number;
  bonusPricing: boolean;
  enabled: boolean;
  featured: boolean;
  featuredOrder: number | null;
  images: Record<string, { category: string; fileRef: string; primary: boolean }>;
  cardImage: string | null;
  promotions: Record<string, { month: string; title: string; discountPercent: number | null }>;
  /** The project's units by id (see UnitEntry). */
  unitEntries: Record<string, UnitEntry>;
  priceFromUF: number | null;
  priceToUF: number | null;
  bedrooms: number[];
  bathrooms: number[];
  unitsTotal: number;
  unitsAvailable: number;
  unitsReserved: number;
  unitsSold: number;
  /** One key per sort of the explore screen, so the cursor is a single value plus the id. */
  sortKeys: { featured: string; name: string; newest: string; priceAsc: number; priceDesc: number };
}
