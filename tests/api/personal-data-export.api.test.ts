import type { ReadStore } from '../../kernel/ports/read-store';
import type { Projection } from '../../kernel/projections/projection';
import { TOKENS } from '../../kernel/ports/tokens';
import type { ApiClient } from '../support/api-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { registeredPerson, setRoles } from '../personal-data/support-people';

let app: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  app = await startTestApp();
  admin = app.client();
  await admin.login('admin@demo.cl');
});
afterAll(() => app.stop());

/** A person who used most of the platform: favourite, contact request (a lead), role change, data request. */
const activePerson = async () => {
  const person = await registeredPerson(app, { name: 'Griselda' });
  const projects = await person.client.get('/api/v1/projects');
  const projectId = projects.body.items[0].id;
  expect((await person.client.post('/api/v1/favorites', { projectId })).status).toBe(200);
  const contact = await person.client.post('/api/v1/contact-requests', {
    name: 'Griselda Rojas',
    email: person.body.workEmail,
    phone: '+56 9 1234 5678',
    preferredContactMethod: 'email',
    preferredTime: 'morning',
    termsAccepted: true,
    projectId,
  });
  expect(contact.status).toBe(201);
  await setRoles(admin, person.userId, ['collaborator', 'user'], 'Colaborador de empresa en convenio');
  const request = await person.client.post('/api/v1/me/data-requests', { kind: 'access', details: 'Copia de mis datos' });
  expect(request.status).toBe(201);
  return { ...person, projectId, position: request.headers.get('x-event-position')! };
};

describe('GET /me/data-export (derecho de acceso)', () => {
  it('holds the profile, roles and their history, favourites, leads, sessions and data requests, each with origin, purpose, recipients and retention', async () => {
    const person = await activePerson();
    const res = await person.client.get('/api/v1/me/data-export', { 'x-min-position': person.position });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { sections } = res.body;
    expect(res.body.subjectId).toBe(person.userId);
    expect(sections.profile.data).toMatchObject({
      email: person.body.workEmail,
      rut: person.body.rut,
      name: 'Griselda',
      personalEmail: person.body.personalEmail,
    });
    expect(sections.roles.data).toEqual(['collaborator', 'user']);
    expect(sections.roleHistory.data.at(-1)).toMatchObject({
      userId: person.userId,
      newRoles: ['collaborator', 'user'],
      reason: 'Colaborador de empresa en convenio',
    });
    expect(sections.favorites.data).toEqual([expect.objectContaining({ projectId: person.projectId, active: true })]);
    expect(sections.leads.data).toEqual([expect.objectContaining({ email: person.body.workEmail, userId: person.userId })]);
    expect(sections.sessions.data.active).toBeGreaterThanOrEqual(1);
    expect(sections.dataRequests.data).toEqual([expect.objectContaining({ kind: 'access', details: 'Copia de mis datos' })]);
    for (const section of Object.values<Record<string, unknown>>(sections)) {
      for (const field of ['title', 'origin', 'purpose', 'recipients', 'retention']) expect(typeof section[field]).toBe('string');
    }
    expect(sections.reservations.recipients).toMatch(/Transbank/);
  });

  it('leaves out no read model that holds a document about the person', async () => {
    const person = await activePerson();
    const res = await person.client.get('/api/v1/me/data-export', { 'x-min-position': person.position });
    const exported = new Set(Object.values<{ sources: string[] }>(res.body.sections).flatMap((s) => s.sources));

    const store = app.platform.container.get<ReadStore>(TOKENS.ReadStore);
    // Every read model any projection writes (in distributed mode the same database also holds sessions,
    // keys and rate-limit counters: not read models; sessions are counted in the export, keys are no data).
    const readModels = new Set(app.platform.container.get<readonly Projection[]>(TOKENS.Projections).flatMap((p) => p.collections));
    const holding: string[] = [];
    for (const name of await store.listCollections()) {
      if (!readModels.has(name)) continue;
      const docs = await store.collection(name).find({});
      if (docs.some((d) => JSON.stringify(d).includes(person.userId) || JSON.stringify(d).includes(person.body.workEmail))) holding.push(name);
    }
    // The person's activity reached several read models; each must be a source of the export.
    expect(holding.length).toBeGreaterThanOrEqual(5);
    expect(holding.filter((name) => !exported.has(name))).toEqual([]);
  });

  it('is only for the signed-in person', async () => {
    expect((await app.client().get('/api/v1/me/data-export')).status).toBe(401);
  });
});
