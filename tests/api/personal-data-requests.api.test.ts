import type { ApiClient } from '../support/api-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { registeredPerson, setRoles } from '../personal-data/support-people';

let app: TestApp;
let superAdmin: ApiClient;
beforeAll(async () => {
  app = await startTestApp({ DEMO_CATALOGUE: 'off' });
  superAdmin = app.client();
  await superAdmin.login('superadmin@demo.cl');
});
afterAll(() => app.stop());

const DAY = 24 * 60 * 60 * 1000;

describe('data requests (Ley 21.719) over HTTP', () => {
  it('a person submits a request (201 { id }); the officer queue shows it with its due date, status, kind and subject', async () => {
    const person = await registeredPerson(app, { name: 'Eloísa' });
    const submitted = await person.client.post('/api/v1/me/data-requests', { kind: 'access', details: 'Quiero una copia de mis datos' });
    expect(submitted.status).toBe(201);
    expect(submitted.body).toEqual({ id: expect.stringMatching(/^[A-Za-z0-9-]+$/) });
    const position = submitted.headers.get('x-event-position')!;

    const queue = await superAdmin.get('/api/v1/data-requests', { 'x-min-position': position });
    expect(queue.status).toBe(200);
    const item = queue.body.items.find((r: { id: string }) => r.id === submitted.body.id);
    expect(item).toMatchObject({
      kind: 'access',
      status: 'verified', // asked from the person's own signed-in session
      details: 'Quiero una copia de mis datos',
      subject: { id: person.userId, name: 'Eloísa Rojas Vidal' },
    });
    expect(Date.parse(item.dueAt) - Date.parse(item.submittedAt)).toBe(30 * DAY);
    expect(item.history.map((s: { step: string; actorId: string }) => [s.step, s.actorId])).toEqual([
      ['submitted', person.userId],
      ['identity_verified', person.userId],
    ]);

    const verifiedOnly = await superAdmin.get('/api/v1/data-requests?status=verified');
    expect(verifiedOnly.body.items.every((r: { status: string }) => r.status === 'verified')).toBe(true);
    expect((await superAdmin.get('/api/v1/data-requests?status=completed')).body.items.find((r: { id: string }) => r.id === submitted.body.id)).toBeUndefined();
  });

  it("the queue is the officer's: a person or an admin without the role gets 403; a data-protection officer gets in", async () => {
    const person = await registeredPerson(app);
    expect((await person.client.get('/api/v1/data-requests')).status).toBe(403);
    const admin = app.client();
    await admin.login('admin@demo.cl');
    expect((await admin.get('/api/v1/data-requests')).status).toBe(403);

    // The spec's spelling is accepted and stored under the canonical name.
    await setRoles(admin, person.userId, ['user', 'data_protection_officer'], 'Designado delegado de protección de datos');
    const officer = app.client();
    await officer.login(person.body.workEmail, person.body.password);
    expect((await officer.get('/api/v1/auth/cookie/profile')).body.roles.map((r: { name: string }) => r.name)).toContain('data-protection-officer');
    expect((await officer.get('/api/v1/data-requests')).status).toBe(200);
  });

  it('rejecting records the reason; a closed request admits no other answer (409), an unknown one is 404', async () => {
    const person = await registeredPerson(app);
    const { body } = await person.client.post('/api/v1/me/data-requests', { kind: 'rectification', details: 'Mi segundo apellido está mal' });
    const rejected = await superAdmin.post(`/api/v1/data-requests/${body.id}/reject`, { reason: 'El apellido coincide con el registro civil' });
    expect(rejected.status).toBe(200);

    const again = await superAdmin.post(`/api/v1/data-requests/${body.id}/complete`, { outcome: 'Rectificado' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'DATA_REQUEST_CLOSED', message: 'Esta solicitud ya fue respondida y no admite cambios.' });
    expect((await superAdmin.post(`/api/v1/data-requests/${body.id}/reject`, { reason: 'otra vez' })).status).toBe(409);

    const queue = await superAdmin.get('/api/v1/data-requests?status=rejected', { 'x-min-position': rejected.headers.get('x-event-position')! });
    const item = queue.body.items.find((r: { id: string }) => r.id === body.id);
    expect(item).toMatchObject({ status: 'rejected', rejectionReason: 'El apellido coincide con el registro civil' });
    expect(item.history.at(-1)).toMatchObject({ step: 'rejected', why: 'El apellido coincide con el registro civil', actorId: expect.any(String) });

    expect((await superAdmin.post('/api/v1/data-requests/00000000-0000-4000-8000-000000000000/reject', { reason: 'no existe' })).status).toBe(404);
  });

  it('completing a non-erasure request records outcome and evidence', async () => {
    const person = await registeredPerson(app);
    const { body } = await person.client.post('/api/v1/me/data-requests', { kind: 'portability', details: '' });
    const done = await superAdmin.post(`/api/v1/data-requests/${body.id}/complete`, { outcome: 'Entregado en JSON', evidence: 'Enviado por correo el 24-11' });
    expect(done.status).toBe(200);
    const queue = await superAdmin.get('/api/v1/data-requests?status=completed', { 'x-min-position': done.headers.get('x-event-position')! });
    expect(queue.body.items.find((r: { id: string }) => r.id === body.id)).toMatchObject({
      outcome: 'Entregado en JSON',
      evidence: 'Enviado por correo el 24-11',
    });
  });

  it('bad input is a 400 with the spec error object, nothing recorded', async () => {
    const person = await registeredPerson(app);
    const bad = await person.client.post('/api/v1/me/data-requests', { kind: 'olvido', details: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: [expect.objectContaining({ field: 'kind' })] });
    expect((await superAdmin.post('/api/v1/data-requests/x/reject', {})).status).toBe(400);
    const export_ = await person.client.get('/api/v1/me/data-export');
    expect(export_.body.sections.dataRequests.data).toEqual([]);
  });

  it.each([
    ['opposition', 'marketingOpposed', 'MarketingOpposed'],
    ['blocking', 'processingBlocked', 'ProcessingBlocked'],
  ] as const)('completing an %s request records the restriction on the person, traced to the request', async (kind, flag, type) => {
    const person = await registeredPerson(app);
    const before = await person.client.get('/api/v1/me/data-export');
    expect(before.body.sections.restrictions.data).toMatchObject({ marketingOpposed: false, processingBlocked: false, history: [] });
    const { body } = await person.client.post('/api/v1/me/data-requests', { kind, details: 'No traten mis datos para esto' });
    expect((await superAdmin.post(`/api/v1/data-requests/${body.id}/complete`, { outcome: 'Registrado' })).status).toBe(200);
    const after = await person.client.get('/api/v1/me/data-export');
    expect(after.body.sections.restrictions.data).toMatchObject({
      [flag]: true,
      history: [{ type, requestId: body.id, reason: 'Registrado', by: expect.any(String) }],
    });
    expect(after.body.sections.restrictions.title).toBe('Consentimientos, oposición y bloqueo del tratamiento');
  });
});
