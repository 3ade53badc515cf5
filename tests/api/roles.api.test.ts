import { startTestApp, type TestApp } from '../support/test-app';
import type { ApiClient } from '../support/api-client';

let app: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  app = await startTestApp({ DEMO_CATALOGUE: 'off' });
  admin = app.client();
  await admin.login('admin@demo.cl');
});
afterAll(() => app.stop());

const findUser = async (c: ApiClient, email: string) => {
  const list = await c.get(`/api/v1/users?search=${encodeURIComponent(email)}`);
  return list.body.items.find((u: { email: string }) => u.email === email);
};

/** The roles revision the client saw, for If-Match. */
const seen = async (c: ApiClient, id: string) => ({ 'if-match': (await c.get(`/api/v1/users/${id}`)).headers.get('etag')! });

describe('role management with an immutable history', () => {
  it('an admin assigns a role with If-Match; the history shows who, when, why, before and after', async () => {
    const target = await findUser(admin, 'usuario@demo.cl');
    const detail = await admin.get(`/api/v1/users/${target.id}`);
    const tag = detail.headers.get('etag')!;
    expect(tag).toMatch(/^W\/"\d+"$/);

    const changed = await admin.put(
      `/api/v1/users/${target.id}/roles`,
      { roles: ['user', 'collaborator'], reason: 'Se incorpora como colaborador' },
      { 'if-match': tag },
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ roles: ['collaborator', 'user'] });
    const position = changed.headers.get('x-event-position')!;

    // Read-your-writes: the history is queried at the command's position and already shows it.
    const history = await admin.get(`/api/v1/users/${target.id}/role-history`, { 'x-min-position': position });
    expect(history.body.items[0]).toMatchObject({
      userId: target.id,
      changeType: 'added',
      previousRoles: ['user'],
      newRoles: ['collaborator', 'user'],
      reason: 'Se incorpora como colaborador',
      modifiedBy: { name: 'Andrés Muñoz', email: 'admin@demo.cl' },
      occurredAt: expect.any(String),
    });
    const user = await admin.get(`/api/v1/users/${target.id}`, { 'x-min-position': position });
    expect(user.body.roles).toEqual(['collaborator', 'user']);

    // The same stale tag again is refused: somebody (we) changed the roles since.
    const stale = await admin.put(`/api/v1/users/${target.id}/roles`, { roles: ['user'], reason: 'Revertir' }, { 'if-match': tag });
    expect(stale.status).toBe(412);
    expect(stale.body.code).toBe('PRECONDITION_FAILED');
  });

  it('a role change without If-Match is refused: 428 PRECONDITION_REQUIRED, nothing recorded', async () => {
    const target = await findUser(admin, 'usuario@demo.cl');
    const before = await admin.get(`/api/v1/users/${target.id}`);
    const res = await admin.put(`/api/v1/users/${target.id}/roles`, { roles: ['user', 'advisor'], reason: 'Sin versión' });
    expect(res.status).toBe(428);
    expect(res.body).toMatchObject({ code: 'PRECONDITION_REQUIRED', fieldErrors: [{ field: 'If-Match', code: 'REQUIRED' }] });
    expect((await admin.get(`/api/v1/users/${target.id}`)).headers.get('etag')).toBe(before.headers.get('etag'));
  });

  it('the new role takes effect at once for the user (roles are read from the event streams)', async () => {
    const target = await findUser(admin, 'asesor@demo.cl');
    const advisor = app.client();
    await advisor.login('asesor@demo.cl');
    expect((await advisor.get('/api/v1/audit/role-changes')).status).toBe(403);
    const res = await admin.put(
      `/api/v1/users/${target.id}/roles`,
      { roles: ['advisor', 'auditor'], reason: 'Auditoría trimestral' },
      await seen(admin, target.id),
    );
    expect(res.status).toBe(200);
    expect((await advisor.get('/api/v1/audit/role-changes')).status).toBe(200);
  });

  it('an admin cannot grant admin nor touch another admin: 403 INSUFFICIENT_PERMISSIONS', async () => {
    const target = await findUser(admin, 'colaborador@demo.cl');
    const res = await admin.put(`/api/v1/users/${target.id}/roles`, { roles: ['admin'], reason: 'Ascenso' }, await seen(admin, target.id));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'INSUFFICIENT_PERMISSIONS', message: 'No tiene permisos para realizar esta acción.' });
    const root = await findUser(admin, 'superadmin@demo.cl');
    expect((await admin.put(`/api/v1/users/${root.id}/roles`, { roles: ['user'], reason: 'Intento' }, await seen(admin, root.id))).status).toBe(403);
  });

  it('a super-admin may grant admin', async () => {
    const root = app.client();
    await root.login('superadmin@demo.cl');
    const target = await findUser(root, 'empresa@demo.cl');
    const res = await root.put(
      `/api/v1/users/${target.id}/roles`,
      { roles: ['company', 'admin'], reason: 'Administra su cartera' },
      await seen(root, target.id),
    );
    expect(res.status).toBe(200);
    const history = await root.get(`/api/v1/audit/role-changes?userId=${target.id}&changeType=added`, {
      'x-min-position': res.headers.get('x-event-position')!,
    });
    expect(history.body.items[0]).toMatchObject({ modifiedBy: { email: 'superadmin@demo.cl' }, newRoles: ['admin', 'company'] });
  });

  it('the audit trail filters by actor, change type and date', async () => {
    const auditor = app.client();
    await auditor.login('auditor@demo.cl');
    const adminUser = await findUser(admin, 'admin@demo.cl');
    const byActor = await auditor.get(`/api/v1/audit/role-changes?actorId=${adminUser.id}`);
    expect(byActor.status).toBe(200);
    expect(byActor.body.items.length).toBeGreaterThan(0);
    expect(byActor.body.items.every((i: { modifiedBy: { id: string } }) => i.modifiedBy.id === adminUser.id)).toBe(true);
    const future = await auditor.get('/api/v1/audit/role-changes?from=2099-01-01');
    const instant = await auditor.get(
      `/api/v1/audit/role-changes?from=${encodeURIComponent('2026-01-01T03:00:00.000Z')}&to=${encodeURIComponent('2999-01-01T02:59:59.999Z')}`,
    );
    expect(instant.body.total).toBeGreaterThan(0);
    expect(future.body).toMatchObject({ items: [], total: 0 });
    const byEmail = await auditor.get('/api/v1/audit/role-changes?actorId=admin@demo.cl');
    expect(byEmail.body.total).toBe(byActor.body.total);
    const system = await auditor.get('/api/v1/audit/role-changes?actorId=system&perPage=100');
    expect(system.body.items.every((i: { modifiedBy: { name: string } }) => i.modifiedBy.name === 'Sistema')).toBe(true);
  });

  it('lists users with search, role filter, status filter, pagination and sort', async () => {
    const page1 = await admin.get('/api/v1/users?perPage=2&page=1&sort=email');
    expect(page1.body.items).toHaveLength(2);
    expect(page1.body.total).toBeGreaterThanOrEqual(7);
    const page2 = await admin.get('/api/v1/users?perPage=2&page=2&sort=email');
    expect(page2.body.items[0].email > page1.body.items[1].email).toBe(true);
    const companies = await admin.get('/api/v1/users?role=company');
    expect(companies.body.items.map((u: { email: string }) => u.email)).toContain('empresa@demo.cl');
    const byRut = await admin.get('/api/v1/users?search=15.234.567');
    expect(byRut.body.items.map((u: { email: string }) => u.email)).toEqual(['colaborador@demo.cl']);
    const regex = await admin.get(`/api/v1/users?search=${encodeURIComponent('.*(a+)+$')}`);
    expect(regex.status).toBe(200);
    expect(regex.body.items).toEqual([]);
  });
});
