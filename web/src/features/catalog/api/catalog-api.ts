import type { CataloguePage, FavoritesAnswer, FilterOptions, ProjectCard, ProjectDetail, UnitRow } from '../../../../../contract/catalog';
import type { ApiPort } from '../../../shared/api/port';
import { exploreQueryToApi, type ExploreQuery } from '../explore-query';

/** Public catalogue endpoints (GET /projects, /projects/filters, /projects/featured, /projects/:id, /projects/:id/units, /units/:id) and favourites. */
export type {
  CataloguePage,
  FavoritesAnswer,
  FilterOptions,
  FloorPlan,
  ProjectCard,
  ProjectDetail,
  ProjectImage,
  Promotion,
  UnitRow,
} from '../../../../../contract/catalog';
export type UnitCommercialStatus = UnitRow['commercialStatus'];
export type FavoriteCard = FavoritesAnswer['items'][number];

export interface UnitFilter {
  readonly bedrooms: number | null;
  readonly bathrooms: number | null;
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

export const fetchFavorites = async (api: ApiPort): Promise<FavoritesAnswer> =>
  (await api.request<FavoritesAnswer>({ method: 'GET', path: '/favorites', sessionRequired: true })).data;

export const addFavorite = async (api: ApiPort, projectId: string): Promise<void> => {
  await api.request({ method: 'POST', path: '/favorites', body: { projectId }, sessionRequired: true });
};

export const removeFavorite = async (api: ApiPort, projectId: string): Promise<void> => {
  await api.request({ method: 'DELETE', path: `/favorites/${id(projectId)}`, sessionRequired: true });
};
