import type { ApiClient } from '../support/api-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { adminAndOfficer, filesHolding, registeredPerson, setRoles } from '../personal-data/support-people';

let app: TestApp;
let admin: ApiClient;
let officer: ApiClient;
beforeAll(async () => {
  app = await startTestApp();
  ({ admin, officer } = await adminAndOfficer(app));
});
afterAll(() => app.stop());

const holding = (needle: string) => filesHolding(app, needle);

describe('erasure request completed by the officer (Ley 21.719, derecho de supresión)', () => {
  it("leaves none of the person's email, RUT or names in the API or in any file, while the role audit and the request stay with the pseudonym", async () => {
    const person = await registeredPerson(app, { name: 'Wenceslaa', firstLastName: 'Xochiquetzal', secondLastName: 'Yrarrázaval', phone: '9 8642 1357' });
    const { body, client, userId } = person;
    const projects = await client.get('/api/v1/projects');
    expect((await client.post('/api/v1/favorites', { projectId: projects.body.items[0].id })).status).toBe(200);
    await setRoles(admin, userId, ['collaborator', 'user'], 'Colaborador de empresa en convenio');

    const requested = await client.post('/api/v1/me/data-requests', { kind: 'erasure', details: 'Soy Wenceslaa Xochiquetzal, borren todo' });
    expect(requested.status).toBe(201);
    const done = await officer.post(`/api/v1/data-requests/${requested.body.id}/complete`, {
      outcome: 'Datos suprimidos',
      evidence: 'Solicitud verificada por sesión',
    });
    expect(done.status).toBe(200);
    const at = { 'x-min-position': done.headers.get('x-event-position')! };

    // The person is signed out and cannot sign in again.
    expect((await client.get('/api/v1/auth/cookie/profile')).status).toBe(401);
    expect((await app.client().post('/api/v1/auth/cookie/login', { email: body.workEmail, password: body.password })).status).not.toBe(200);

    // Through the API: the user row and the role audit keep the pseudonymous id, with "titular suprimido".
    const user = await admin.get(`/api/v1/users/${userId}`, at);
    expect(user.body).toMatchObject({ id: userId, email: 'titular suprimido', name: 'titular suprimido', rut: 'titular suprimido' });
    const audit = await admin.get(`/api/v1/users/${userId}/role-history`, at);
    expect(audit.body.items[0]).toMatchObject({ userId, newRoles: ['collaborator', 'user'], reason: 'Colaborador de empresa en convenio' });
    const queue = await officer.get('/api/v1/data-requests?status=completed', at);
    const request = queue.body.items.find((r: { id: string }) => r.id === requested.body.id);
    expect(request).toMatchObject({
      kind: 'erasure',
      details: 'titular suprimido',
      subject: { id: userId, name: expect.stringContaining('titular suprimido') },
    });
    expect(request.evidence).toMatch(/Clave del titular destruida/);
    const answers = JSON.stringify([
      user.body,
      audit.body,
      queue.body,
      (await admin.get('/api/v1/users?search=Wenceslaa')).body,
      (await admin.get(`/api/v1/users?search=${encodeURIComponent(body.workEmail)}`)).body,
      (await admin.get('/api/v1/audit/role-changes', at)).body,
    ]);
    const clear = [body.workEmail, body.personalEmail, body.rut, body.rut.split('-')[0], 'Wenceslaa', 'Xochiquetzal', 'Yrarrázaval', '986421357'];
    for (const value of clear) expect([value, answers.includes(value)]).toEqual([value, false]);

    // In the files: no trace in any file of the data directory (log, read models, sessions, keys, WALs).
    for (const value of clear) expect([value, holding(value)]).toEqual([value, []]);
    expect(holding(userId).length).toBeGreaterThan(0); // the pseudonym stays, so the audit trail is whole
  });

  it('an officer cannot erase an account above their own rank: 403, and nothing is destroyed', async () => {
    const dpo = await registeredPerson(app);
    await setRoles(admin, dpo.userId, ['data-protection-officer'], 'Delegado de protección de datos');
    const dpoClient = app.client();
    await dpoClient.login(dpo.body.workEmail, dpo.body.password);
    const boss = await registeredPerson(app, { name: 'Gumersinda' });
    await setRoles(officer, boss.userId, ['admin'], 'Nueva administradora');

    const requested = await boss.client.post('/api/v1/me/data-requests', { kind: 'erasure', details: '' });
    const refused = await dpoClient.post(`/api/v1/data-requests/${requested.body.id}/complete`, { outcome: 'Datos suprimidos' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('INSUFFICIENT_PERMISSIONS');
    // Still whole: the person signs in and sees their data; the request is still open for someone who may.
    const again = app.client();
    await again.login(boss.body.workEmail, boss.body.password);
    expect((await again.get('/api/v1/me/data-export')).body.sections.profile.data).toMatchObject({ name: 'Gumersinda', email: boss.body.workEmail });
    // Read after the request's own position: in distributed mode the queue is a projection that may lag.
    const queue = await officer.get('/api/v1/data-requests?status=verified', { 'x-min-position': requested.headers.get('x-event-position') ?? '0' });
    expect(queue.body.items.find((r: { id: string }) => r.id === requested.body.id)).toMatchObject({ status: 'verified' });
  });
});
