import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { at, type ApiClient } from '../support/api-client';
import { createBuyers, signedIn } from '../support/buyers';
import { startTestApp, type TestApp } from '../support/test-app';
import { projectInput, unitSpec } from '../domain/catalog/fixtures';

let app: TestApp;
let admin: ApiClient;
let company: ApiClient;
let otherRealEstate: string;

/** The domain specs' valid project and unit (tests/domain/catalog/fixtures.ts), as the API takes them. */
const projectBody = (overrides: Record<string, unknown> = {}) => ({
  ...projectInput({ name: 'Edificio Plaza Ñuñoa' }),
  realEstate: { companyId: 'inmobiliaria-andes' },
  ...overrides,
});
const unitBody = (overrides: Record<string, unknown> = {}) => ({ ...unitSpec({ unitNumber: '101' }), ...overrides });

const png = (width = 1200, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

beforeAll(async () => {
  app = await startTestApp({ DEMO_CATALOGUE: 'off' });
  admin = app.client();
  await admin.login('admin@demo.cl');
  company = app.client();
  await company.login('empresa@demo.cl');
  const registered = await admin.post('/api/v1/companies', {
    name: 'Inmobiliaria Costa Sur SpA',
    rut: '76.543.210-3',
    kind: 'real_estate',
    description: '',
    contactEmail: 'ventas@costasur.cl',
    contactPhone: '+56 2 2345 6700',
  });
  expect(registered.status).toBe(201);
  otherRealEstate = registered.body.id;
});
afterAll(() => app.stop());

const createProject = async (client: ApiClient, overrides: Record<string, unknown> = {}) => {
  const created = await client.post('/api/v1/projects', projectBody(overrides));
  expect(created.status).toBe(201);
  return created;
};

describe('projects and units: create, edit with If-Match, enable', () => {
  it('a new project starts disabled: buyers do not find it until it is enabled with a unit', async () => {
    const created = await createProject(admin);
    const id = created.body.id;
    expect((await app.client().get(`/api/v1/projects/${id}`, at(created))).status).toBe(404);
    const unit = await admin.post(`/api/v1/projects/${id}/units`, unitBody());
    expect(unit.status).toBe(201);
    const enabled = await admin.post(`/api/v1/projects/${id}/enable`);
    expect(enabled.status).toBe(200);
    const page = await app.client().get(`/api/v1/projects/${id}`, at(enabled));
    expect(page.body).toMatchObject({
      name: 'Edificio Plaza Ñuñoa',
      realEstate: { companyId: 'inmobiliaria-andes', name: 'Inmobiliaria Andes SpA' },
      communeName: 'Ñuñoa',
      units: { total: 1, available: 1, priceFromUF: 3800 },
    });
    const explore = await app.client().get('/api/v1/projects?search=Plaza%20%C3%91u%C3%B1oa', at(enabled));
    expect(explore.body.items.map((p: { id: string }) => p.id)).toContain(id);
    const disabled = await admin.post(`/api/v1/projects/${id}/disable`, { reason: 'Revisión de precios' });
    expect((await app.client().get(`/api/v1/projects/${id}`, at(disabled))).status).toBe(404);
    const back = await admin.get(`/api/v1/backoffice/projects/${id}`, at(disabled));
    expect(back.body).toMatchObject({ id, enabled: false, units: [{ unitNumber: '101', enabled: true, commercialStatus: 'not_reserved' }] });
  });

  it('PATCH needs If-Match: 428 without it, 412 when stale, every field error at once', async () => {
    const created = await createProject(admin, { name: 'Torre Los Leones' });
    const id = created.body.id;
    const current = await admin.get(`/api/v1/backoffice/projects/${id}`, at(created));
    const etag = current.headers.get('etag')!;
    expect(etag).toBe('W/"0"');
    expect((await admin.patch(`/api/v1/projects/${id}`, { name: 'Torre Leones' })).status).toBe(428);
    const changed = await admin.patch(
      `/api/v1/projects/${id}`,
      { name: 'Torre Leones', pricing: { bonusEnabled: true, bonusDescription: 'Bono pie 10 %' } },
      { 'If-Match': etag },
    );
    expect(changed.status).toBe(200);
    expect((await admin.patch(`/api/v1/projects/${id}`, { name: 'Otra' }, { 'If-Match': etag })).status).toBe(412);
    const bad = await admin.patch(`/api/v1/projects/${id}`, { communeCode: '05109', contactPhone: '12' }, { 'If-Match': changed.headers.get('etag')! });
    expect([bad.status, bad.body.code]).toEqual([400, 'INVALID_COMMUNE']);
    const invalid = await admin.post('/api/v1/projects', projectBody({ name: '', contactEmail: 'no', deliveryDate: '2027-13' }));
    expect(invalid.status).toBe(400);
    expect(invalid.body.fieldErrors.map((f: { field: string }) => f.field).sort()).toEqual(expect.arrayContaining(['deliveryDate', 'name']));
    const after = await admin.get(`/api/v1/backoffice/projects/${id}`, at(changed));
    expect(after.body).toMatchObject({ name: 'Torre Leones', pricing: { bonusEnabled: true }, revision: 2 });
  });

  it('a unit held by a buyer cannot be disabled or repriced under them (409); other fields can change', async () => {
    const created = await createProject(admin, { name: 'Condominio El Alba' });
    const id = created.body.id;
    const unit = await admin.post(`/api/v1/projects/${id}/units`, unitBody({ unitNumber: '201' }));
    const enabled = await admin.post(`/api/v1/projects/${id}/enable`);
    const buyer = app.client();
    await buyer.login('usuario@demo.cl');
    const held = await buyer.post('/api/v1/reservations', { unitId: unit.body.id }, at(enabled));
    expect(held.status).toBe(201);
    const disable = await admin.post(`/api/v1/units/${unit.body.id}/disable`, { reason: 'Error de carga' });
    expect([disable.status, disable.body.code]).toEqual([409, 'UNIT_HELD_BY_BUYER']);
    expect(disable.body.message).toMatch(/comprador/);
    const row = (await admin.get(`/api/v1/backoffice/projects/${id}`, at(held))).body.units[0];
    expect(row).toMatchObject({ commercialStatus: 'in_process', revision: 1 });
    const reprice = await admin.patch(`/api/v1/units/${unit.body.id}`, { regularPrice: 3900 }, { 'If-Match': `W/"${row.revision}"` });
    expect([reprice.status, reprice.body.code]).toEqual([409, 'UNIT_HELD_BY_BUYER']);
    const orientation = await admin.patch(`/api/v1/units/${unit.body.id}`, { orientation: 'Nororiente' }, { 'If-Match': `W/"${row.revision}"` });
    expect(orientation.status).toBe(200);
  });
});

describe('online payment of a new project', () => {
  it('without a Webpay commerce code it is reserved through the sandbox, and the back office says the code is missing', async () => {
    const created = await createProject(admin, { name: 'Edificio Sin Comercio', webpayToken: null, reservationPaid: true });
    const id = created.body.id;
    const unit = await admin.post(`/api/v1/projects/${id}/units`, unitBody({ unitNumber: '301' }));
    const enabled = await admin.post(`/api/v1/projects/${id}/enable`);
    const back = await admin.get(`/api/v1/backoffice/projects/${id}`, at(enabled));
    expect(back.body.onlinePayment).toEqual({ gateway: 'sandbox', commerceCode: 'missing' });
    // A buyer of its own: a buyer holds one active reservation at a time, and the demo buyer holds one above.
    const buyer = await signedIn(app, (await createBuyers(app, 1))[0]);
    const held = await buyer.post('/api/v1/reservations', { unitId: unit.body.id }, at(enabled));
    expect([held.status, held.body.payment?.gateway]).toEqual([201, 'sandbox']);

    const coded = await admin.patch(`/api/v1/projects/${id}`, { webpayToken: '597012345678' }, { 'If-Match': back.headers.get('etag')! });
    expect((await admin.get(`/api/v1/backoffice/projects/${id}`, at(coded))).body.onlinePayment).toEqual({ gateway: 'sandbox', commerceCode: 'project' });
  });

  it('a project whose reservations the sales office arranges takes none online (409)', async () => {
    const created = await createProject(admin, { name: 'Edificio Sala de Ventas', reservationPaid: false });
    const unit = await admin.post(`/api/v1/projects/${created.body.id}/units`, unitBody({ unitNumber: '302' }));
    const enabled = await admin.post(`/api/v1/projects/${created.body.id}/enable`);
    const buyer = app.client();
    await buyer.login('usuario@demo.cl');
    const refused = await buyer.post('/api/v1/reservations', { unitId: unit.body.id }, at(enabled));
    expect([refused.status, refused.body.code]).toEqual([409, 'PROPERTY_NOT_AVAILABLE']);
  });
});

describe('the back-office projects list', () => {
  it('filters by region, commune, build status and asset type, and sorts by name either way', async () => {
    await createProject(admin, { name: 'Filtro Alfa', regionCode: '13', communeCode: '13120', buildStatus: 'WHITE_STATUS', assetType: 'house' });
    const last = await createProject(admin, {
      name: 'Filtro Beta',
      regionCode: '05',
      communeCode: '05109',
      city: 'Viña del Mar',
      buildStatus: 'WHITE_STATUS',
      assetType: 'office',
    });
    const names = async (query: string) =>
      (await admin.get(`/api/v1/backoffice/projects?search=Filtro&${query}`, at(last))).body.items.map((p: { name: string }) => p.name);
    expect(await names('regionCode=05')).toEqual(['Filtro Beta']);
    expect(await names('communeCode=13120')).toEqual(['Filtro Alfa']);
    expect(await names('buildStatus=WHITE_STATUS')).toEqual(['Filtro Alfa', 'Filtro Beta']);
    expect(await names('buildStatus=WHITE_STATUS&sort=-name')).toEqual(['Filtro Beta', 'Filtro Alfa']);
    expect(await names('assetType=office')).toEqual(['Filtro Beta']);
    const bad = await admin.get('/api/v1/backoffice/projects?sort=price');
    expect(bad.status).toBe(400);
  });
});

describe('company scoping: a real-estate company user runs only its own company’s catalogue', () => {
  it('creates, edits and lists its own projects; another company’s are 403 (writes) and 404 (reads)', async () => {
    const own = await createProject(company, { name: 'Jardines de Macul' });
    expect((await company.post('/api/v1/projects', projectBody({ realEstate: { companyId: otherRealEstate } }))).body.code).toBe('INSUFFICIENT_PERMISSIONS');
    const theirs = await createProject(admin, { name: 'Mar de Concón', realEstate: { companyId: otherRealEstate } });
    const patch = await company.patch(`/api/v1/projects/${theirs.body.id}`, { name: 'Otro nombre' }, { 'If-Match': 'W/"0"' });
    expect([patch.status, patch.body.code]).toEqual([403, 'INSUFFICIENT_PERMISSIONS']);
    expect((await company.post(`/api/v1/projects/${theirs.body.id}/units`, unitBody())).status).toBe(403);
    expect((await company.post(`/api/v1/projects/${theirs.body.id}/enable`)).status).toBe(403);
    expect(
      (await company.upload(`/api/v1/projects/${theirs.body.id}/images`, { category: 'cover' }, { name: 'a.png', type: 'image/png', bytes: await png(50, 50) }))
        .status,
    ).toBe(403);
    expect((await company.get(`/api/v1/backoffice/projects/${theirs.body.id}`, at(theirs))).status).toBe(404);
    const list = await company.get('/api/v1/backoffice/projects?perPage=100', at(theirs));
    const names = list.body.items.map((p: { name: string }) => p.name);
    expect(names).toContain('Jardines de Macul');
    expect(names).not.toContain('Mar de Concón');
    expect(list.body.items.every((p: { realEstate: { companyId: string } }) => p.realEstate.companyId === 'inmobiliaria-andes')).toBe(true);
    const staffList = await admin.get(`/api/v1/backoffice/projects?realEstateCompanyId=${otherRealEstate}`, at(own));
    expect(staffList.body.items.map((p: { name: string }) => p.name)).toEqual(['Mar de Concón']);
    expect((await company.put('/api/v1/projects/featured', { projectIds: [own.body.id] })).status).toBe(403);
  });

  it('buyers and collaborators never manage the catalogue', async () => {
    const buyer = app.client();
    await buyer.login('colaborador@demo.cl');
    expect((await buyer.post('/api/v1/projects', projectBody())).status).toBe(403);
    expect((await buyer.get('/api/v1/backoffice/projects')).status).toBe(403);
  });
});

describe('featured projects', () => {
  it('PUT sets the list and its order; GET answers the enabled ones in that order; unknown ids change nothing', async () => {
    const ids: string[] = [];
    let last: { headers: Headers } | null = null;
    for (const name of ['Destacado Uno', 'Destacado Dos', 'Destacado Tres']) {
      const created = await createProject(admin, { name });
      await admin.post(`/api/v1/projects/${created.body.id}/units`, unitBody());
      last = await admin.post(`/api/v1/projects/${created.body.id}/enable`);
      ids.push(created.body.id);
    }
    const set = await admin.put('/api/v1/projects/featured', { projectIds: [ids[2], ids[0]] }, at(last!));
    expect(set.status).toBe(200);
    const featured = await app.client().get('/api/v1/projects/featured', at(set));
    expect(featured.body.items.map((p: { name: string }) => p.name)).toEqual(['Destacado Tres', 'Destacado Uno']);
    const reordered = await admin.put('/api/v1/projects/featured', { projectIds: [ids[1], ids[2]] }, at(set));
    expect((await app.client().get('/api/v1/projects/featured', at(reordered))).body.items.map((p: { name: string }) => p.name)).toEqual([
      'Destacado Dos',
      'Destacado Tres',
    ]);
    const unknown = await admin.put('/api/v1/projects/featured', { projectIds: [ids[0], 'no-existe'] });
    expect(unknown.status).toBe(400);
    expect((await app.client().get('/api/v1/projects/featured', at(reordered))).body.items.map((p: { name: string }) => p.name)).toEqual([
      'Destacado Dos',
      'Destacado Tres',
    ]);
  });
});

describe('images', () => {
  let projectId: string;
  beforeAll(async () => {
    projectId = (await createProject(admin, { name: 'Galería Vitacura' })).body.id;
  });

  it('stores a picture checked by its content, with resized webp copies, served with nosniff and a sandboxing CSP', async () => {
    const uploaded = await admin.upload(
      `/api/v1/projects/${projectId}/images`,
      { category: 'gallery', primary: 'true' },
      { name: '../../etc/Fachada principal.png', type: 'image/png', bytes: await png() },
    );
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.url).toMatch(/^\/files\/catalog\/[0-9a-f-]{36}\.png$/);
    // Its size, read at upload, for pages to keep its room before it loads.
    expect([uploaded.body.width, uploaded.body.height]).toEqual([1200, 800]);
    const card = await app.client().bytes(uploaded.body.cardUrl);
    expect([card.status, card.headers.get('content-type')]).toEqual([200, 'image/webp']);
    expect((await sharp(card.bytes).metadata()).width).toBe(640);
    expect((await sharp((await app.client().bytes(uploaded.body.thumbUrl)).bytes).metadata()).width).toBe(240);
    const original = await app.client().bytes(uploaded.body.url);
    // A new upload is a new generated name: the file behind a URL never changes, browsers keep it for good.
    expect(original.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(original.headers.get('x-content-type-options')).toBe('nosniff');
    expect(original.headers.get('content-security-policy')).toContain("default-src 'none'");
    const project = await admin.get(`/api/v1/backoffice/projects/${projectId}`, at(uploaded));
    expect(project.body.images).toEqual([
      expect.objectContaining({ id: uploaded.body.id, name: 'Fachada principal', category: 'gallery', primary: true, order: 0, width: 1200, height: 800 }),
    ]);
  });

  it('sanitises an SVG: no script, no handler, no external reference', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 30" onload="alert(1)"><script>alert(2)</script><image href="https://evil.example/x.png"/><rect width="10" height="10" fill="#fff"/></svg>',
    );
    const uploaded = await admin.upload(`/api/v1/projects/${projectId}/images`, { category: 'cover' }, { name: 'logo.svg', type: 'image/svg+xml', bytes: svg });
    expect(uploaded.status).toBe(201);
    expect([uploaded.body.width, uploaded.body.height]).toEqual([40, 30]);
    const stored = (await app.client().bytes(uploaded.body.url)).bytes.toString('utf8');
    expect(stored).toContain('<rect');
    expect(stored).not.toMatch(/script|onload|evil\.example/);
  });

  it('refuses by content and size: 415 for a renamed file, 413 past 15 MB, 400 without a file or with a bad category', async () => {
    const renamed = await admin.upload(
      `/api/v1/projects/${projectId}/images`,
      { category: 'gallery' },
      { name: 'foto.png', type: 'image/png', bytes: Buffer.from('MZ\x90\x00 not an image at all') },
    );
    expect([renamed.status, renamed.body.code, renamed.body.fieldErrors[0].message]).toEqual([
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Tipo de archivo no permitido: use JPG, PNG, GIF, SVG o WEBP.',
    ]);
    const truncated = (await png(400, 400)).subarray(0, 60);
    const corrupt = await admin.upload(
      `/api/v1/projects/${projectId}/images`,
      { category: 'gallery' },
      { name: 'rota.png', type: 'image/png', bytes: truncated },
    );
    expect([corrupt.status, corrupt.body.fieldErrors[0].code]).toEqual([415, 'FILE_REJECTED']);
    const pdf = await admin.upload(`/api/v1/projects/${projectId}/images`, { category: 'gallery' }, { name: 'plano.pdf', type: 'application/pdf', bytes: PDF });
    expect(pdf.status).toBe(415);
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(15 * 1024 * 1024 + 10)]);
    const tooBig = await admin.upload(`/api/v1/projects/${projectId}/images`, { category: 'gallery' }, { name: 'grande.png', type: 'image/png', bytes: big });
    expect([tooBig.status, tooBig.body.fieldErrors[0].message]).toEqual([413, 'El archivo supera el máximo de 15 MB.']);
    expect((await admin.upload(`/api/v1/projects/${projectId}/images`, { category: 'gallery' })).status).toBe(400);
    const category = await admin.upload(
      `/api/v1/projects/${projectId}/images`,
      { category: 'poster' },
      { name: 'a.png', type: 'image/png', bytes: await png(20, 20) },
    );
    expect([category.status, category.body.fieldErrors[0].field]).toEqual([400, 'category']);
  });

  it('bulk pictures: JPG or PNG up to 10 MB each, in the order chosen; a damaged or foreign file refuses the whole batch', async () => {
    const jpeg = await sharp({ create: { width: 500, height: 300, channels: 3, background: { r: 10, g: 160, b: 90 } } })
      .jpeg()
      .toBuffer();
    const count = async () =>
      (await admin.get(`/api/v1/backoffice/projects/${projectId}`)).body.images.filter((i: { category: string }) => i.category === 'project').length;
    const batch = await admin.uploadMany(`/api/v1/projects/${projectId}/images/bulk`, { category: 'project' }, [
      { name: 'Lobby.png', type: 'image/png', bytes: await png(400, 300) },
      { name: 'Quincho.jpg', type: 'image/jpeg', bytes: jpeg },
    ]);
    expect(batch.status).toBe(201);
    expect(batch.body.items.map((i: { name: string }) => i.name)).toEqual(['Lobby', 'Quincho']);
    const after = await admin.get(`/api/v1/backoffice/projects/${projectId}`, at(batch));
    expect(after.body.images.filter((i: { category: string }) => i.category === 'project').map((i: { name: string }) => i.name)).toEqual(['Lobby', 'Quincho']);
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const foreign = await admin.uploadMany(`/api/v1/projects/${projectId}/images/bulk`, { category: 'project' }, [
      { name: 'a.png', type: 'image/png', bytes: await png(50, 50) },
      { name: 'b.gif', type: 'image/gif', bytes: gif },
    ]);
    expect([foreign.status, foreign.body.fieldErrors[0].message]).toEqual([415, 'Tipo de archivo no permitido: use JPG o PNG.']);
    const damaged = await admin.uploadMany(`/api/v1/projects/${projectId}/images/bulk`, { category: 'project' }, [
      { name: 'a.png', type: 'image/png', bytes: await png(50, 50) },
      { name: 'rota.png', type: 'image/png', bytes: (await png(300, 300)).subarray(0, 70) },
    ]);
    expect([damaged.status, damaged.body.fieldErrors[0].code]).toEqual([415, 'FILE_REJECTED']);
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    expect(
      (await admin.uploadMany(`/api/v1/projects/${projectId}/images/bulk`, { category: 'project' }, [{ name: 'g.png', type: 'image/png', bytes: big }])).status,
    ).toBe(413);
    expect(await count()).toBe(2);
  });

  it('one primary per category, order by drag and drop, removal deletes the files', async () => {
    const add = async (name: string) =>
      (
        await admin.upload(
          `/api/v1/projects/${projectId}/images`,
          { category: 'additional', name },
          { name: `${name}.png`, type: 'image/png', bytes: await png(300, 200) },
        )
      ).body;
    const [a, b, c] = [await add('A'), await add('B'), await add('C')];
    await admin.patch(`/api/v1/projects/${projectId}/images/${a.id}`, { primary: true });
    const moved = await admin.patch(`/api/v1/projects/${projectId}/images/${c.id}`, { order: 0, primary: true });
    expect(moved.status).toBe(200);
    const images = (await admin.get(`/api/v1/backoffice/projects/${projectId}`, at(moved))).body.images.filter(
      (i: { category: string }) => i.category === 'additional',
    );
    expect(images.map((i: { name: string; primary: boolean }) => [i.name, i.primary])).toEqual([
      ['C', true],
      ['A', false],
      ['B', false],
    ]);
    const removed = await admin.delete(`/api/v1/projects/${projectId}/images/${b.id}`);
    expect(removed.status).toBe(200);
    expect((await app.client().bytes(b.url)).status).toBe(404);
    expect((await app.client().bytes(b.cardUrl)).status).toBe(404);
    expect((await admin.delete(`/api/v1/projects/${projectId}/images/${b.id}`)).status).toBe(404);
  });
});

describe('floor plans', () => {
  it('templates per typology and model, a unit’s own plan overriding its template', async () => {
    const created = await createProject(admin, { name: 'Planos Providencia' });
    const id = created.body.id;
    const [u1, u2] = [
      await admin.post(`/api/v1/projects/${id}/units`, unitBody({ unitNumber: '301' })),
      await admin.post(`/api/v1/projects/${id}/units`, unitBody({ unitNumber: '302' })),
    ];
    const templates = await admin.uploadMany(`/api/v1/projects/${id}/floor-plans`, { typology: '2D2B', model: 'A', primary: 'true' }, [
      { name: 'planta-a.pdf', type: 'application/pdf', bytes: PDF },
      { name: 'planta-a-alt.png', type: 'image/png', bytes: await png(400, 300) },
    ]);
    expect(templates.status).toBe(201);
    expect(templates.body.items).toHaveLength(2);
    const custom = await admin.uploadMany(
      `/api/v1/projects/${id}/floor-plans`,
      { typology: '2D2B', model: 'A', unitId: [u2.body.id], name: 'Planta 302 con terraza' },
      [{ name: 'p302.png', type: 'image/png', bytes: await png(400, 300) }],
    );
    expect(custom.status).toBe(201);
    const enabled = await admin.post(`/api/v1/projects/${id}/enable`);
    const units = (await app.client().get(`/api/v1/projects/${id}/units`, at(enabled))).body.items;
    const plan = (n: string) => units.find((u: { unitNumber: string }) => u.unitNumber === n).floorPlan;
    expect(plan('301')).toMatchObject({ customized: false, name: 'planta-a' });
    expect(plan('302')).toMatchObject({ customized: true, name: 'Planta 302 con terraza' });
    const otherUnit = await admin.uploadMany(`/api/v1/projects/${id}/floor-plans`, { typology: '2D2B', unitId: 'no-such-unit' }, [
      { name: 'x.pdf', type: 'application/pdf', bytes: PDF },
    ]);
    expect([otherUnit.status, otherUnit.body.fieldErrors[0].message]).toEqual([400, 'Unidad no encontrada o sin permisos.']);
    const svg = await admin.uploadMany(`/api/v1/projects/${id}/floor-plans`, { typology: '2D2B' }, [
      { name: 'x.svg', type: 'image/svg+xml', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
    ]);
    expect(svg.status).toBe(415);
    const removed = await admin.delete(`/api/v1/projects/${id}/floor-plans/${templates.body.items[0].id}`);
    expect(removed.status).toBe(200);
    expect((await app.client().bytes(templates.body.items[0].url)).status).toBe(404);
    expect(u1.status).toBe(201);
  });

  it('files no project references are swept once past the grace period; referenced and fresh files stay', async () => {
    const created = await createProject(admin, { name: 'Barrido Ñuñoa' });
    const id = created.body.id;
    const [u1, u2] = [
      await admin.post(`/api/v1/projects/${id}/units`, unitBody({ unitNumber: '11' })),
      await admin.post(`/api/v1/projects/${id}/units`, unitBody({ unitNumber: '12' })),
    ];
    const image = (
      await admin.upload(`/api/v1/projects/${id}/images`, { category: 'gallery' }, { name: 'f.png', type: 'image/png', bytes: await png(300, 200) })
    ).body;
    // One file shared by two units' own plans: removing one unit's plan keeps it, removing both frees it.
    const shared = await admin.uploadMany(`/api/v1/projects/${id}/floor-plans`, { typology: '2D2B', unitId: [u1.body.id, u2.body.id] }, [
      { name: 'p.pdf', type: 'application/pdf', bytes: PDF },
    ]);
    expect(shared.status).toBe(201);
    const sharedRef = shared.body.items[0].url.replace(/^\/files\//, '');
    const last = await admin.delete(`/api/v1/projects/${id}/unit-floor-plans/${u1.body.id}`);
    expect(last.status).toBe(200);
    const dir = path.join(app.dataDir, 'files', 'catalog');
    const old = new Date(Date.now() - 3 * 60 * 60 * 1000);
    const orphan = (name: string, age: Date | null) => {
      fs.writeFileSync(path.join(dir, name), 'x');
      if (age) fs.utimesSync(path.join(dir, name), age, age);
      return `catalog/${name}`;
    };
    const stale = orphan('11111111-1111-4111-8111-111111111111.png', old);
    const cut = orphan('22222222-2222-4222-8222-222222222222.png.part', old);
    const fresh = orphan('33333333-3333-4333-8333-333333333333.png', null);
    const referenced = [image.url, image.cardUrl, image.thumbUrl].map((u: string) => u.replace(/^\/files\//, ''));
    for (const ref of [...referenced, sharedRef]) fs.utimesSync(path.join(app.dataDir, 'files', ref), old, old);
    await admin.get(`/api/v1/backoffice/projects/${id}`, at(last));

    expect((await app.platform.fileSweep.sweep()).sort()).toEqual([stale, cut].sort());
    for (const ref of [...referenced, sharedRef, fresh]) expect(fs.existsSync(path.join(app.dataDir, 'files', ref))).toBe(true);

    const freed = await admin.delete(`/api/v1/projects/${id}/unit-floor-plans/${u2.body.id}`);
    await admin.get(`/api/v1/backoffice/projects/${id}`, at(freed));
    expect(await app.platform.fileSweep.sweep()).toEqual([sharedRef]);
    expect((await app.client().bytes(image.thumbUrl)).status).toBe(200);
  });

  it('registration documents are not served under /files', async () => {
    expect((await app.client().bytes('/files/registrations/00000000-0000-0000-0000-000000000000.pdf')).status).toBe(404);
  });
});
