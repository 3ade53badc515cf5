import type { UnitCommercialStatus } from '../../domain/catalog/catalog-values';

export const CATALOG_PROJECTS = 'catalog_projects';

/** What the catalogue filters and sorts on, per unit. */
export interface UnitSummary {
  bedrooms: number;
  bathrooms: number;
  regularPrice: number;
  discountPrice: number | null;
  /** Normal price: the discount price when there is one, UF. */
  price: number;
  status: UnitCommercialStatus;
  enabled: boolean;
}

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
  unitSummaries: Record<string, UnitSummary>;
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
