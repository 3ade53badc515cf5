import { startTestApp, type TestApp } from '../support/test-app';
import { at } from '../support/api-client';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ DEMO_CATALOGUE: 'off' });
});
afterAll(() => app.stop());

describe('notification center', () => {
  it('a role change reaches the person as a security notification; polling with the ETag answers 304 until something changes', async () => {
    const admin = app.client();
    await admin.login('admin@demo.cl');
    const users = await admin.get('/api/v1/users?search=usuario@demo.cl');
    const target = users.body.items[0];
    const person = app.client();
    await person.login('usuario@demo.cl');
    const before = await person.get('/api/v1/notifications/mine');
    expect(before.status).toBe(200);
    const unchanged = await person.get('/api/v1/notifications/mine', { 'if-none-match': before.headers.get('etag')! });
    expect(unchanged.status).toBe(304);
    const detail = await admin.get(`/api/v1/users/${target.id}`);
    const changed = await admin.put(
      `/api/v1/users/${target.id}/roles`,
      { roles: ['user', 'collaborator'], reason: 'Convenio con su empresa' },
      { 'If-Match': detail.headers.get('etag')! },
    );
    expect(changed.status).toBe(200);
    const after = await person.get('/api/v1/notifications/mine', { ...at(changed), 'if-none-match': before.headers.get('etag')! });
    expect(after.status).toBe(200);
    expect(after.body.unread).toBe(before.body.unread + 1);
    expect(after.body.items[0]).toMatchObject({
      title: 'Sus roles cambiaron',
      priority: 'high',
      category: 'security',
      read: false,
      body: expect.stringContaining('Convenio con su empresa'),
    });
  });

  it('marks one read, then all; someone else’s notification is not found', async () => {
    const person = app.client();
    await person.login('usuario@demo.cl');
    const mine = await person.get('/api/v1/notifications/mine');
    const first = mine.body.items[0];
    const other = app.client();
    await other.login('colaborador@demo.cl');
    expect((await other.post(`/api/v1/notifications/${encodeURIComponent(first.id)}/read`, {})).status).toBe(404);
    const read = await person.post(`/api/v1/notifications/${encodeURIComponent(first.id)}/read`, {});
    expect(read.status).toBe(200);
    expect((await person.get('/api/v1/notifications/mine', at(read))).body.items[0].read).toBe(true);
    const all = await person.post('/api/v1/notifications/read-all', {});
    expect((await person.get('/api/v1/notifications/mine', at(all))).body.unread).toBe(0);
  });
});
