import { startTestApp, type TestApp } from '../support/test-app';
import type { ApiClient } from '../support/api-client';
import { ACCESS } from '../../application/access/access.tokens';
import { resolve } from '../../kernel/ports/token';
import { DomainError } from '../../domain/shared/errors';

/** Issue 7, item 1: one hierarchy for every action on another user's account, and never no super-admin. */
let app: TestApp;
let admin: ApiClient;
let root: ApiClient;
beforeAll(async () => {
  app = await startTestApp({ DEMO_CATALOGUE: 'off' });
  admin = app.client();
  await admin.login('admin@demo.cl');
  root = app.client();
  await root.login('superadmin@demo.cl');
});
afterAll(() => app.stop());

const idOf = async (email: string): Promise<string> => {
  const list = await root.get(`/api/v1/users?search=${encodeURIComponent(email)}`);
  return list.body.items.find((u: { email: string }) => u.email === email).id;
};
const seen = async (c: ApiClient, id: string) => ({ 'if-match': (await c.get(`/api/v1/users/${id}`)).headers.get('etag')! });
const disable = (c: ApiClient, id: string) => c.post(`/api/v1/users/${id}/disable`, { reason: 'Prueba de jerarquía' });
const enable = (c: ApiClient, id: string) => c.post(`/api/v1/users/${id}/enable`, {});

describe('disable and enable follow the role hierarchy', () => {
  it('an admin can disable neither the super-admin nor itself: 403, and both still sign in', async () => {
    const superId = await idOf('superadmin@demo.cl');
    const adminId = await idOf('admin@demo.cl');
    for (const res of [await disable(admin, superId), await disable(admin, adminId)]) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'INSUFFICIENT_PERMISSIONS', message: 'No tiene permisos para realizar esta acción.' });
    }
    expect((await app.client().post('/api/v1/auth/cookie/login', { email: 'superadmin@demo.cl', password: 'Demo2026!' })).status).toBe(200);
    expect((await admin.get('/api/v1/users')).status).toBe(200);
  });

  it('an admin disables and enables a lower account (an advisor)', async () => {
    const advisorId = await idOf('asesor@demo.cl');
    expect((await disable(admin, advisorId)).status).toBe(200);
    expect((await app.client().post('/api/v1/auth/cookie/login', { email: 'asesor@demo.cl', password: 'Demo2026!' })).body.code).toBe('ACCOUNT_DISABLED');
    expect((await enable(admin, advisorId)).status).toBe(200);
    expect((await app.client().post('/api/v1/auth/cookie/login', { email: 'asesor@demo.cl', password: 'Demo2026!' })).status).toBe(200);
  });

  it('the detail shows the new status at once, even to a client revalidating with the ETag it holds', async () => {
    // The ETag is the roles revision (for If-Match); disabling does not move it, so a 304 would show "active".
    const advisorId = await idOf('asesor@demo.cl');
    const before = await admin.get(`/api/v1/users/${advisorId}`);
    expect(before.headers.get('cache-control')).toBe('no-store');
    const disabled = await disable(admin, advisorId);
    const after = await admin.get(`/api/v1/users/${advisorId}`, {
      'if-none-match': before.headers.get('etag')!,
      'x-min-position': disabled.headers.get('x-event-position')!,
    });
    expect(after.status).toBe(200);
    expect(after.body.status).toBe('disabled');
    expect((await enable(admin, advisorId)).status).toBe(200);
  });

  it('an admin cannot disable or enable an account of its own level (another admin)', async () => {
    const peerId = await idOf('empresa@demo.cl');
    expect((await root.put(`/api/v1/users/${peerId}/roles`, { roles: ['admin'], reason: 'Par del administrador' }, await seen(root, peerId))).status).toBe(200);
    expect((await disable(admin, peerId)).status).toBe(403);
    expect((await disable(root, peerId)).status).toBe(200);
    expect((await enable(admin, peerId)).status).toBe(403);
    expect((await enable(root, peerId)).status).toBe(200);
    expect((await root.put(`/api/v1/users/${peerId}/roles`, { roles: ['company'], reason: 'Vuelve a empresa' }, await seen(root, peerId))).status).toBe(200);
  });

  it('nobody disables their own account, not even a super-admin', async () => {
    const superId = await idOf('superadmin@demo.cl');
    expect((await disable(root, superId)).status).toBe(403);
  });

  it('an admin cannot change its own roles', async () => {
    const adminId = await idOf('admin@demo.cl');
    expect(
      (await admin.put(`/api/v1/users/${adminId}/roles`, { roles: ['admin', 'advisor'], reason: 'Me asigno asesor' }, await seen(admin, adminId))).status,
    ).toBe(403);
  });
});

describe('the platform always keeps an enabled super-admin', () => {
  // Sequentially the hierarchy already protects the last one: only an enabled super-admin acts on a
  // super-admin, and never on its own account. What is left is the race: two super-admins, each
  // authenticated before the other's change is written, take the super-admin role from each other.
  const metaOf = (actorId: string) => ({ now: new Date(), actorId, actorRoles: ['super-admin'], correlationId: `race-${actorId}` });

  it('two super-admins demoting each other, both authenticated before either wrote: the second is refused (422)', async () => {
    const superId = await idOf('superadmin@demo.cl');
    const secondId = await idOf('auditor@demo.cl');
    expect(
      (await root.put(`/api/v1/users/${secondId}/roles`, { roles: ['super-admin'], reason: 'Segundo súper administrador' }, await seen(root, secondId))).status,
    ).toBe(200);
    const roles = resolve(app.platform.container, ACCESS.Roles);
    await roles.changeRoles(secondId, ['user'], 'Carrera', undefined, metaOf(superId));
    const refused = await roles.changeRoles(superId, ['user'], 'Carrera', undefined, metaOf(secondId)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: 'BUSINESS_RULE_VIOLATION', fieldErrors: [{ code: 'LAST_SUPER_ADMIN' }] });
    const stillRoot = app.client();
    await stillRoot.login('superadmin@demo.cl');
    expect((await stillRoot.get('/api/v1/users')).status).toBe(200);
  });

  it('the same with disable, and over HTTP the answer is the spec error object', async () => {
    const superId = await idOf('superadmin@demo.cl');
    const secondId = await idOf('colaborador@demo.cl');
    const fresh = app.client();
    await fresh.login('superadmin@demo.cl');
    expect(
      (await fresh.put(`/api/v1/users/${secondId}/roles`, { roles: ['super-admin'], reason: 'Otro súper administrador' }, await seen(fresh, secondId))).status,
    ).toBe(200);
    const second = app.client();
    await second.login('colaborador@demo.cl');
    const roles = resolve(app.platform.container, ACCESS.Roles);
    await roles.disable(secondId, 'Carrera', metaOf(superId));
    await expect(roles.disable(superId, 'Carrera', metaOf(secondId))).rejects.toMatchObject({ code: 'BUSINESS_RULE_VIOLATION' });
    // Over HTTP, concurrently: exactly one of two opposing changes goes through, whichever path refuses the other.
    await roles.enable(secondId, metaOf(superId));
    const again = app.client();
    await again.login('colaborador@demo.cl');
    const [a, b] = await Promise.all([disable(fresh, secondId), disable(again, superId)]);
    expect([a.status, b.status].filter((s) => s === 200)).toHaveLength(1);
    const loser = a.status === 200 ? b : a;
    expect([401, 403, 422]).toContain(loser.status); // 401: its session ended with its account
    if (loser.status === 422)
      expect(loser.body).toMatchObject({
        code: 'BUSINESS_RULE_VIOLATION',
        fieldErrors: [{ message: 'La plataforma debe conservar al menos un súper administrador habilitado.' }],
      });
  });
});
