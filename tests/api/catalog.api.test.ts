import { createHash } from 'node:crypto';
import { CATALOG } from '../../application/catalog/catalog.tokens';
import { resolve } from '../../kernel/ports/token';
import { DEMO_PROJECTS } from '../../adapters/seed/demo-catalogue-data';
import { SqliteReadStore } from '../../adapters/embedded/sqlite-read-store';
import type { ReadStore } from '../../kernel/ports/read-store';
import { TOKENS } from '../../kernel/ports/tokens';
import { CATALOG_PROJECTS } from '../../read-models/catalog/catalog-doc';
import { projectInput, unitSpec } from '../domain/catalog/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';
import { events, readModelsCaughtUp } from '../support/buyers';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  await readModelsCaughtUp(app);
});
afterAll(() => app.stop());

const get = (path: string) => app.client().get(path);
type Card = {
  id: string;
  name: string;
  priceFromUF: number | null;
  assetType: string;
  buildStatus: string;
  featured: boolean;
  commune: { code: string };
  bedrooms: number[];
  features: string[];
  enteredDate: string;
};

/** Follows nextCursor to the end. */
const allPages = async (query: string, limit = 7): Promise<Card[]> => {
  const items: Card[] = [];
  let cursor: string | null = null;
  do {
    const res = await get(`/api/v1/projects?${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status).toBe(200);
    items.push(...res.body.items);
    cursor = res.body.nextCursor;
  } while (cursor);
  return items;
};

describe('demo catalogue', () => {
  it('has 30 projects over at least 5 regions with 600 units, every asset type and build status; disabled ones are hidden', async () => {
    expect(DEMO_PROJECTS).toHaveLength(30);
    expect(new Set(DEMO_PROJECTS.map((p) => p.regionCode)).size).toBeGreaterThanOrEqual(5);
    const res = await get('/api/v1/projects?limit=50');
    expect(res.body.total).toBe(28);
    const facets = (await get('/api/v1/projects/filters')).body;
    expect(facets.propertyTypes.map((t: { value: string }) => t.value).sort()).toEqual(
      ['commercial', 'department', 'house', 'parking_lot', 'plot', 'site', 'storage_unit', 'warehouse', 'office'].sort(),
    );
    expect(facets.buildStatuses.map((t: { value: string }) => t.value).sort()).toEqual(['GREEN_STATUS', 'IMMEDIATE_DELIVERY', 'WHITE_STATUS']);
    const log = await events(app).readAll({ fromPosition: 0, limit: 100_000 });
    expect(log.filter((e) => e.type === 'UnitAdded')).toHaveLength(600);
    expect(log.filter((e) => e.type === 'UnitSold').length).toBeGreaterThan(10);
    expect((await get('/api/v1/projects/estacion-central-living')).status).toBe(404);
  });

  it('serves the generated pictures and floor plans as SVG, named by their content and cached for good, with their sizes', async () => {
    const detail = (await get('/api/v1/projects/parque-nunoa')).body;
    expect(detail.images.cover[0]).toEqual(expect.objectContaining({ width: 1200, height: 675 }));
    expect(detail.images.card[0]).toEqual(expect.objectContaining({ width: 600, height: 400 }));
    const cover = await fetch(`${app.url}${detail.images.cover[0].url}`);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    const drawing = await cover.text();
    expect(drawing).toContain('Edificio Parque Ñuñoa');
    // A drawing that changes gets a new name: the URL carries the hash of what it answers.
    const hash = /\.([0-9a-f]{12})\.svg$/.exec(detail.images.cover[0].url)![1];
    expect(createHash('sha256').update(drawing).digest('hex').slice(0, 12)).toBe(hash);
    expect(cover.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const plan = await fetch(`${app.url}${detail.floorPlans[0].url}`);
    expect(plan.status).toBe(200);
    expect(plan.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${app.url}/files/projects/no-existe.svg`)).status).toBe(404);
    expect((await fetch(`${app.url}/files/..%2F..%2Fsecret.key`)).status).toBe(404);
  });
});

describe('GET /api/v1/projects: explore', () => {
  it('pages with a cursor through every visible project exactly once, for every sort', async () => {
    for (const sort of ['featured', 'name', 'newest', 'price_asc', 'price_desc']) {
      const items = await allPages(`sort=${sort}`);
      expect([sort, items.length]).toEqual([sort, 28]);
      expect(new Set(items.map((i) => i.id)).size).toBe(28);
    }
  });

  it('sorts: featured first in their order, by name, newest, by price both ways', async () => {
    const featured = await allPages('sort=featured');
    expect(featured.slice(0, 6).map((i) => i.id)).toEqual([
      'parque-nunoa',
      'costanera-vina',
      'mirador-providencia',
      'ribera-biobio',
      'faro-la-serena',
      'altos-las-condes',
    ]);
    expect(featured.slice(6).every((i) => !i.featured)).toBe(true);
    const names = (await allPages('sort=name')).map((i) => i.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es', { sensitivity: 'base' })));
    const newest = (await allPages('sort=newest')).map((i) => i.enteredDate);
    expect(newest).toEqual([...newest].sort().reverse());
    const asc = (await allPages('sort=price_asc')).map((i) => i.priceFromUF!);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await allPages('sort=price_desc')).map((i) => i.priceFromUF!);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
  });

  it('searches by name, ignoring case and accents', async () => {
    const res = await get('/api/v1/projects?search=NUNOA');
    expect(res.body.items.map((i: Card) => i.id)).toEqual(['parque-nunoa']);
    expect((await get('/api/v1/projects?search=vina')).body.items.map((i: Card) => i.id).sort()).toEqual(['costanera-vina', 'estacionamientos-vina-centro']);
  });

  it('filters by commune, property type, bedrooms, price, amenities and build status, combined', async () => {
    const byCommune = (await get('/api/v1/projects?commune=13114')).body.items;
    expect(byCommune.map((i: Card) => i.id).sort()).toEqual(['altos-las-condes', 'torre-apoquindo']);
    const houses = (await get('/api/v1/projects?propertyType=house')).body.items as Card[];
    expect(houses.length).toBe(4);
    expect(houses.every((i) => i.assetType === 'house')).toBe(true);
    const several = (await get('/api/v1/projects?propertyType=office&propertyType=commercial&limit=50')).body.items as Card[];
    expect(new Set(several.map((i) => i.assetType))).toEqual(new Set(['office', 'commercial']));
    const threeBedrooms = (await get('/api/v1/projects?bedrooms=3&limit=50')).body.items as Card[];
    expect(threeBedrooms.length).toBeGreaterThan(0);
    expect(threeBedrooms.every((i) => i.bedrooms.includes(3))).toBe(true);
    const expensive = (await get('/api/v1/projects?priceFrom=8000&limit=50')).body.items as Card[];
    expect(expensive.length).toBeGreaterThan(0);
    const cheap = (await get('/api/v1/projects?priceTo=500&limit=50')).body.items as Card[];
    expect(cheap.map((i) => i.assetType).sort()).toEqual(['parking_lot', 'storage_unit']);
    const pool = (await get(`/api/v1/projects?amenities=${encodeURIComponent('Piscina,Gimnasio')}&limit=50`)).body.items as Card[];
    expect(pool.every((i) => i.features.includes('Piscina') && i.features.includes('Gimnasio'))).toBe(true);
    const white = (await get('/api/v1/projects?buildStatus=WHITE_STATUS&propertyType=department&limit=50')).body.items as Card[];
    expect(white.length).toBeGreaterThan(0);
    expect(white.every((i) => i.buildStatus === 'WHITE_STATUS' && i.assetType === 'department')).toBe(true);
    const none = await get('/api/v1/projects?commune=13114&propertyType=plot');
    expect(none.body).toEqual({ items: [], nextCursor: null, total: 0 });
  });

  it('"Precio desde" and "hasta" compare the price the card shows: the lowest price among available units', async () => {
    const cards = (await get('/api/v1/projects?limit=50')).body.items as Card[];
    const priced = cards.filter((c) => c.priceFromUF !== null);
    for (const [query, keep] of [
      ['priceFrom=5000', (p: number) => p >= 5000],
      ['priceTo=3000', (p: number) => p <= 3000],
      ['priceFrom=2000&priceTo=4000', (p: number) => p >= 2000 && p <= 4000],
    ] as const) {
      const res = (await get(`/api/v1/projects?${query}&limit=50`)).body;
      const expected = priced
        .filter((c) => keep(c.priceFromUF!))
        .map((c) => c.id)
        .sort();
      expect([query, res.items.map((c: Card) => c.id).sort(), res.total]).toEqual([query, expected, expected.length]);
    }
    const filters = (await get('/api/v1/projects/filters')).body;
    const fromPrices = priced.map((c) => c.priceFromUF!);
    expect(filters.priceRangeUF).toEqual({ min: Math.min(...fromPrices), max: Math.max(...fromPrices) });
  });

  it('answers bad filters and tampered cursors with 400', async () => {
    expect((await get('/api/v1/projects?propertyType=castillo')).status).toBe(400);
    expect((await get('/api/v1/projects?sort=random')).status).toBe(400);
    expect((await get('/api/v1/projects?commune=Santiago')).status).toBe(400);
    const cursor = (await get('/api/v1/projects?sort=name&limit=2')).body.nextCursor;
    const otherSort = await get(`/api/v1/projects?sort=price_asc&cursor=${cursor}`);
    expect(otherSort.status).toBe(400);
    expect(otherSort.body.fieldErrors).toEqual([expect.objectContaining({ field: 'cursor' })]);
    expect((await get('/api/v1/projects?cursor=no-es-un-cursor')).status).toBe(400);
  });
});

describe('promotions', () => {
  /** Sets the app's clock (its Clock port) to `iso`, runs `check`, and puts it back. */
  const at = async (iso: string, check: () => Promise<void>) => {
    const moved = Date.parse(iso) - app.clock.now().getTime();
    app.clock.advance(moved);
    try {
      await check();
    } finally {
      app.clock.advance(-moved);
    }
  };
  const promotionsOf = async () => ({
    page: (await get('/api/v1/projects/costanera-vina')).body.promotions.map((p: { title: string }) => p.title),
    card: (await get('/api/v1/projects?search=Costanera')).body.items[0].promotions.map((p: { title: string }) => p.title),
  });

  it("a monthly promotion is shown in its month, Chile's, and neither on the page nor on the card after it", async () => {
    await at('2026-11-15T12:00:00.000Z', async () => {
      expect(await promotionsOf()).toEqual({ page: ['Noviembre: 5 % de descuento'], card: ['Noviembre: 5 % de descuento'] });
    });
    // 23:30 on 30 November in Santiago: December in UTC, still November in Chile.
    await at('2026-12-01T02:30:00.000Z', async () => {
      expect((await promotionsOf()).page).toEqual(['Noviembre: 5 % de descuento']);
    });
    await at('2026-12-07T15:00:00.000Z', async () => {
      expect(await promotionsOf()).toEqual({ page: [], card: [] });
    });
  });
});

describe('project page', () => {
  it('shows every field, images by category, floor plans, promotions, pricing options, directions and share links', async () => {
    const res = await get('/api/v1/projects/parque-nunoa');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: 'parque-nunoa',
      name: 'Edificio Parque Ñuñoa',
      regionCode: '13',
      communeCode: '13120',
      communeName: 'Ñuñoa',
      buildStatus: 'GREEN_STATUS',
      buildStatusLabel: 'En verde',
      assetType: 'department',
      reservationPrice: 500_000,
      pricing: { bonusEnabled: true },
      featuredOrder: 1,
      enabled: true,
      directionsUrl: expect.stringContaining('destination=-33.4543,-70.5968'),
      shareUrl: 'http://localhost:3000/projects/parque-nunoa',
    });
    expect(Object.keys(res.body.images).sort()).toEqual(['additional', 'card', 'cover', 'gallery']);
    expect(res.body.images.gallery).toHaveLength(3);
    expect(res.body.floorPlans.length).toBeGreaterThan(0);
    for (const field of [
      'latitude',
      'longitude',
      'deliveryDate',
      'description',
      'features',
      'relevantFeatures',
      'reservationToDownPayment',
      'contactEmail',
      'contactPhone',
      'totalUnits',
      'addedValue',
      'capitalGain',
      'commercialStatus',
      'directSale',
      'enteredDate',
      'reservationPaid',
      'quantityOfUnits',
    ])
      expect([field, field in res.body]).toEqual([field, true]);
    // The back office's fields never reach a visitor: the Webpay credential, the operators' names, internal comments.
    for (const field of ['webpayToken', 'operator', 'secondaryOperator', 'comments']) expect([field, field in res.body]).toEqual([field, false]);
    expect((await get('/api/v1/projects/no-existe')).status).toBe(404);
  });

  it('unit table with bedroom and bathroom filters; one unit with its customised floor plan', async () => {
    const all = (await get('/api/v1/projects/parque-nunoa/units')).body;
    expect(all.total).toBe(19); // one unit is disabled ("en remodelación"): not offered
    const two = (await get('/api/v1/projects/parque-nunoa/units?bedrooms=2')).body.items as { bedrooms: number }[];
    expect(two.length).toBeGreaterThan(0);
    expect(two.every((u) => u.bedrooms === 2)).toBe(true);
    const combo = (await get('/api/v1/projects/parque-nunoa/units?bedrooms=1,3&bathrooms=2')).body.items as { bedrooms: number; bathrooms: number }[];
    expect(combo.every((u) => [1, 3].includes(u.bedrooms) && u.bathrooms === 2)).toBe(true);
    const penthouse = all.items.find((u: { floorPlan: { customized: boolean } | null }) => u.floorPlan?.customized);
    expect(penthouse).toBeDefined();
    const unit = (await get(`/api/v1/units/${penthouse.id}`)).body;
    expect(unit).toMatchObject({ id: penthouse.id, floorPlan: { customized: true }, normalPriceUF: expect.any(Number), bonusPriceUF: expect.any(Number) });
    for (const field of [
      'unitNumber',
      'typology',
      'model',
      'orientation',
      'floor',
      'parkingLot',
      'store',
      'regularPrice',
      'discountPrice',
      'footVoucherPrice',
      'realEstateContribution',
      'innerSurface',
      'outerSurface',
      'constructionFoot',
      'constructionPaymentFees',
      'deedPercentage',
      'deedFees',
      'downPaymentPercentage',
      'creditPostSaleMaxPercentage',
      'creditPostSaleRate',
      'creditPostSaleMaxFees',
      'estimatedRents',
      'minimumPledgePercentage',
      'minimumPledgeFees',
      'minimumFoot',
      'minimumCredit',
      'creditInterestRate',
      'maximumCreditInstallments',
      'minimumPromise',
      'minimumPromiseQuota',
      'enabled',
      'reserved',
      'commercialStatus',
    ])
      expect([field, field in unit]).toEqual([field, true]);
  });

  it('featured list for the home page, in order', async () => {
    const res = await get('/api/v1/projects/featured?limit=3');
    expect(res.body.items.map((i: Card) => i.id)).toEqual(['parque-nunoa', 'costanera-vina', 'mirador-providencia']);
    expect(res.body.total).toBe(6);
  });

  it("Chile's regions and communes for the forms", async () => {
    const res = await get('/api/v1/reference/regions');
    expect(res.body.items).toHaveLength(16);
    expect(res.body.items.flatMap((r: { communes: unknown[] }) => r.communes)).toHaveLength(346);
  });
});

describe('paging is stable and complete for every sort, whatever the page size', () => {
  let twins: string[];
  beforeAll(async () => {
    // Six projects equal in every sort key (name, entry date, price, not featured): only the id tells them
    // apart, so a page boundary among them shows whether the tie-break holds. One more has no available unit.
    const catalog = resolve(app.platform.container, CATALOG.Catalog);
    const meta = { now: new Date(), actorId: 'test', actorRoles: [], correlationId: 'twins' };
    twins = ['gemelo-f', 'gemelo-b', 'gemelo-d', 'gemelo-a', 'gemelo-e', 'gemelo-c'];
    for (const id of [...twins, 'gemelo-sin-stock']) {
      await catalog.onProject(
        id,
        { type: 'CreateProject', projectId: id, details: projectInput({ name: 'Edificio Gemelo', enteredDate: '2026-04-01' }) },
        meta,
      );
      await catalog.onProject(id, { type: 'EnableProject' }, meta);
      await catalog.addUnit(`${id}-101`, id, unitSpec({ regularPrice: 3333, discountPrice: null }), meta);
    }
    await catalog.onUnit('gemelo-sin-stock-101', { type: 'DisableUnit', reason: 'remodelación' }, meta);
    await readModelsCaughtUp(app);
  });

  it('lists every visible project exactly once for each of the five sorts and page sizes 1 to 50', async () => {
    const total = (await get('/api/v1/projects')).body.total;
    expect(total).toBe(28 + 7);
    for (const sort of ['featured', 'name', 'newest', 'price_asc', 'price_desc']) {
      for (const limit of [1, 3, 12, 50]) {
        const ids = (await allPages(`sort=${sort}`, limit)).map((i) => i.id);
        expect([sort, limit, ids.length, new Set(ids).size]).toEqual([sort, limit, total, total]);
      }
    }
  });

  it('orders projects that tie on the sort key by id, so a page boundary among them is exact', async () => {
    const sorted = [...twins].sort();
    for (const sort of ['featured', 'name', 'newest', 'price_asc', 'price_desc']) {
      const ids = (await allPages(`sort=${sort}&search=gemelo`, 1)).map((i) => i.id);
      const priced = ids.filter((id) => id !== 'gemelo-sin-stock');
      expect([sort, priced]).toEqual([sort, sorted]);
    }
  });

  it('a project with no available unit has no "from" price, matches no price filter and comes last in both price sorts', async () => {
    const all = await allPages('search=gemelo', 50);
    expect(all.find((c) => c.id === 'gemelo-sin-stock')!.priceFromUF).toBeNull();
    expect((await allPages('sort=price_asc', 12)).at(-1)!.id).toBe('gemelo-sin-stock');
    expect((await allPages('sort=price_desc', 12)).at(-1)!.id).toBe('gemelo-sin-stock');
    expect((await allPages('search=gemelo&priceFrom=0', 50)).map((c) => c.id).sort()).toEqual([...twins].sort());
    expect((await allPages('search=gemelo&priceTo=3333', 50)).map((c) => c.priceFromUF)).toEqual(twins.map(() => 3333));
  });
});

describe('rebuilding the catalogue', () => {
  it('a blue-green rebuild brings back a lost catalogue, its index included (explore, search, filters, paging)', async () => {
    const queries = [
      'sort=name&limit=50',
      'search=gemelo&sort=price_asc&limit=3',
      'propertyType=department&priceFrom=2000&sort=newest&limit=50',
      'bedrooms=3&amenities=Piscina&limit=50',
    ];
    const before = await Promise.all(queries.map(async (q) => (await get(`/api/v1/projects?${q}`)).body));
    // Lose the catalogue: its documents and, embedded, its index tables.
    const store = app.platform.container.get<ReadStore>(TOKENS.ReadStore);
    await store.collection(CATALOG_PROJECTS).deleteMany({});
    if (store instanceof SqliteReadStore) store.database.exec('DELETE FROM catalog_entries; DELETE FROM catalog_amenities;');
    expect((await get('/api/v1/projects')).body.total).toBe(0);

    const superAdmin = app.client();
    await superAdmin.login('superadmin@demo.cl');
    const rebuilt = await superAdmin.post('/api/v1/admin/projections/catalog/rebuild', {});
    expect(rebuilt.status).toBe(200);
    const after = await Promise.all(queries.map(async (q) => (await get(`/api/v1/projects?${q}`)).body));
    expect(after).toEqual(before);
    expect((await allPages('sort=featured', 5)).length).toBe(35);
  });
});
