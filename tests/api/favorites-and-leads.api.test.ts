import { startTestApp, type TestApp } from '../support/test-app';
import { readModelsCaughtUp } from '../support/buyers';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  await readModelsCaughtUp(app);
});
afterAll(() => app.stop());

describe('favorites', () => {
  it('adds, lists (as catalogue cards, newest first), removes; adding twice is one favourite', async () => {
    const buyer = app.client();
    await buyer.login('usuario@demo.cl');
    expect((await buyer.post('/api/v1/favorites', { projectId: 'parque-nunoa' })).status).toBe(200);
    expect((await buyer.post('/api/v1/favorites', { projectId: 'costanera-vina' })).status).toBe(200);
    const again = await buyer.post('/api/v1/favorites', { projectId: 'parque-nunoa' });
    expect(again.body).toEqual({ projectId: 'parque-nunoa', favorite: true });
    await readModelsCaughtUp(app);
    const list = (await buyer.get('/api/v1/favorites')).body;
    expect(list.items.map((i: { id: string }) => i.id)).toEqual(['costanera-vina', 'parque-nunoa']);
    expect(list.items[0]).toMatchObject({ name: 'Costanera Viña del Mar', priceFromUF: expect.any(Number), favoritedAt: expect.any(String) });
    const removed = await buyer.request('DELETE', '/api/v1/favorites/costanera-vina');
    expect(removed.body).toEqual({ projectId: 'costanera-vina', favorite: false });
    await readModelsCaughtUp(app);
    expect((await buyer.get('/api/v1/favorites')).body.projectIds).toEqual(['parque-nunoa']);
  });

  it('refuses a project that does not exist or is hidden, and someone without the permission', async () => {
    const buyer = app.client();
    await buyer.login('colaborador@demo.cl');
    expect((await buyer.post('/api/v1/favorites', { projectId: 'no-existe' })).status).toBe(404);
    expect((await buyer.post('/api/v1/favorites', { projectId: 'estacion-central-living' })).status).toBe(404);
    const auditor = app.client();
    await auditor.login('auditor@demo.cl');
    expect((await auditor.get('/api/v1/favorites')).status).toBe(403);
    expect((await app.client().get('/api/v1/favorites')).status).toBe(401);
  });
});

describe('contact and advisor requests (spec §5) become leads', () => {
  const request = (overrides: Record<string, unknown> = {}) => ({
    name: 'Paula Soto',
    email: 'paula.soto@gmail.com',
    phone: '+56 9 8765 4321',
    preferredContactMethod: 'both',
    preferredTime: 'afternoon',
    termsAccepted: true,
    message: 'Me interesa un 2D2B.',
    projectId: 'parque-nunoa',
    ...overrides,
  });

  it('validates the modal: name ≥ 2, valid email, phone ≥ 9 digits, method, time, terms', async () => {
    const res = await app.client().post('/api/v1/contact-requests', {
      name: 'P',
      email: 'no-email',
      phone: '12345',
      preferredContactMethod: 'fax',
      preferredTime: 'midnight',
      termsAccepted: false,
    });
    expect(res.status).toBe(400);
    const codes = Object.fromEntries(res.body.fieldErrors.map((f: { field: string; code: string }) => [f.field, f.code]));
    expect(codes).toEqual({
      name: 'MIN_LENGTH',
      email: 'INVALID_EMAIL',
      phone: 'MIN_LENGTH',
      preferredContactMethod: 'INVALID_VALUE',
      preferredTime: 'INVALID_VALUE',
      termsAccepted: 'TERMS_REQUIRED',
    });
    const phone = await app.client().post('/api/v1/contact-requests', request({ phone: '1234567890' }));
    expect(phone.body.fieldErrors).toEqual([
      { field: 'phone', code: 'INVALID_CHILEAN_PHONE', message: 'Ingrese un número de teléfono chileno válido (ej: +56 9 1234 5678).' },
    ]);
    const missing = await app.client().post('/api/v1/contact-requests', { name: 'Paula' });
    expect(missing.body.fieldErrors.map((f: { field: string }) => f.field).sort()).toEqual([
      'email',
      'phone',
      'preferredContactMethod',
      'preferredTime',
      'termsAccepted',
    ]);
  });

  it('an anonymous contact request creates a lead; an advisor request adds to the same lead', async () => {
    const res = await app.client().post('/api/v1/contact-requests', request());
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: 'Recibimos su solicitud. Un asesor lo contactará dentro de las próximas 24 horas.' });
    expect((await app.client().post('/api/v1/contact-requests', request({ kind: 'advisor', preferredTime: 'morning', monthlyIncome: 2_400_000 }))).status).toBe(
      201,
    );
    await readModelsCaughtUp(app);
    // The list is the back office's (an advisor sees only the leads assigned to them: leads-workflow.api.test.ts).
    const advisor = app.client();
    await advisor.login('admin@demo.cl');
    const leads = await advisor.get('/api/v1/leads?search=paula.soto');
    expect(leads.body.total).toBe(1);
    expect(leads.body.items[0]).toMatchObject({
      name: 'Paula Soto',
      email: 'paula.soto@gmail.com',
      phone: '+56987654321',
      status: 'unfinished',
      source: 'contact_request',
      contactRequests: 2,
      monthlyIncome: 2_400_000,
      projectIds: ['parque-nunoa'],
      score: expect.any(Number),
      preApproved: false,
      websiteVisits: 0,
      documentsDownloaded: 0,
      chatMessages: 0,
    });
    const detail = await advisor.get(`/api/v1/leads/${leads.body.items[0].id}`);
    expect(detail.body.activities.map((a: { kind: string; preferredTime: string }) => [a.kind, a.preferredTime])).toEqual([
      ['contact_request', 'afternoon'],
      ['advisor_request', 'morning'],
    ]);
    expect((await advisor.get('/api/v1/leads?status=unfinished&source=contact_request')).body.total).toBeGreaterThanOrEqual(1);
    const buyer = app.client();
    await buyer.login('usuario@demo.cl');
    expect((await buyer.get('/api/v1/leads')).status).toBe(403);
  });
});
