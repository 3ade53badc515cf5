import { all, call, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { toApiErrorBody } from '../../shared/api/errors';
import { toastRequested, unitStatusStale, unitTaken } from '../../shared/events';
import { getServices, type AppServices } from '../../shared/store/services';
import * as catalogApi from './api/catalog-api';
import { exploreQueryKey } from './explore-query';
import {
  exploreFailed,
  explorePageLoaded,
  exploreQueryChanged,
  favoriteFailed,
  favoriteSaved,
  favoritesFailed,
  favoritesLoaded,
  favoritesRequested,
  favoriteToggled,
  featuredFailed,
  featuredLoaded,
  featuredRequested,
  filterOptionsFailed,
  filterOptionsLoaded,
  filterOptionsRequested,
  moreProjectsFailed,
  moreProjectsLoaded,
  moreProjectsRequested,
  projectFailed,
  projectLoaded,
  projectOpened,
  selectedUnitFailed,
  selectedUnitLoaded,
  selectExplore,
  selectFilterOptions,
  selectSelection,
  selectUnits,
  unitFiltersChanged,
  unitSelected,
  unitsFailed,
  unitsLoaded,
  NO_UNIT_FILTER,
} from './slice';

export const FAVORITE_ADDED_MESSAGE = 'Proyecto agregado a sus favoritos.';
export const FAVORITE_REMOVED_MESSAGE = 'Proyecto quitado de sus favoritos.';

/** A new query (from the URL) loads its first page; a newer query cancels an older one still loading. */
export function* loadExplore({ payload: query }: ReturnType<typeof exploreQueryChanged>) {
  const { api }: AppServices = yield getServices();
  const key = exploreQueryKey(query);
  try {
    const page: catalogApi.CataloguePage = yield call(catalogApi.fetchCatalogue, api, query, null);
    yield put(explorePageLoaded({ key, page }));
  } catch (error) {
    yield put(exploreFailed({ key, error: toApiErrorBody(error) }));
  }
}

/**
 * "Load more": the next page of the query on screen, by its cursor. The default query's key is the empty
 * string (no filters, default sort), so "no query yet" is `null`, never a falsy key.
 */
export function* loadMore() {
  const explore: ReturnType<typeof selectExplore> = yield select(selectExplore);
  if (explore.query === null || explore.key === null || !explore.nextCursor || explore.status !== 'loaded') return;
  const { api }: AppServices = yield getServices();
  const key = explore.key;
  try {
    const page: catalogApi.CataloguePage = yield call(catalogApi.fetchCatalogue, api, explore.query, explore.nextCursor);
    yield put(moreProjectsLoaded({ key, page }));
  } catch (error) {
    yield put(moreProjectsFailed({ key, error: toApiErrorBody(error) }));
  }
}

function* loadFilterOptions() {
  const current: ReturnType<typeof selectFilterOptions> = yield select(selectFilterOptions);
  if (current.data) {
    yield put(filterOptionsLoaded(current.data));
    return;
  }
  const { api }: AppServices = yield getServices();
  try {
    const options: catalogApi.FilterOptions = yield call(catalogApi.fetchFilterOptions, api);
    yield put(filterOptionsLoaded(options));
  } catch {
    yield put(filterOptionsFailed());
  }
}

function* loadFeatured({ payload }: ReturnType<typeof featuredRequested>) {
  const { api }: AppServices = yield getServices();
  try {
    const items: readonly catalogApi.ProjectCard[] = yield call(catalogApi.fetchFeatured, api, payload.limit);
    yield put(featuredLoaded(items));
  } catch (error) {
    yield put(featuredFailed(toApiErrorBody(error)));
  }
}

function* loadProject(projectId: string) {
  const { api }: AppServices = yield getServices();
  try {
    const project: catalogApi.ProjectDetail = yield call(catalogApi.fetchProject, api, projectId);
    yield put(projectLoaded(project));
  } catch (error) {
    yield put(projectFailed({ projectId, error: toApiErrorBody(error) }));
  }
}

function* loadUnits(projectId: string, filter: catalogApi.UnitFilter) {
  const { api }: AppServices = yield getServices();
  try {
    const items: readonly catalogApi.UnitRow[] = yield call(catalogApi.fetchUnits, api, projectId, filter);
    yield put(unitsLoaded({ projectId, filter, items }));
  } catch (error) {
    yield put(unitsFailed({ projectId, error: toApiErrorBody(error) }));
  }
}

function* openProject({ payload }: ReturnType<typeof projectOpened>) {
  yield all([call(loadProject, payload.projectId), call(loadUnits, payload.projectId, NO_UNIT_FILTER)]);
}

function* filterUnits({ payload }: ReturnType<typeof unitFiltersChanged>) {
  yield call(loadUnits, payload.projectId, payload.filter);
}

export function* loadSelectedUnit(unitId: string) {
  const { api }: AppServices = yield getServices();
  try {
    const unit: catalogApi.UnitRow = yield call(catalogApi.fetchUnit, api, unitId);
    yield put(selectedUnitLoaded(unit));
  } catch (error) {
    yield put(selectedUnitFailed({ unitId, error: toApiErrorBody(error) }));
  }
}

function* selectUnit({ payload }: ReturnType<typeof unitSelected>) {
  if (payload.unitId) yield call(loadSelectedUnit, payload.unitId);
}

/**
 * Someone else holds or reserved a unit the buyer tried, or an alert found the unit changed: the table and
 * the selection are read again and show the unit as it is.
 */
export function* refreshTakenUnit({ payload }: ReturnType<typeof unitTaken> | ReturnType<typeof unitStatusStale>) {
  const units: ReturnType<typeof selectUnits> = yield select(selectUnits);
  const selection: ReturnType<typeof selectSelection> = yield select(selectSelection);
  const effects = [];
  if (units.projectId && (payload.projectId === null || payload.projectId === units.projectId)) effects.push(call(loadUnits, units.projectId, units.filter));
  if (selection.unitId === payload.unitId) effects.push(call(loadSelectedUnit, payload.unitId));
  yield all(effects);
}

function* loadFavorites() {
  const { api }: AppServices = yield getServices();
  try {
    const answer: catalogApi.FavoritesAnswer = yield call(catalogApi.fetchFavorites, api);
    yield put(favoritesLoaded(answer));
  } catch (error) {
    yield put(favoritesFailed(toApiErrorBody(error)));
  }
}

/** The reducer already shows the change; the server's refusal undoes it and says why. */
export function* saveFavorite({ payload }: ReturnType<typeof favoriteToggled>) {
  const { api }: AppServices = yield getServices();
  try {
    yield call(payload.favorite ? catalogApi.addFavorite : catalogApi.removeFavorite, api, payload.projectId);
    yield put(favoriteSaved(payload));
    yield put(toastRequested({ kind: 'success', message: payload.favorite ? FAVORITE_ADDED_MESSAGE : FAVORITE_REMOVED_MESSAGE }));
  } catch (error) {
    const body = toApiErrorBody(error);
    yield put(favoriteFailed({ ...payload, error: body }));
    yield put(toastRequested({ kind: 'error', message: body.message }));
  }
}

export function* catalogSaga() {
  yield takeLatest(exploreQueryChanged.type, loadExplore);
  yield takeLeading(moreProjectsRequested.type, loadMore);
  yield takeLeading(filterOptionsRequested.type, loadFilterOptions);
  yield takeLatest(featuredRequested.type, loadFeatured);
  yield takeLatest(projectOpened.type, openProject);
  yield takeLatest(unitFiltersChanged.type, filterUnits);
  yield takeLatest(unitSelected.type, selectUnit);
  yield takeEvery([unitTaken.type, unitStatusStale.type], refreshTakenUnit);
  yield takeLatest(favoritesRequested.type, loadFavorites);
  yield takeEvery(favoriteToggled.type, saveFavorite);
}
