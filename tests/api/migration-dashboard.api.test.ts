import { startTestApp, type TestApp } from '../support/test-app';
import { eventually } from '../support/eventually';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ DEMO_CATALOGUE: 'off' });
});
afterAll(() => app.stop());

type Status = {
  head: number;
  items: { name: string; position: number; lag: number; rebuilding: unknown; lastRebuild: { position?: number; error?: string } | null }[];
};

describe('migration dashboard', () => {
  it('lists every read model with its position and lag behind the event store', async () => {
    const admin = app.client();
    await admin.login('superadmin@demo.cl');
    const res = await admin.get<Status>('/api/v1/admin/projections/status');
    expect(res.status).toBe(200);
    const names = (await admin.get('/api/v1/admin/projections')).body.items;
    expect(res.body.items.map((p) => p.name)).toEqual(names);
    const users = res.body.items.find((p) => p.name === 'users')!;
    expect(users.position).toBeGreaterThan(0);
    expect(users.lag).toBe(res.body.head - users.position);
    expect(users.lag).toBeGreaterThanOrEqual(0);
  });

  it('starts a blue-green rebuild at once (202), refuses a second while it runs, and reports it finished', async () => {
    const admin = app.client();
    await admin.login('superadmin@demo.cl');
    const started = await admin.post('/api/v1/admin/projections/users/rebuilds', {});
    expect([started.status, started.body]).toEqual([202, { name: 'users', started: true }]);
    const again = await admin.post('/api/v1/admin/projections/users/rebuilds', {});
    // Either still running (409) or already done (202): never two at once.
    expect([202, 409]).toContain(again.status);
    // Followed as the dashboard follows it: asking the status until the rebuild reports its end (bounded).
    const users = await eventually(
      async () => (await admin.get<Status>('/api/v1/admin/projections/status')).body.items.find((p) => p.name === 'users'),
      (found) => !!found && !found.rebuilding && !!found.lastRebuild,
      { timeoutMs: 20_000, what: 'the rebuild of users to end' },
    );
    expect(users?.rebuilding).toBeNull();
    expect(users?.lastRebuild?.position).toBeGreaterThan(0);
    const list = await admin.get('/api/v1/users?perPage=5');
    expect(list.body.items.length).toBeGreaterThan(0);
    expect((await admin.post('/api/v1/admin/projections/toString/rebuilds', {})).status).toBe(404);
  });

  it('is for those who manage projections only', async () => {
    const admin = app.client();
    await admin.login('admin@demo.cl');
    expect((await admin.get('/api/v1/admin/projections/status')).status).toBe(403);
  });
});
