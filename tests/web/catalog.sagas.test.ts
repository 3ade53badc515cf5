import type { ApiRequest } from '../../web/src/shared/api/port';
import type { ProjectCard, UnitRow } from '../../web/src/features/catalog/api/catalog-api';
import {
  EMPTY_EXPLORE_QUERY,
  exploreQueryKey,
  exploreQueryToApi,
  exploreQueryToSearch,
  hasActiveFilters,
  readExploreQuery,
} from '../../web/src/features/catalog/explore-query';
import { unitPriceUF } from '../../web/src/features/catalog/labels';
import { catalogSaga } from '../../web/src/features/catalog/sagas';
import {
  exploreQueryChanged,
  favoritesLoaded,
  favoriteToggled,
  moreProjectsRequested,
  projectOpened,
  selectExploreResults,
  unitFiltersChanged,
  unitSelected,
} from '../../web/src/features/catalog/slice';
import { unitTaken } from '../../web/src/shared/events';
import { apiError, createHarness, settle } from './support/saga-harness';

const card = (id: string): ProjectCard =>
  ({
    id,
    name: `Proyecto ${id}`,
    commune: { code: '13120', name: 'Ñuñoa' },
    region: { code: '13', name: 'RM' },
    features: [],
    bedrooms: [2],
    bathrooms: [1],
    promotions: [],
  }) as unknown as ProjectCard;

const unit = (id: string, commercialStatus: UnitRow['commercialStatus'] = 'not_reserved'): UnitRow =>
  ({
    id,
    unitNumber: id.slice(-3),
    bedrooms: 2,
    bathrooms: 2,
    commercialStatus,
    available: commercialStatus === 'not_reserved',
    normalPriceUF: 4417,
    bonusPriceUF: 4859,
  }) as unknown as UnitRow;

describe('explore filters <-> URL', () => {
  it('reads every filter and the sort from the URL, as lists written either way', () => {
    const q = readExploreQuery(
      new URLSearchParams(
        'search=%20Parque%20&commune=13120,13114&propertyType=department&propertyType=house&bedrooms=3,1,1&priceFrom=2500&amenities=Piscina,Gimnasio&buildStatus=GREEN_STATUS&sort=price_asc',
      ),
    );
    expect(q).toEqual({
      search: 'Parque',
      communes: ['13120', '13114'],
      propertyTypes: ['department', 'house'],
      bedrooms: [1, 3],
      priceFrom: 2500,
      amenities: ['Piscina', 'Gimnasio'],
      buildStatuses: ['GREEN_STATUS'],
      sort: 'price_asc',
    });
  });

  it('drops values the API does not know, so a hand-edited URL still loads', () => {
    const q = readExploreQuery(new URLSearchParams('commune=abc,13120&propertyType=castle&bedrooms=-1,x,99,2&priceFrom=-5&buildStatus=DONE&sort=cheapest'));
    expect(q).toEqual({ ...EMPTY_EXPLORE_QUERY, communes: ['13120'], bedrooms: [2] });
  });

  it('writes the URL without defaults, and reads back what it wrote', () => {
    expect(exploreQueryToSearch(EMPTY_EXPLORE_QUERY).toString()).toBe('');
    const q = {
      ...EMPTY_EXPLORE_QUERY,
      search: 'Ñuñoa',
      communes: ['13120'],
      bedrooms: [2, 3],
      priceFrom: 3000,
      amenities: ['Áreas verdes'],
      sort: 'newest' as const,
    };
    const search = exploreQueryToSearch(q);
    expect(search.get('sort')).toBe('newest');
    expect(search.has('propertyType')).toBe(false);
    expect(readExploreQuery(new URLSearchParams(search.toString()))).toEqual(q);
    expect(hasActiveFilters(q)).toBe(true);
    expect(hasActiveFilters({ ...EMPTY_EXPLORE_QUERY, sort: 'name' })).toBe(false);
  });

  it('gives the API its flat parameters with the cursor and the page size', () => {
    const q = { ...EMPTY_EXPLORE_QUERY, communes: ['13120', '13114'], propertyTypes: ['department' as const], priceFrom: 0 };
    expect(exploreQueryToApi(q, 'abc')).toEqual({
      search: undefined,
      commune: '13120,13114',
      propertyType: 'department',
      bedrooms: undefined,
      priceFrom: 0,
      amenities: undefined,
      buildStatus: undefined,
      sort: 'featured',
      cursor: 'abc',
      limit: 12,
    });
  });

  it('prices a unit under the pricing option, bonus only where the unit has one', () => {
    expect(unitPriceUF({ normalPriceUF: 4417, bonusPriceUF: 4859 }, 'bonus')).toBe(4859);
    expect(unitPriceUF({ normalPriceUF: 4417, bonusPriceUF: null }, 'bonus')).toBe(4417);
    expect(unitPriceUF({ normalPriceUF: 4417, bonusPriceUF: 4859 }, 'normal')).toBe(4417);
  });
});

describe('catalogue sagas (run with runSaga)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('loads the first page of a query, then "load more" appends the next page by its cursor', async () => {
    const h = createHarness({
      'GET /projects': (r: ApiRequest) =>
        r.query?.cursor === 'c1'
          ? { items: [card('c'), card('d')], nextCursor: null, total: 4 }
          : { items: [card('a'), card('b')], nextCursor: 'c1', total: 4 },
    });
    h.run(catalogSaga);
    const query = readExploreQuery(new URLSearchParams('propertyType=department&sort=name'));
    h.dispatch(exploreQueryChanged(query));
    expect(h.state.catalog.explore.status).toBe('loading');
    await settle();
    expect(h.calls('GET', '/projects')[0].query).toMatchObject({ propertyType: 'department', sort: 'name', cursor: undefined, limit: 12 });
    expect(selectExploreResults(h.state).map((p) => p.id)).toEqual(['a', 'b']);
    expect(h.state.catalog.explore).toMatchObject({ status: 'loaded', nextCursor: 'c1', total: 4 });

    h.dispatch(moreProjectsRequested());
    expect(h.state.catalog.explore.more.status).toBe('loading');
    await settle();
    expect(h.calls('GET', '/projects')[1].query).toMatchObject({ propertyType: 'department', sort: 'name', cursor: 'c1' });
    expect(selectExploreResults(h.state).map((p) => p.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(h.state.catalog.explore).toMatchObject({ nextCursor: null, lastPageStart: 2, more: { status: 'idle' } });
    h.stop();
  });

  it('"load more" pages the default query too (no filters, featured sort: its key is empty)', async () => {
    const h = createHarness({
      'GET /projects': (r: ApiRequest) =>
        r.query?.cursor === 'c1' ? { items: [card('b')], nextCursor: null, total: 2 } : { items: [card('a')], nextCursor: 'c1', total: 2 },
    });
    h.run(catalogSaga);
    h.dispatch(exploreQueryChanged(EMPTY_EXPLORE_QUERY));
    await settle();
    expect(h.state.catalog.explore.key).toBe('');
    h.dispatch(moreProjectsRequested());
    await settle();
    expect(h.calls('GET', '/projects')[1].query).toMatchObject({ sort: 'featured', cursor: 'c1' });
    expect(selectExploreResults(h.state).map((p) => p.id)).toEqual(['a', 'b']);
    expect(h.state.catalog.explore.more.status).toBe('idle');
    h.stop();
  });

  it('drops a "load more" page that arrives after the filters changed', async () => {
    let releaseMore: (value: unknown) => void = () => undefined;
    const h = createHarness({
      'GET /projects': (r: ApiRequest) => {
        if (r.query?.cursor === 'c1') return new Promise((resolve) => (releaseMore = resolve));
        return r.query?.commune ? { items: [card('x')], nextCursor: null, total: 1 } : { items: [card('a')], nextCursor: 'c1', total: 2 };
      },
    });
    h.run(catalogSaga);
    h.dispatch(exploreQueryChanged(EMPTY_EXPLORE_QUERY));
    await settle();
    h.dispatch(moreProjectsRequested());
    await settle();
    const filtered = { ...EMPTY_EXPLORE_QUERY, communes: ['13120'] };
    h.dispatch(exploreQueryChanged(filtered));
    await settle();
    releaseMore({ items: [card('stale')], nextCursor: null, total: 2 });
    await settle();
    expect(h.state.catalog.explore.key).toBe(exploreQueryKey(filtered));
    expect(selectExploreResults(h.state).map((p) => p.id)).toEqual(['x']);
    h.stop();
  });

  it('shows the error object when the catalogue cannot load', async () => {
    const h = createHarness({
      'GET /projects': () => {
        throw apiError(400, 'VALIDATION_FAILED', 'Algunos datos no son válidos. Revise el formulario.');
      },
    });
    h.run(catalogSaga);
    h.dispatch(exploreQueryChanged(EMPTY_EXPLORE_QUERY));
    await settle();
    expect(h.state.catalog.explore).toMatchObject({ status: 'failed', error: { code: 'VALIDATION_FAILED' } });
    h.stop();
  });

  it('opens a project with its units, filters units by bedrooms and bathrooms, and reads the selected unit fresh', async () => {
    const h = createHarness({
      'GET /projects/p1': () => ({ id: 'p1', name: 'P1' }),
      'GET /projects/p1/units': (r: ApiRequest) => ({ items: r.query?.bedrooms === 3 ? [unit('p1-301')] : [unit('p1-201'), unit('p1-301')] }),
      'GET /units/p1-201': () => unit('p1-201', 'in_process'),
    });
    h.run(catalogSaga);
    h.dispatch(projectOpened({ projectId: 'p1' }));
    await settle();
    expect(h.state.catalog.project).toMatchObject({ id: 'p1', status: 'loaded' });
    expect(h.state.catalog.units.items.map((u) => u.id)).toEqual(['p1-201', 'p1-301']);

    h.dispatch(unitSelected({ projectId: 'p1', unitId: 'p1-201' }));
    expect(h.state.catalog.selection.unit?.commercialStatus).toBe('not_reserved');
    await settle();
    expect(h.state.catalog.selection).toMatchObject({ unitId: 'p1-201', status: 'loaded', unit: { commercialStatus: 'in_process' } });

    h.dispatch(unitFiltersChanged({ projectId: 'p1', filter: { bedrooms: 3, bathrooms: 2 } }));
    await settle();
    expect(h.calls('GET', '/projects/p1/units')[1].query).toEqual({ bedrooms: 3, bathrooms: 2 });
    expect(h.state.catalog.units.items.map((u) => u.id)).toEqual(['p1-301']);
    expect(h.state.catalog.selection.unitId).toBe('p1-201');
    h.stop();
  });

  it('reloads the unit table and the selection when the reservations feature finds a unit taken', async () => {
    let taken = false;
    const h = createHarness({
      'GET /projects/p1': () => ({ id: 'p1', name: 'P1' }),
      'GET /projects/p1/units': () => ({ items: [unit('p1-201', taken ? 'in_process' : 'not_reserved')] }),
      'GET /units/p1-201': () => unit('p1-201', taken ? 'in_process' : 'not_reserved'),
    });
    h.run(catalogSaga);
    h.dispatch(projectOpened({ projectId: 'p1' }));
    h.dispatch(unitSelected({ projectId: 'p1', unitId: 'p1-201' }));
    await settle();
    taken = true;
    h.dispatch(unitTaken({ unitId: 'p1-201', projectId: 'p1' }));
    await settle();
    expect(h.state.catalog.units.items[0].available).toBe(false);
    expect(h.state.catalog.selection.unit?.commercialStatus).toBe('in_process');
    h.stop();
  });

  it('marks a favourite at once and takes it back when the server refuses', async () => {
    const h = createHarness({
      'POST /favorites': () => {
        throw apiError(404, 'NOT_FOUND', 'El recurso solicitado no existe.');
      },
      'DELETE /favorites/p2': () => ({ projectId: 'p2', favorite: false }),
    });
    h.run(catalogSaga);
    h.dispatch(favoritesLoaded({ items: [{ ...card('p2'), favoritedAt: '2026-01-01T12:00:00.000Z' }], total: 1, projectIds: ['p2'] }));
    h.dispatch(favoriteToggled({ projectId: 'p1', favorite: true }));
    expect(h.state.catalog.favorites.ids).toEqual(['p2', 'p1']);
    await settle();
    expect(h.state.catalog.favorites.ids).toEqual(['p2']);
    expect(h.toasts()).toEqual(['El recurso solicitado no existe.']);

    h.dispatch(favoriteToggled({ projectId: 'p2', favorite: false }));
    await settle();
    expect(h.state.catalog.favorites).toMatchObject({ ids: [], items: [], saving: [] });
    expect(h.toasts()[1]).toBe('Proyecto quitado de sus favoritos.');
    h.stop();
  });
});
