import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ DEMO_CATALOGUE: 'off' });
});
afterAll(() => app.stop());

describe('demo campaigns of partner companies', () => {
  it('lists the campaigns with their status and enrolled collaborators', async () => {
    const admin = app.client();
    await admin.login('admin@demo.cl');
    const res = await admin.get('/api/v1/campaigns', { 'x-min-position': '1' });
    expect(res.status).toBe(200);
    const byId = Object.fromEntries(res.body.items.map((c: { id: string }) => [c.id, c]));
    expect(byId['vivienda-banco-andino-2026']).toMatchObject({ status: 'active', companyId: 'banco-andino', autoEnrollment: true, enrolledCount: 13 });
    expect(byId['retail-austral-2027']).toMatchObject({ status: 'draft', selfEnrollmentByRut: true, enrolledCount: 0 });
    const drafts = await admin.get('/api/v1/campaigns?status=draft');
    expect(drafts.body.items.map((c: { id: string }) => c.id)).toEqual(['retail-austral-2027']);
  });

  it('a restart seeds nothing twice', async () => {
    const before = await app.client().get('/api/v1/health');
    const { seedDemoCampaigns } = await import('../../adapters/seed/demo-seed');
    const { TOKENS } = await import('../../application/ports/tokens');
    const events = app.platform.container.get<import('../../application/ports/event-store').EventStore>(TOKENS.EventStore);
    const head = await events.headPosition();
    await seedDemoCampaigns(events);
    expect(await events.headPosition()).toBe(head);
    expect(before.status).toBe(200);
  });
});
