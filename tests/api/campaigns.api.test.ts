import { CompanyMembershipService } from '../../application/companies/company-membership-service';
import { foldStream, handleCommand } from '../../kernel/command-handling/handle-command';
import type { EventStore } from '../../kernel/ports/event-store';
import { TOKENS } from '../../kernel/ports/tokens';
import { identityClaimDecider, identityClaimStream } from '../../domain/accounts/identity-claim';
import { campaignStream } from '../../domain/campaigns/campaign';
import { campaignDecider } from '../../domain/campaigns/campaign.decide';
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
    const { TOKENS } = await import('../../kernel/ports/tokens');
    const events = app.platform.container.get<import('../../kernel/ports/event-store').EventStore>(TOKENS.EventStore);
    await app.settled();
    const head = await events.headPosition();
    await seedDemoCampaigns(events);
    expect(await events.headPosition()).toBe(head);
    expect(before.status).toBe(200);
  });
});

describe("a company user sees its own company's campaigns only", () => {
  const meta = { now: new Date(), actorId: 'test', actorRoles: ['admin'], correlationId: 'campaign-scope-test' };
  const ids = (res: { body: { items: { id: string }[] } }) => res.body.items.map((c) => c.id).sort();

  it('empresa@demo.cl, member of Inmobiliaria Andes by the seed, sees Andes campaigns and nothing of Banco Andino or Retail Austral', async () => {
    const events = app.platform.container.get<EventStore>(TOKENS.EventStore);
    const created = await handleCommand(
      events,
      campaignStream('andes-ventas-2026'),
      campaignDecider,
      {
        type: 'CreateCampaign',
        campaignId: 'andes-ventas-2026',
        companyId: 'inmobiliaria-andes',
        name: 'Ventas Andes 2026',
        description: 'Campaña de la inmobiliaria',
        startDate: '2026-03-01',
        endDate: null,
        autoEnrollment: false,
        selfEnrollmentByRut: false,
      },
      meta,
    );
    const at = { 'x-min-position': String(created.position) };
    const company = app.client();
    await company.login('empresa@demo.cl');
    expect(ids(await company.get('/api/v1/campaigns', at))).toEqual(['andes-ventas-2026']);
    // Asking for another company's campaigns finds nothing: the server scopes, not the client.
    const other = await company.get('/api/v1/campaigns?companyId=banco-andino', at);
    expect([other.status, other.body.items]).toEqual([200, []]);
    expect(ids(await company.get('/api/v1/campaigns?companyId=inmobiliaria-andes', at))).toEqual(['andes-ventas-2026']);

    const admin = app.client();
    await admin.login('admin@demo.cl');
    expect(ids(await admin.get('/api/v1/campaigns', at))).toEqual(['andes-ventas-2026', 'retail-austral-2027', 'vivienda-banco-andino-2026']);
  });

  it('a revoked membership hides the company at once; a company user without a company sees none', async () => {
    const events = app.platform.container.get<EventStore>(TOKENS.EventStore);
    const userId = foldStream(identityClaimDecider, await events.readStream(identityClaimStream('email', 'empresa@demo.cl'))).ownerId!;
    const memberships = new CompanyMembershipService(events);
    expect(await memberships.companyOf(userId)).toBe('inmobiliaria-andes');
    const company = app.client();
    await company.login('empresa@demo.cl');
    await memberships.revoke(userId, 'inmobiliaria-andes', meta);
    try {
      expect((await company.get('/api/v1/campaigns')).body.items).toEqual([]);
      await memberships.grant(userId, 'banco-andino', meta);
      expect(ids(await company.get('/api/v1/campaigns'))).toEqual(['vivienda-banco-andino-2026']);
      await memberships.revoke(userId, 'banco-andino', meta);
    } finally {
      await memberships.grant(userId, 'inmobiliaria-andes', meta);
    }
  });
});
