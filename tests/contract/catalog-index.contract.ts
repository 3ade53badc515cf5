import type { CatalogIndex } from '../../read-models/catalog/catalog-index';
import type { RecordedEvent } from '../../kernel/ports/event-store';
import type { ReadStore } from '../../kernel/ports/read-store';
import { renamedStore } from '../../kernel/projections/renamed-store';
import { deliver as deliverTo } from '../support/projection-spec';
import { catalogProjection } from '../../read-models/catalog/catalog.projection';
import { CATALOG_PROJECTS } from '../../read-models/catalog/catalog-doc';
import { CATALOG_SORTS, type CatalogPageRequest, type CatalogSort } from '../../read-models/catalog/catalog-query';
import type { ProjectCard } from '../../read-models/catalog/catalog-card';

const meta = { correlationId: 'c', actorId: 'a', actorRoles: [], occurredAt: '2026-11-22T12:00:00.000Z', schemaVersion: 1 };

/** Records events as the event store would: a revision per stream, one global position. */
export const recorder = () => {
  let position = 0;
  const revisions = new Map<string, number>();
  return (streamId: string, type: string, data: Record<string, unknown>): RecordedEvent => {
    const revision = (revisions.get(streamId) ?? -1) + 1;
    revisions.set(streamId, revision);
    return { streamId, revision, globalPosition: ++position, type, data, metadata: meta, recordedAt: meta.occurredAt };
  };
};

export type ProjectSpec = {
  name: string;
  commune?: string;
  assetType?: string;
  buildStatus?: string;
  features?: string[];
  enteredDate?: string;
  realEstate?: string;
  enabled?: boolean;
  featuredOrder?: number;
  /** Units as price (UF), bedrooms and state. */
  units?: { price: number; bedrooms?: number; state?: 'available' | 'reserved' | 'disabled' | 'held' }[];
};

const COMMUNES: Record<string, string> = { '13101': 'Santiago', '13114': 'Las Condes', '13120': 'Ñuñoa' };

/** The events that build one project's card: created, enabled, featured, its units and their fates. */
export const projectEvents = (record: ReturnType<typeof recorder>, id: string, p: ProjectSpec): RecordedEvent[] => {
  const events = [
    record(`project-${id}`, 'ProjectCreated', {
      projectId: id,
      name: p.name,
      realEstate: { companyId: 'c1', name: p.realEstate ?? 'Inmobiliaria Andes SpA', rut: '76.123.456-0' },
      address: 'Av. Siempre Viva 123',
      communeCode: p.commune ?? '13101',
      communeName: COMMUNES[p.commune ?? '13101'],
      regionCode: '13',
      regionName: 'Metropolitana de Santiago',
      city: 'Santiago',
      latitude: -33.45,
      longitude: -70.6,
      assetType: p.assetType ?? 'department',
      buildStatus: p.buildStatus ?? 'GREEN_STATUS',
      deliveryDate: '2027-06',
      features: p.features ?? [],
      commercialStatus: 'on_sale',
      enteredDate: p.enteredDate ?? '2026-01-01',
      reservationPrice: 500_000,
      pricing: { bonusEnabled: false },
      createdAt: meta.occurredAt,
    }),
  ];
  if (p.enabled !== false) events.push(record(`project-${id}`, 'ProjectEnabled', { projectId: id }));
  if (p.featuredOrder !== undefined) events.push(record(`project-${id}`, 'ProjectFeatured', { projectId: id, order: p.featuredOrder }));
  (p.units ?? []).forEach((u, n) => {
    const unitId = `${id}-u${n}`;
    events.push(
      record(`unit-${unitId}`, 'UnitAdded', { unitId, projectId: id, bedrooms: u.bedrooms ?? 2, bathrooms: 1, regularPrice: u.price, discountPrice: null }),
    );
    const fate = { reserved: 'UnitReserved', disabled: 'UnitDisabled', held: 'UnitHeldForReservation', available: null }[u.state ?? 'available'];
    if (fate) events.push(record(`unit-${unitId}`, fate, { unitId, projectId: id }));
  });
  return events;
};

/** Names, prices and dates repeat on purpose: only the id can break those ties. */
const CATALOGUE: Record<string, ProjectSpec> = {
  a: {
    name: 'Edificio Parque Ñuñoa',
    commune: '13120',
    features: ['Piscina', 'Gimnasio'],
    featuredOrder: 2,
    units: [
      { price: 2805, bedrooms: 1 },
      { price: 6000, bedrooms: 3 },
    ],
  },
  b: {
    name: 'Mirador',
    commune: '13114',
    assetType: 'house',
    buildStatus: 'WHITE_STATUS',
    features: ['Piscina'],
    enteredDate: '2026-05-01',
    units: [{ price: 5000, bedrooms: 3 }],
  },
  c: { name: 'Mirador', commune: '13114', features: ['Gimnasio'], enteredDate: '2026-05-01', units: [{ price: 5000, bedrooms: 2 }] },
  d: {
    name: 'Mirador',
    featuredOrder: 1,
    enteredDate: '2026-05-01',
    units: [
      { price: 5000, bedrooms: 2 },
      { price: 1000, state: 'reserved' },
    ],
  },
  e: {
    name: 'Altos del Río',
    assetType: 'office',
    buildStatus: 'IMMEDIATE_DELIVERY',
    enteredDate: '2025-12-01',
    units: [
      { price: 7200, bedrooms: 0 },
      { price: 900, state: 'disabled' },
    ],
  },
  f: {
    name: 'Sin Stock',
    units: [
      { price: 3000, state: 'reserved' },
      { price: 3100, state: 'held' },
    ],
  },
  g: { name: 'Vacío', enteredDate: '2026-05-01' },
  h: { name: 'Mirador', enabled: false, units: [{ price: 10 }] },
  i: {
    name: 'Costanera Viña',
    realEstate: 'Constructora Pacífico',
    units: [
      { price: 4100, bedrooms: 2 },
      { price: 4100, bedrooms: 4 },
    ],
  },
};
const VISIBLE_IDS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'i'];

/** The order each sort promises: its key, missing prices last in both price sorts, then the id. */
const expectedOrder = (cards: Map<string, ProjectCard>, sort: CatalogSort): string[] => {
  const key = (c: ProjectCard): [number | string, number | string] => {
    if (sort === 'featured') return [c.featuredOrder === null ? 1 : 0, c.featuredOrder === null ? c.name.toLowerCase() : c.featuredOrder];
    if (sort === 'name')
      return [
        0,
        c.name
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .toLowerCase(),
      ];
    if (sort === 'newest') return [0, c.enteredDate];
    return [c.priceFromUF === null ? 1 : 0, c.priceFromUF ?? 0];
  };
  const descending = sort === 'newest' || sort === 'price_desc';
  return [...cards.values()]
    .sort((x, y) => {
      const [xa, xb] = key(x);
      const [ya, yb] = key(y);
      if (xa !== ya) return xa < ya ? -1 : 1;
      if (xb !== yb) return (xb < yb ? -1 : 1) * (descending ? -1 : 1);
      return x.id < y.id ? -1 : 1;
    })
    .map((c) => c.id);
};

/**
 * The CatalogIndex port's behaviour, run against every adapter, fed by the real catalogue projection:
 * filters, the five sorts with exact keyset pages, counts, facets, redelivery, and following a rebuild.
 */
export function describeCatalogIndexContract(name: string, factory: () => Promise<{ store: ReadStore; index: CatalogIndex; cleanup(): Promise<void> }>): void {
  describe(`CatalogIndex contract: ${name}`, () => {
    let store: ReadStore;
    let index: CatalogIndex;
    let cleanup: () => Promise<void>;
    let record: ReturnType<typeof recorder>;

    const deliver = async (events: readonly RecordedEvent[], target: ReadStore = store) => {
      for (const event of events) await deliverTo(catalogProjection, event, target);
    };
    const build = async (catalogue: Record<string, ProjectSpec> = CATALOGUE) => {
      const events = Object.entries(catalogue).flatMap(([id, p]) => projectEvents(record, id, p));
      await deliver(events);
      return events;
    };
    /** A page, its cards read back from the JSON texts the port hands over (JsonText). */
    const page = async (request: Partial<CatalogPageRequest> = {}) => {
      const result = await index.page(CATALOG_PROJECTS, { sort: 'featured', limit: 50, ...request });
      return { ...result, cards: result.cards.map((card) => card.value()) };
    };
    const ids = async (request: Partial<CatalogPageRequest> = {}) => (await page(request)).cards.map((c) => c.id).sort();
    const allPages = async (sort: CatalogSort, limit: number, request: Partial<CatalogPageRequest> = {}) => {
      const seen: string[] = [];
      let after: CatalogPageRequest['after'];
      for (let guard = 0; guard < 100; guard++) {
        const result = await page({ ...request, sort, limit, after });
        expect(result.cards.length).toBeLessThanOrEqual(limit);
        seen.push(...result.cards.map((c) => c.id));
        if (!result.next) return seen;
        after = result.next;
      }
      throw new Error('paging did not end');
    };

    beforeEach(async () => {
      ({ store, index, cleanup } = await factory());
      record = recorder();
      for (const i of catalogProjection.indexes ?? []) await store.collection(i.collection).createIndex(i);
    });
    afterEach(() => cleanup());

    it('pages through every visible card exactly once, in the sort’s order with ties broken by id, for every sort and page size', async () => {
      await build();
      const cards = new Map((await page()).cards.map((c) => [c.id, c]));
      expect([...cards.keys()].sort()).toEqual(VISIBLE_IDS);
      for (const sort of CATALOG_SORTS) {
        const expected = expectedOrder(cards, sort);
        for (const limit of [1, 2, 3, 7, 50]) expect([sort, limit, await allPages(sort, limit)]).toEqual([sort, limit, expected]);
      }
      expect(expectedOrder(cards, 'featured').slice(0, 2)).toEqual(['d', 'a']);
    });

    it('counts every matching card on every page, not only the page', async () => {
      await build();
      expect((await page({ limit: 2 })).total).toBe(VISIBLE_IDS.length);
      const first = await page({ limit: 2, sort: 'name' });
      expect((await page({ limit: 2, sort: 'name', after: first.next! })).total).toBe(VISIBLE_IDS.length);
      expect((await page({ limit: 1, communes: ['13114'] })).total).toBe(2);
      // A name search counts from its own matches: visible ones of this collection, with every other filter.
      expect((await page({ limit: 1, search: 'mirador' })).total).toBe(3); // not the disabled h
      expect((await page({ limit: 1, search: 'mirador', communes: ['13114'] })).total).toBe(2);
      expect((await page({ limit: 1, search: 'mira', communes: ['13114'], bedrooms: [2] })).total).toBe(1);
      expect((await page({ limit: 1, search: 'Ñu' })).total).toBe(1); // shorter than a trigram
      expect((await page({ limit: 1, search: 'xyz' })).total).toBe(0);
    });

    it('the price filter compares the card’s "from" price: the lowest price among available units', async () => {
      await build();
      const cards = new Map((await page()).cards.map((c) => [c.id, c]));
      expect(cards.get('a')!.priceFromUF).toBe(2805); // the 6000 unit does not make it a 5000+ project
      expect(cards.get('d')!.priceFromUF).toBe(5000); // the reserved 1000 unit is not on offer
      expect(cards.get('e')!.priceFromUF).toBe(7200); // nor the disabled 900 one
      expect(cards.get('f')!.priceFromUF).toBeNull(); // reserved and held: nothing available
      expect(await ids({ priceFrom: 5000 })).toEqual(['b', 'c', 'd', 'e']);
      expect(await ids({ priceTo: 5000 })).toEqual(['a', 'b', 'c', 'd', 'i']);
      expect(await ids({ priceFrom: 4100, priceTo: 4100 })).toEqual(['i']);
      expect(await ids({ priceFrom: 0 })).toEqual(['a', 'b', 'c', 'd', 'e', 'i']); // no available unit: no price, never matches
      const matching = await page({ priceFrom: 5000, limit: 50 });
      expect(matching.cards.every((c) => c.priceFromUF !== null && c.priceFromUF >= 5000)).toBe(true);
      expect(matching.total).toBe(4);
    });

    it('filters by search (case, accents, short terms), commune, type, build status, bedrooms, amenities, combined', async () => {
      await build();
      expect(await ids({ search: 'NUNOA' })).toEqual(['a']);
      expect(await ids({ search: 'ñuñ' })).toEqual(['a']);
      expect(await ids({ search: 'mirador' })).toEqual(['b', 'c', 'd']);
      expect(await ids({ search: 'pacifico' })).toEqual(['i']); // real-estate company
      expect(await ids({ search: 'las condes' })).toEqual(['b', 'c']); // commune
      expect(await ids({ search: 'Ñu' })).toEqual(['a']); // shorter than a trigram
      expect(await ids({ search: 'río' })).toEqual(['e']);
      expect(await ids({ search: 'xyz' })).toEqual([]);
      expect(await ids({ search: '"a' })).toEqual([]);
      expect(await ids({ communes: ['13114'] })).toEqual(['b', 'c']);
      expect(await ids({ propertyTypes: ['house', 'office'] })).toEqual(['b', 'e']);
      expect(await ids({ buildStatuses: ['WHITE_STATUS'] })).toEqual(['b']);
      expect(await ids({ bedrooms: [3] })).toEqual(['a', 'b']);
      expect(await ids({ bedrooms: [0, 4] })).toEqual(['e', 'i']);
      expect(await ids({ amenities: ['Piscina'] })).toEqual(['a', 'b']);
      expect(await ids({ amenities: ['Piscina', 'Gimnasio'] })).toEqual(['a']);
      expect(await ids({ communes: ['13114'], bedrooms: [2], search: 'mira' })).toEqual(['c']);
      const combined = await page({ communes: ['13114'], amenities: ['Piscina'], priceTo: 5000, sort: 'price_asc' });
      expect([combined.cards.map((c) => c.id), combined.total, combined.next]).toEqual([['b'], 1, null]);
    });

    it("a page's card texts are the cards themselves, as cards() gives them by id", async () => {
      await build();
      const { cards } = await index.page(CATALOG_PROJECTS, { sort: 'name', limit: 50 });
      const texts = cards.map((card) => JSON.parse(card.text) as ProjectCard);
      const byId = new Map(
        (
          await index.cards(
            CATALOG_PROJECTS,
            texts.map((c) => c.id),
          )
        ).map((c) => [c.id, c]),
      );
      expect(texts.map((c) => c.id).sort()).toEqual(VISIBLE_IDS);
      for (const card of texts) expect(card).toEqual(byId.get(card.id));
      expect(JSON.parse(JSON.stringify({ cards }))).toEqual({ cards: texts });
    });

    it('cards by id: visible ones only', async () => {
      await build();
      const cards = await index.cards(CATALOG_PROJECTS, ['a', 'h', 'zz']);
      expect(cards.map((c) => c.id)).toEqual(['a']);
      expect(await index.cards(CATALOG_PROJECTS, [])).toEqual([]);
    });

    it('facets count the visible cards per value; the price range is that of the "from" prices', async () => {
      await build();
      const facets = await index.facets(CATALOG_PROJECTS);
      expect(facets.communes).toEqual([
        { code: '13114', name: 'Las Condes', regionCode: '13', regionName: 'Metropolitana de Santiago', count: 2 },
        { code: '13120', name: 'Ñuñoa', regionCode: '13', regionName: 'Metropolitana de Santiago', count: 1 },
        { code: '13101', name: 'Santiago', regionCode: '13', regionName: 'Metropolitana de Santiago', count: 5 },
      ]);
      expect(facets.propertyTypes.map(({ value, count }) => [value, count])).toEqual([
        ['department', 6],
        ['house', 1],
        ['office', 1],
      ]);
      expect(facets.buildStatuses.map(({ value, count }) => [value, count])).toEqual([
        ['GREEN_STATUS', 6],
        ['IMMEDIATE_DELIVERY', 1],
        ['WHITE_STATUS', 1],
      ]);
      expect(facets.bedrooms).toEqual([
        { value: 0, count: 1 },
        { value: 1, count: 1 },
        { value: 2, count: 3 },
        { value: 3, count: 2 },
        { value: 4, count: 1 },
      ]);
      expect(facets.amenities).toEqual([
        { value: 'Gimnasio', count: 2 },
        { value: 'Piscina', count: 2 },
      ]);
      expect(facets.priceRangeUF).toEqual({ min: 2805, max: 7200 });
    });

    it('follows every change of a card: a unit reserved, released, repriced; a project disabled or unfeatured', async () => {
      const events = await build();
      const unitA0 = (type: string, data: Record<string, unknown> = {}) => record('unit-a-u0', type, { unitId: 'a-u0', projectId: 'a', ...data });
      await deliver([unitA0('UnitHeldForReservation')]);
      expect((await page({ priceTo: 3000 })).cards.map((c) => c.id)).toEqual([]);
      await deliver([unitA0('UnitHoldReleased'), unitA0('UnitUpdated', { changes: { regularPrice: 2500 } })]);
      expect((await page({ priceTo: 3000 })).cards.map((c) => [c.id, c.priceFromUF])).toEqual([['a', 2500]]);
      await deliver([record('project-d', 'ProjectUnfeatured', { projectId: 'd' }), record('project-b', 'ProjectDisabled', { projectId: 'b' })]);
      expect((await page({ sort: 'featured', limit: 1 })).cards[0].id).toBe('a');
      expect(await ids({ communes: ['13114'] })).toEqual(['c']);
      expect(events.length).toBeGreaterThan(0);
    });

    it('a redelivered event changes nothing', async () => {
      await build();
      const before = await page({ sort: 'price_asc' });
      const reserve = record('unit-i-u0', 'UnitReserved', { unitId: 'i-u0', projectId: 'i' });
      await deliver([reserve]);
      await deliver([reserve]); // the checkpoint was not written: the event comes again
      await deliver([reserve]); // and once more
      const after = await page({ sort: 'price_asc' });
      expect(after.cards.find((c) => c.id === 'i')!.units).toEqual({ total: 2, available: 1, reserved: 1, sold: 0 });
      expect(after.cards.map((c) => c.id)).toEqual(before.cards.map((c) => c.id));
      expect(await ids({ bedrooms: [2] })).toEqual(['c', 'd']); // the reserved unit was i's 2-bedroom one
    });

    it('units of one project applied concurrently (two consumers) all reach the index', async () => {
      await build({ p: { name: 'Concurrente' } });
      const units = Array.from({ length: 8 }, (_, n) =>
        record(`unit-p-${n}`, 'UnitAdded', {
          unitId: `p-${n}`,
          projectId: 'p',
          bedrooms: n % 3,
          bathrooms: 1,
          regularPrice: 3000 + n * 10,
          discountPrice: null,
        }),
      );
      await Promise.all(units.map((e) => deliverTo(catalogProjection, e, store)));
      const [card] = (await page()).cards;
      expect([card.units.available, card.priceFromUF, card.bedrooms]).toEqual([8, 3000, [0, 1, 2]]);
      expect(await ids({ bedrooms: [2], priceFrom: 3000 })).toEqual(['p']);
    });

    it('follows a blue-green rebuild: the rebuilt collection replaces the live one, index included; a dropped one leaves nothing', async () => {
      await build();
      const rebuilt = renamedStore(store, (c) => (c === CATALOG_PROJECTS ? `${CATALOG_PROJECTS}__rebuild` : c));
      for (const i of catalogProjection.indexes ?? []) await rebuilt.collection(i.collection).createIndex(i);
      const fresh = recorder();
      await deliver(projectEvents(fresh, 'z', { name: 'Reconstruido', units: [{ price: 1234 }] }), rebuilt);
      expect(await ids()).toEqual(VISIBLE_IDS); // the live catalogue is served while the copy is built
      expect((await page({ search: 'reconstru' })).total).toBe(0); // the copy's entries are not counted
      await store.renameCollection(`${CATALOG_PROJECTS}__rebuild`, CATALOG_PROJECTS);
      expect(await ids()).toEqual(['z']);
      expect(await ids({ search: 'mirador' })).toEqual([]);
      expect(await ids({ search: 'reconstru', priceTo: 2000 })).toEqual(['z']);
      expect([(await page({ search: 'reconstru' })).total, (await page({ search: 'mirador' })).total]).toEqual([1, 0]);
      expect((await index.facets(CATALOG_PROJECTS)).communes.map((c) => c.count)).toEqual([1]);
      await store.dropCollection(CATALOG_PROJECTS);
      expect(await page()).toEqual({ cards: [], total: 0, next: null });
      expect(await index.cards(CATALOG_PROJECTS, ['z'])).toEqual([]);
    });
  });
}
