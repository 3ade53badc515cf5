import type { ApiPort } from '../../../shared/api/port';
import { exploreQueryToApi, type ExploreQuery } from '../explore-query';

/** Public catalogue endpoints (GET /projects, /projects/filters, /projects/featured, /projects/:id, /projects/:id/units, /units/:id) and favourites. */
export interface Promotion {
  readonly promotionId: string;
  /** yyyy-mm */
  readonly month: string;
  readonly title: string;
  readonly description: string;
  readonly discountPercent: number | null;
}

export interface ProjectCard {
  readonly id: string;
  readonly name: string;
  readonly realEstate: { readonly companyId: string; readonly name: string };
  readonly address: string;
  readonly commune: { readonly code: string; readonly name: string };
  readonly region: { readonly code: string; readonly name: string };
  readonly city: string;
  readonly location: { readonly latitude: number; readonly longitude: number };
  readonly assetType: string;
  readonly assetTypeLabel: string;
  readonly buildStatus: string;
  readonly buildStatusLabel: string;
  /** yyyy-mm */
  readonly deliveryDate: string;
  readonly features: readonly string[];
  readonly commercialStatus: string;
  readonly enteredDate: string;
  readonly featured: boolean;
  readonly featuredOrder: number | null;
  readonly imageUrl: string | null;
  readonly priceFromUF: number | null;
  readonly priceToUF: number | null;
  readonly bedrooms: readonly number[];
  readonly bathrooms: readonly number[];
  readonly units: { readonly total: number; readonly available: number; readonly reserved: number; readonly sold: number };
  readonly bonusPricing: boolean;
  readonly promotions: readonly Promotion[];
  /** CLP */
  readonly reservationPrice: number;
}

export interface CataloguePage {
  readonly items: readonly ProjectCard[];
  readonly nextCursor: string | null;
  readonly total: number;
}

export interface FacetCount<V> {
  readonly value: V;
  readonly label?: string;
  readonly count: number;
}

export interface FilterOptions {
  readonly communes: readonly { code: string; name: string; regionCode: string; regionName: string; count: number }[];
  readonly propertyTypes: readonly FacetCount<string>[];
  readonly buildStatuses: readonly FacetCount<string>[];
  readonly bedrooms: readonly FacetCount<number>[];
  readonly amenities: readonly FacetCount<string>[];
  readonly priceRangeUF: { readonly min: number; readonly max: number } | null;
}

export interface ProjectImage {
  readonly id: string;
  readonly name: string;
  readonly url: string | null;
  readonly primary: boolean;
}

export interface FloorPlan {
  readonly id: string;
  readonly typology: string;
  readonly model: string;
  readonly name: string;
  readonly url: string | null;
  readonly primary: boolean;
}

export interface ProjectDetail {
  readonly id: string;
  readonly name: string;
  readonly realEstate: { readonly companyId: string; readonly name: string; readonly rut: string };
  readonly address: string;
  readonly regionName: string;
  readonly communeName: string;
  readonly city: string;
  readonly latitude: number;
  readonly longitude: number;
  readonly deliveryDate: string;
  readonly buildStatus: string;
  readonly buildStatusLabel: string;
  readonly assetType: string;
  readonly assetTypeLabel: string;
  readonly description: string;
  readonly features: readonly string[];
  readonly relevantFeatures: readonly string[];
  readonly reservationPrice: number;
  readonly reservationToDownPayment: boolean;
  readonly reservationPaid: boolean;
  readonly contactEmail: string;
  readonly contactPhone: string;
  readonly addedValue: string;
  readonly capitalGain: number;
  readonly commercialStatus: string;
  readonly pricing?: { readonly bonusEnabled: boolean; readonly bonusDescription: string };
  readonly images: Readonly<Partial<Record<string, readonly ProjectImage[]>>>;
  readonly floorPlans: readonly FloorPlan[];
  readonly promotions: readonly Promotion[];
  readonly units: {
    readonly total: number;
    readonly available: number;
    readonly priceFromUF: number | null;
    readonly priceToUF: number | null;
    readonly bedrooms: readonly number[];
    readonly bathrooms: readonly number[];
  };
  readonly directionsUrl: string;
  readonly shareUrl: string;
}

export type UnitCommercialStatus = 'not_reserved' | 'in_process' | 'reserved' | 'sold';

export interface UnitRow {
  readonly id: string;
  readonly unitNumber: string;
  readonly typology: string;
  readonly model: string;
  readonly bedrooms: number;
  readonly bathrooms: number;
  readonly orientation: string;
  readonly floor: number;
  readonly parkingLot: number;
  readonly store: number;
  readonly regularPrice: number;
  readonly discountPrice: number | null;
  readonly footVoucherPrice: number | null;
  /** UF the real-estate company puts into the down payment under bonus pricing. */
  readonly realEstateContribution: number;
  readonly innerSurface: number;
  readonly outerSurface: number;
  readonly downPaymentPercentage: number;
  readonly estimatedRents: readonly number[];
  readonly commercialStatus: UnitCommercialStatus;
  readonly reserved: boolean;
  readonly available: boolean;
  readonly normalPriceUF: number;
  readonly bonusPriceUF: number | null;
  readonly floorPlan: { readonly name: string; readonly url: string | null; readonly customized: boolean; readonly planId?: string } | null;
}

export interface UnitFilter {
  readonly bedrooms: number | null;
  readonly bathrooms: number | null;
}

export type FavoriteCard = ProjectCard & { readonly favoritedAt?: string };

export interface FavoritesAnswer {
  readonly items: readonly FavoriteCard[];
  readonly total: number;
  readonly projectIds: readonly string[];
}

const id = (value: string) => encodeURIComponent(value);

export const fetchCatalogue = async (api: ApiPort, query: ExploreQuery, cursor: string | null): Promise<CataloguePage> =>
  (await api.request<CataloguePage>({ method: 'GET', path: '/projects', query: exploreQueryToApi(query, cursor) })).data;

export const fetchFilterOptions = async (api: ApiPort): Promise<FilterOptions> =>
  (await api.request<FilterOptions>({ method: 'GET', path: '/projects/filters' })).data;

export const fetchFeatured = async (api: ApiPort, limit: number): Promise<readonly ProjectCard[]> =>
  (await api.request<{ items: ProjectCard[] }>({ method: 'GET', path: '/projects/featured', query: { limit } })).data.items;

export const fetchProject = async (api: ApiPort, projectId: string): Promise<ProjectDetail> =>
  (await api.request<ProjectDetail>({ method: 'GET', path: `/projects/${id(projectId)}` })).data;

export const fetchUnits = async (api: ApiPort, projectId: string, filter: UnitFilter): Promise<readonly UnitRow[]> =>
  (
    await api.request<{ items: UnitRow[] }>({
      method: 'GET',
      path: `/projects/${id(projectId)}/units`,
      query: { bedrooms: filter.bedrooms ?? undefined, bathrooms: filter.bathrooms ?? undefined },
    })
  ).data.items;

export const fetchUnit = async (api: ApiPort, unitId: string): Promise<UnitRow> =>
  (await api.request<UnitRow>({ method: 'GET', path: `/units/${id(unitId)}` })).data;

export const fetchFavorites = async (api: ApiPort): Promise<FavoritesAnswer> => (await api.request<FavoritesAnswer>({ method: 'GET', path: '/favorites', sessionRequired: true })).data;

export const addFavorite = async (api: ApiPort, projectId: string): Promise<void> => {
  await api.request({ method: 'POST', path: '/favorites', body: { projectId }, sessionRequired: true });
};

export const removeFavorite = async (api: ApiPort, projectId: string): Promise<void> => {
  await api.request({ method: 'DELETE', path: `/favorites/${id(projectId)}`, sessionRequired: true });
};
