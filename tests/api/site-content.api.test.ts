import { signup, startTestApp, type TestApp } from '../support/test-app';
import { at } from '../support/api-client';
import type { EventStore } from '../../kernel/ports/event-store';
import { TOKENS } from '../../kernel/ports/tokens';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ DEMO_CATALOGUE: 'off' });
});
afterAll(() => app.stop());

describe('the home content', () => {
  it("answers the platform's first text to anyone, with an ETag to edit it", async () => {
    const res = await app.client().get('/api/v1/content/home');
    expect(res.status).toBe(200);
    expect(res.body.sections.stats).toMatchObject({ clients: 2500, yearsOfExperience: 15 });
    expect(res.body.sections.services.steps).toHaveLength(5);
    expect(res.body.updatedAt).toBeNull();
    expect(res.headers.get('etag')).toBe('W/"-1"');
  });

  it('an admin saves a section; the public home shows it at once and the other sections keep their text', async () => {
    const admin = app.client();
    await admin.login('admin@demo.cl');
    const before = await admin.get('/api/v1/content/home');
    const stats = { title: 'Cifras 2026', clients: 3100, propertiesSold: 1400, millionsInvested: 91000, yearsOfExperience: 16 };
    const saved = await admin.put('/api/v1/content/home/stats', stats, { 'If-Match': before.headers.get('etag')! });
    expect(saved.status).toBe(200);
    const home = await app.client().get('/api/v1/content/home', at(saved));
    expect(home.body.sections.stats).toEqual(stats);
    expect(home.body.sections.hero.title).toBe('Su vivienda, con el respaldo de su empresa');
    expect(home.body.updatedAt).not.toBeNull();
    expect(home.headers.get('etag')).toBe(saved.headers.get('etag'));
  });

  it("a save over someone else's change is 412, and a save without If-Match is 428", async () => {
    const admin = app.client();
    await admin.login('admin@demo.cl');
    const hero = { title: 'Hogar propio', text: 'Con el apoyo de su empresa.' };
    const stale = await admin.put('/api/v1/content/home/hero', hero, { 'If-Match': 'W/"-1"' });
    expect([stale.status, stale.body.code]).toEqual([412, 'PRECONDITION_FAILED']);
    const missing = await admin.put('/api/v1/content/home/hero', hero);
    expect([missing.status, missing.body.code]).toEqual([428, 'PRECONDITION_REQUIRED']);
  });

  it('checks each section against its own shape, every field error at once, and writes nothing', async () => {
    const admin = app.client();
    await admin.login('admin@demo.cl');
    const before = await admin.get('/api/v1/content/home');
    const res = await admin.put(
      '/api/v1/content/home/stats',
      { title: '', clients: -1, propertiesSold: 'mil', extra: 1 },
      { 'If-Match': before.headers.get('etag')! },
    );
    expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(res.body.fieldErrors.map((f: { field: string }) => f.field).sort()).toEqual([
      'clients',
      'extra',
      'millionsInvested',
      'propertiesSold',
      'title',
      'yearsOfExperience',
    ]);
    expect((await admin.get('/api/v1/content/home')).headers.get('etag')).toBe(before.headers.get('etag'));
    const unknown = await admin.put('/api/v1/content/home/toString', {}, { 'If-Match': before.headers.get('etag')! });
    expect(unknown.status).toBe(404);
  });

  it('only those who manage content may save it', async () => {
    const buyer = app.client();
    await buyer.login('colaborador@demo.cl');
    const res = await buyer.put('/api/v1/content/home/hero', { title: 'x y', text: 'z' }, { 'If-Match': 'W/"-1"' });
    expect([res.status, res.body.code]).toEqual([403, 'INSUFFICIENT_PERMISSIONS']);
  });
});

describe('terms and privacy as versioned documents', () => {
  it('the first version, published at start, is in force; a change is announced and takes effect 10 calendar days later', async () => {
    const seeded = await app.client().get('/api/v1/content/terms');
    expect(seeded.body.inForce).toMatchObject({ version: 1, title: 'Términos y condiciones' });
    expect(seeded.body.inForce.effectiveAt).toBe(seeded.body.inForce.publishedAt);
    expect(seeded.body.upcoming).toBeNull();
    const admin = app.client();
    await admin.login('admin@demo.cl');
    const second = await admin.post('/api/v1/content/terms', { title: 'Términos y condiciones', body: '## Cambios\n\nSegunda versión.' });
    expect([second.status, second.body.version]).toEqual([201, 2]);
    const days = (Date.parse(second.body.effectiveAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(9.99);
    expect(days).toBeLessThanOrEqual(10);
    const terms = await app.client().get('/api/v1/content/terms', at(second));
    expect(terms.body.inForce).toMatchObject({ version: 1 });
    expect(terms.body.upcoming).toMatchObject({ version: 2, body: '## Cambios\n\nSegunda versión.', effectiveAt: second.body.effectiveAt });
  });

  it('a restart publishes nothing again', async () => {
    const { seedLegalDocuments } = await import('../../adapters/seed/legal-documents');
    const { TOKENS } = await import('../../kernel/ports/tokens');
    const events = app.platform.container.get<import('../../kernel/ports/event-store').EventStore>(TOKENS.EventStore);
    await app.settled();
    const head = await events.headPosition();
    await seedLegalDocuments(events);
    expect(await events.headPosition()).toBe(head);
  });

  it('publishing the same text again is refused (it would restart the notice) and a blank body is a field error', async () => {
    const admin = app.client();
    await admin.login('admin@demo.cl');
    const once = await admin.post('/api/v1/content/privacy', { title: 'Privacidad', body: 'Texto nuevo.' });
    expect(once.status).toBe(201);
    const again = await admin.post('/api/v1/content/privacy', { title: 'Privacidad', body: 'Texto nuevo.' });
    expect([again.status, again.body.code]).toEqual([422, 'BUSINESS_RULE_VIOLATION']);
    const blank = await admin.post('/api/v1/content/privacy', { title: 'Privacidad', body: '   ' });
    expect([blank.status, blank.body.fieldErrors[0]]).toEqual([400, expect.objectContaining({ field: 'body', code: 'REQUIRED' })]);
  });
});

describe('sign-up records the versions accepted', () => {
  it('a new account records the terms and privacy versions in force when it accepted them', async () => {
    const body = signup();
    const res = await app.client().post('/api/v1/auth/register', body);
    expect(res.status).toBe(201);
    const events = app.platform.container.get<EventStore>(TOKENS.EventStore);
    const terms = await app.client().get('/api/v1/content/terms');
    const privacy = await app.client().get('/api/v1/content/privacy');
    const [accepted] = await events.readStream(`legal-acceptance-${res.body.data.userId}`);
    expect(accepted).toMatchObject({
      type: 'LegalDocumentsAccepted',
      data: { termsVersion: terms.body.inForce.version, privacyVersion: privacy.body.inForce.version, context: 'sign-up' },
    });
  });
});
