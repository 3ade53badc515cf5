import { createEntityAdapter, createSlice, type EntityState, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiErrorBody } from '../../../../contract/errors';
import { sessionEstablished, sessionExpired } from '../../shared/events';
import type { CataloguePage, FavoriteCard, FavoritesAnswer, FilterOptions, ProjectCard, ProjectDetail, UnitFilter, UnitRow } from './api/catalog-api';
import { exploreQueryKey, type ExploreQuery } from './explore-query';

type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

const cards = createEntityAdapter<ProjectCard>();

export const NO_UNIT_FILTER: UnitFilter = { bedrooms: null, bathrooms: null };

export interface CatalogState {
  /** Explore: the first page comes with the query (from the URL); "load more" appends pages of the same query. */
  readonly explore: {
    readonly key: string | null;
    readonly query: ExploreQuery | null;
    readonly results: EntityState<ProjectCard, string>;
    readonly nextCursor: string | null;
    readonly total: number;
    readonly status: LoadStatus;
    readonly error: ApiErrorBody | null;
    readonly more: { readonly status: 'idle' | 'loading' | 'failed'; readonly error: ApiErrorBody | null };
    /** Index of the first card of the page loaded last (focus moves there after "load more"). */
    readonly lastPageStart: number;
  };
  readonly filterOptions: { readonly data: FilterOptions | null; readonly status: LoadStatus };
  readonly featured: { readonly items: readonly ProjectCard[]; readonly status: LoadStatus; readonly error: ApiErrorBody | null };
  readonly project: { readonly id: string | null; readonly detail: ProjectDetail | null; readonly status: LoadStatus; readonly error: ApiErrorBody | null };
  readonly units: {
    readonly projectId: string | null;
    readonly filter: UnitFilter;
    readonly items: readonly UnitRow[];
    readonly status: LoadStatus;
    readonly error: ApiErrorBody | null;
  };
  /** The unit the buyer is looking at (unit selector): what the calculator and the reservation use. */
  readonly selection: { readonly unitId: string | null; readonly unit: UnitRow | null; readonly status: LoadStatus; readonly error: ApiErrorBody | null };
  readonly favorites: {
    readonly ids: readonly string[];
    readonly items: readonly FavoriteCard[];
    readonly status: LoadStatus;
    readonly error: ApiErrorBody | null;
    /** Projects whose favourite change is on its way to the server. */
    readonly saving: readonly string[];
  };
}

const initialFavorites: CatalogState['favorites'] = { ids: [], items: [], status: 'idle', error: null, saving: [] };

const initialState: CatalogState = {
  explore: {
    key: null,
    query: null,
    results: cards.getInitialState(),
    nextCursor: null,
    total: 0,
    status: 'idle',
    error: null,
    more: { status: 'idle', error: null },
    lastPageStart: 0,
  },
  filterOptions: { data: null, status: 'idle' },
  featured: { items: [], status: 'idle', error: null },
  project: { id: null, detail: null, status: 'idle', error: null },
  units: { projectId: null, filter: NO_UNIT_FILTER, items: [], status: 'idle', error: null },
  selection: { unitId: null, unit: null, status: 'idle', error: null },
  favorites: initialFavorites,
};

const without = (list: readonly string[], value: string) => list.filter((v) => v !== value);

type Explore = CatalogState['explore'];

/** Updates of one branch; reducers return new state (readonly types stay readonly, as in the other slices). */
const explore = (state: CatalogState, changes: Partial<Explore>): CatalogState => ({ ...state, explore: { ...state.explore, ...changes } });
const units = (state: CatalogState, changes: Partial<CatalogState['units']>): CatalogState => ({ ...state, units: { ...state.units, ...changes } });
const selection = (state: CatalogState, changes: Partial<CatalogState['selection']>): CatalogState => ({
  ...state,
  selection: { ...state.selection, ...changes },
});
const favorites = (state: CatalogState, changes: Partial<CatalogState['favorites']>): CatalogState => ({
  ...state,
  favorites: { ...state.favorites, ...changes },
});

const sameFilter = (a: UnitFilter, b: UnitFilter) => a.bedrooms === b.bedrooms && a.bathrooms === b.bathrooms;

const slice = createSlice({
  name: 'catalog',
  initialState: initialState as CatalogState,
  reducers: {
    exploreQueryChanged: (state, action: PayloadAction<ExploreQuery>) =>
      explore(state, { key: exploreQueryKey(action.payload), query: action.payload, status: 'loading', error: null, more: { status: 'idle', error: null } }),
    explorePageLoaded: (state, action: PayloadAction<{ key: string; page: CataloguePage }>) =>
      action.payload.key !== state.explore.key
        ? state
        : explore(state, {
            results: cards.setAll(cards.getInitialState(), action.payload.page.items),
            nextCursor: action.payload.page.nextCursor,
            total: action.payload.page.total,
            status: 'loaded',
            lastPageStart: 0,
          }),
    exploreFailed: (state, action: PayloadAction<{ key: string; error: ApiErrorBody }>) =>
      action.payload.key !== state.explore.key ? state : explore(state, { status: 'failed', error: action.payload.error }),
    moreProjectsRequested: (state) =>
      state.explore.status === 'loaded' && state.explore.nextCursor ? explore(state, { more: { status: 'loading', error: null } }) : state,
    /** A page that arrives after the query changed belongs to the old query and is dropped. Appends in place (immer). */
    moreProjectsLoaded(state, action: PayloadAction<{ key: string; page: CataloguePage }>) {
      if (action.payload.key !== state.explore.key) return;
      state.explore.lastPageStart = state.explore.results.ids.length;
      cards.addMany(state.explore.results, action.payload.page.items);
      state.explore.nextCursor = action.payload.page.nextCursor;
      state.explore.total = action.payload.page.total;
      state.explore.more = { status: 'idle', error: null };
    },
    moreProjectsFailed: (state, action: PayloadAction<{ key: string; error: ApiErrorBody }>) =>
      action.payload.key !== state.explore.key ? state : explore(state, { more: { status: 'failed', error: action.payload.error } }),

    filterOptionsRequested: (state) =>
      state.filterOptions.status === 'loaded' ? state : { ...state, filterOptions: { ...state.filterOptions, status: 'loading' as const } },
    filterOptionsLoaded: (state, action: PayloadAction<FilterOptions>) => ({ ...state, filterOptions: { data: action.payload, status: 'loaded' as const } }),
    filterOptionsFailed: (state) => ({ ...state, filterOptions: { ...state.filterOptions, status: 'failed' as const } }),

    featuredRequested: (state, _action: PayloadAction<{ limit: number }>) => ({
      ...state,
      featured: { ...state.featured, status: 'loading' as const, error: null },
    }),
    featuredLoaded: (state, action: PayloadAction<readonly ProjectCard[]>) => ({
      ...state,
      featured: { items: action.payload, status: 'loaded' as const, error: null },
    }),
    featuredFailed: (state, action: PayloadAction<ApiErrorBody>) => ({
      ...state,
      featured: { ...state.featured, status: 'failed' as const, error: action.payload },
    }),

    /** The project page opened: the project and its unit table (unfiltered) load; the unit selection follows the URL. */
    projectOpened: (state, action: PayloadAction<{ projectId: string }>) => {
      const { projectId } = action.payload;
      const same = state.project.id === projectId;
      return {
        ...state,
        project: { id: projectId, detail: same ? state.project.detail : null, status: 'loading' as const, error: null },
        units: { projectId, filter: NO_UNIT_FILTER, items: same ? state.units.items : [], status: 'loading' as const, error: null },
        selection: same ? state.selection : { unitId: null, unit: null, status: 'idle' as const, error: null },
      };
    },
    projectLoaded: (state, action: PayloadAction<ProjectDetail>) =>
      action.payload.id !== state.project.id ? state : { ...state, project: { ...state.project, detail: action.payload, status: 'loaded' as const } },
    projectFailed: (state, action: PayloadAction<{ projectId: string; error: ApiErrorBody }>) =>
      action.payload.projectId !== state.project.id
        ? state
        : { ...state, project: { ...state.project, status: 'failed' as const, error: action.payload.error } },

    unitFiltersChanged: (state, action: PayloadAction<{ projectId: string; filter: UnitFilter }>) =>
      units(state, { filter: action.payload.filter, status: 'loading', error: null }),
    /** Rows for another project or an older filter arrive late and are dropped. */
    unitsLoaded: (state, action: PayloadAction<{ projectId: string; filter: UnitFilter; items: readonly UnitRow[] }>) => {
      const { projectId, filter, items } = action.payload;
      if (projectId !== state.units.projectId || !sameFilter(filter, state.units.filter)) return state;
      const next = units(state, { items, status: 'loaded' });
      const selected = items.find((u) => u.id === state.selection.unitId);
      return selected ? selection(next, { unit: selected }) : next;
    },
    unitsFailed: (state, action: PayloadAction<{ projectId: string; error: ApiErrorBody }>) =>
      action.payload.projectId !== state.units.projectId ? state : units(state, { status: 'failed', error: action.payload.error }),

    /** The table row shows at once; the saga reads the unit fresh (its status may have changed). */
    unitSelected: (state, action: PayloadAction<{ projectId: string; unitId: string | null }>) => {
      const { unitId } = action.payload;
      const row = state.units.items.find((u) => u.id === unitId) ?? (state.selection.unitId === unitId ? state.selection.unit : null);
      return { ...state, selection: { unitId, unit: row, status: unitId ? ('loading' as const) : ('idle' as const), error: null } };
    },
    selectedUnitLoaded: (state, action: PayloadAction<UnitRow>) =>
      action.payload.id !== state.selection.unitId ? state : selection(state, { unit: action.payload, status: 'loaded' }),
    selectedUnitFailed: (state, action: PayloadAction<{ unitId: string; error: ApiErrorBody }>) =>
      action.payload.unitId !== state.selection.unitId ? state : selection(state, { status: 'failed', error: action.payload.error }),

    favoritesRequested: (state) => favorites(state, { status: 'loading', error: null }),
    favoritesLoaded: (state, action: PayloadAction<FavoritesAnswer>) =>
      favorites(state, { ids: action.payload.projectIds, items: action.payload.items, status: 'loaded', error: null }),
    favoritesFailed: (state, action: PayloadAction<ApiErrorBody>) => favorites(state, { status: 'failed', error: action.payload }),
    /** Optimistic: the heart changes at once and goes back if the server refuses. */
    favoriteToggled: (state, action: PayloadAction<{ projectId: string; favorite: boolean }>) => {
      const { projectId, favorite } = action.payload;
      const ids = without(state.favorites.ids, projectId);
      return favorites(state, {
        ids: favorite ? [...ids, projectId] : ids,
        items: favorite ? state.favorites.items : state.favorites.items.filter((p) => p.id !== projectId),
        saving: [...without(state.favorites.saving, projectId), projectId],
      });
    },
    favoriteSaved: (state, action: PayloadAction<{ projectId: string; favorite: boolean }>) =>
      favorites(state, { saving: without(state.favorites.saving, action.payload.projectId) }),
    favoriteFailed: (state, action: PayloadAction<{ projectId: string; favorite: boolean; error: ApiErrorBody }>) => {
      const { projectId, favorite } = action.payload;
      const ids = without(state.favorites.ids, projectId);
      return favorites(state, { saving: without(state.favorites.saving, projectId), ids: favorite ? ids : [...ids, projectId] });
    },
  },
  extraReducers: (builder) => {
    // Favourites belong to the person signed in: a new session starts from none.
    builder.addCase(sessionEstablished, (state) => ({ ...state, favorites: initialFavorites }));
    builder.addCase(sessionExpired, (state) => ({ ...state, favorites: initialFavorites }));
  },
});

export const catalogReducer = slice.reducer;
export const {
  exploreQueryChanged,
  explorePageLoaded,
  exploreFailed,
  moreProjectsRequested,
  moreProjectsLoaded,
  moreProjectsFailed,
  filterOptionsRequested,
  filterOptionsLoaded,
  filterOptionsFailed,
  featuredRequested,
  featuredLoaded,
  featuredFailed,
  projectOpened,
  projectLoaded,
  projectFailed,
  unitFiltersChanged,
  unitsLoaded,
  unitsFailed,
  unitSelected,
  selectedUnitLoaded,
  selectedUnitFailed,
  favoritesRequested,
  favoritesLoaded,
  favoritesFailed,
  favoriteToggled,
  favoriteSaved,
  favoriteFailed,
} = slice.actions;

type Root = { catalog: CatalogState };

const resultSelectors = cards.getSelectors((state: Root) => state.catalog.explore.results);

export const selectExplore = (state: Root) => state.catalog.explore;
export const selectExploreResults = resultSelectors.selectAll;
export const selectFilterOptions = (state: Root) => state.catalog.filterOptions;
export const selectFeatured = (state: Root) => state.catalog.featured;
export const selectProject = (state: Root) => state.catalog.project;
export const selectUnits = (state: Root) => state.catalog.units;
export const selectSelection = (state: Root) => state.catalog.selection;
export const selectFavorites = (state: Root) => state.catalog.favorites;
export const selectIsFavorite = (state: Root, projectId: string) => state.catalog.favorites.ids.includes(projectId);
export const selectFavoriteSaving = (state: Root, projectId: string) => state.catalog.favorites.saving.includes(projectId);
