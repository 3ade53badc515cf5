import { allRoutes } from '../../adapters/http/app';
import type { HttpDeps } from '../../adapters/http/deps';
import { DEMO_ACCOUNTS } from '../../adapters/seed/demo-accounts';
import { hasPermission, type Permission } from '../../domain/access/permissions';
import type { ApiClient } from '../support/api-client';
import { startTestApp, type TestApp } from '../support/test-app';

/** The route list is data: every protected route is walked for every demo role. */
const routes = allRoutes({} as HttpDeps).filter((r) => r.access !== 'public');
const concretePath = (path: string) => `/api/v1${path.replace(':id', '00000000-0000-4000-8000-000000000000').replace(':name', 'inexistente')}`;

let app: TestApp;
const clients = new Map<string, ApiClient>();
beforeAll(async () => {
  app = await startTestApp({ DEMO_CATALOGUE: 'off' });
  for (const account of DEMO_ACCOUNTS) {
    const c = app.client();
    await c.login(account.email);
    clients.set(account.email, c);
  }
});
afterAll(() => app.stop());

describe('RBAC matrix, route by route', () => {
  it('declares an access rule on every route', () => {
    expect(routes.length).toBeGreaterThan(10);
    for (const r of allRoutes({} as HttpDeps)) expect(r.access).toBeTruthy();
  });

  it.each(routes.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const))('%s refuses anonymous callers with 401', async (_name, r) => {
    const res = await app.client().request(r.method.toUpperCase(), concretePath(r.path), r.body ? {} : undefined);
    expect(res.status).toBe(401);
  });

  it.each(routes.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const))('%s lets in exactly the roles holding its permission', async (_name, r) => {
    for (const account of DEMO_ACCOUNTS) {
      const allowed = r.access === 'authenticated' || hasPermission([...account.roles], r.access as Permission);
      const res = await clients.get(account.email)!.request(r.method.toUpperCase(), concretePath(r.path), r.body ? {} : undefined);
      if (allowed) expect([account.email, res.status]).not.toEqual([account.email, 403]);
      else expect([account.email, res.status, res.body.code]).toEqual([account.email, 403, r.method === 'get' ? 'FORBIDDEN' : 'INSUFFICIENT_PERMISSIONS']);
      expect(res.status).not.toBe(401);
      expect(res.status).toBeLessThan(500);
    }
  });
});
