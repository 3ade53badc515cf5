import zlib from 'node:zlib';
import type { EventStore } from '../../kernel/ports/event-store';
import type { ReadStore } from '../../kernel/ports/read-store';
import { TOKENS } from '../../kernel/ports/tokens';
import { PERSONAL_DATA } from '../../application/personal-data/personal-data.tokens';
import { resolve } from '../../kernel/ports/token';
import { CONTACT_CONSENT_TEXT } from '../../contract/privacy';
import { at, type ApiClient } from '../support/api-client';
import { PDF_BYTES, registrationApplication } from '../support/company-registration';
import { startTestApp, type TestApp } from '../support/test-app';
import { readModelsCaughtUp } from '../support/buyers';
import { filesHolding, registeredPerson } from '../personal-data/support-people';

let app: TestApp;
let superAdmin: ApiClient;
let admin: ApiClient;
beforeAll(async () => {
  app = await startTestApp({ DEMO_CATALOGUE: 'off' });
  superAdmin = app.client();
  await superAdmin.login('superadmin@demo.cl');
  admin = app.client();
  await admin.login('admin@demo.cl');
});
afterAll(() => app.stop());

const DAY = 24 * 60 * 60 * 1000;
const events = () => app.platform.container.get<EventStore>(TOKENS.EventStore);
const holding = (needle: string) => filesHolding(app, needle);
/** The text a PDF shows: its content streams inflated, each TJ's hex strings decoded (WinAnsi ~ latin1). */
const pdfText = (pdf: Buffer): string => {
  const raw = pdf.toString('latin1');
  const streams = [...raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map((m) => {
    try {
      return zlib.inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1');
    } catch {
      return '';
    }
  });
  return streams
    .join('\n')
    .match(/\[[^\]]*\] TJ/g)!
    .map((tj) => [...tj.matchAll(/<([0-9a-f]*)>/g)].map((h) => Buffer.from(h[1], 'hex').toString('latin1')).join(''))
    .join('\n');
};
const contact = (client: ApiClient, name: string, email: string) =>
  client.post('/api/v1/contact-requests', {
    name,
    email,
    phone: '+56 9 8765 4321',
    message: 'Quiero información',
    preferredContactMethod: 'email',
    preferredTime: 'any',
    termsAccepted: true,
  });

describe("the person's own privacy choices (Ley 21.719) over HTTP", () => {
  it('marketing-email consent, opposition to marketing and to profiling are separate switches, each change an event with its history', async () => {
    const person = await registeredPerson(app);
    const initial = await person.client.get('/api/v1/me/privacy');
    expect(initial.status).toBe(200);
    expect(initial.body).toMatchObject({ marketingConsent: false, marketingOpposed: false, profilingOpposed: false, processingBlocked: false, history: [] });
    expect(initial.body.marketingConsentText).toMatch(/correos comerciales/);

    const consent = await person.client.put('/api/v1/me/privacy', { marketingEmails: true });
    expect(consent.status).toBe(200);
    expect(consent.body).toMatchObject({ marketingConsent: true, marketingOpposed: false, profilingOpposed: false });
    const opposed = await person.client.put('/api/v1/me/privacy', { opposeMarketing: true });
    expect(opposed.body).toMatchObject({ marketingConsent: true, marketingOpposed: true, profilingOpposed: false });
    // The same choice again records nothing.
    const again = await person.client.put('/api/v1/me/privacy', { opposeMarketing: true });
    expect(again.body.history).toHaveLength(2);

    const stream = await events().readStream(`processing-${person.userId}`);
    expect(stream.map((e) => e.type)).toEqual(['MarketingConsentGiven', 'MarketingOpposed']);
    expect(stream[0].data).toMatchObject({
      userId: person.userId,
      requestId: null,
      source: 'self-service',
      text: initial.body.marketingConsentText,
      privacyVersion: expect.any(Number),
      recordedBy: person.userId,
    });
    expect(again.body.history.map((h: { type: string; by: string }) => [h.type, h.by])).toEqual([
      ['MarketingConsentGiven', person.userId],
      ['MarketingOpposed', person.userId],
    ]);

    const withdrawn = await person.client.put('/api/v1/me/privacy', { marketingEmails: false, opposeMarketing: false });
    expect(withdrawn.body).toMatchObject({ marketingConsent: false, marketingOpposed: false });
    // The export carries the same facts.
    const exported = await person.client.get('/api/v1/me/data-export');
    expect(exported.body.sections.restrictions.data).toMatchObject({ marketingConsent: false, marketingOpposed: false, profilingOpposed: false });
    expect(exported.body.sections.restrictions.data.history.map((h: { type: string }) => h.type)).toEqual([
      'MarketingConsentGiven',
      'MarketingOpposed',
      'MarketingConsentWithdrawn',
      'MarketingOppositionWithdrawn',
    ]);
  });

  it('a choice is required, each a boolean (400); signed out is 401', async () => {
    const person = await registeredPerson(app);
    const empty = await person.client.put('/api/v1/me/privacy', {});
    expect([empty.status, empty.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const wrong = await person.client.put('/api/v1/me/privacy', { opposeProfiling: 'sí' });
    expect([wrong.status, wrong.body.fieldErrors[0].field]).toEqual([400, 'opposeProfiling']);
    const unknown = await person.client.put('/api/v1/me/privacy', { opposeEverything: true });
    expect(unknown.status).toBe(400);
    expect((await app.client().get('/api/v1/me/privacy')).status).toBe(401);
  });

  it("the sign-up form's optional marketing checkbox records a consent of its own, apart from the terms", async () => {
    const yes = await registeredPerson(app, { marketingConsent: true });
    const no = await registeredPerson(app);
    const yesView = (await yes.client.get('/api/v1/me/privacy')).body;
    expect(yesView.marketingConsent).toBe(true);
    expect((await events().readStream(`processing-${yes.userId}`))[0].data).toMatchObject({
      source: 'sign-up',
      requestId: null,
      text: yesView.marketingConsentText,
    });
    expect((await no.client.get('/api/v1/me/privacy')).body.marketingConsent).toBe(false);
    expect(await events().readStream(`processing-${no.userId}`)).toEqual([]);
  });

  it('opposing profiling stops lead scoring ("no perfilado") at once and for later activity; withdrawing it scores again', async () => {
    const person = await registeredPerson(app, { name: 'Perfecta' });
    expect((await contact(person.client, 'Perfecta Rojas', person.body.workEmail)).status).toBe(201);
    await readModelsCaughtUp(app);
    const leadOf = async () => (await admin.get(`/api/v1/leads?search=${encodeURIComponent(person.body.workEmail)}`)).body.items[0];
    const before = await leadOf();
    expect(before.score).toBeGreaterThan(0);

    const opposed = await person.client.put('/api/v1/me/privacy', { opposeProfiling: true });
    expect(opposed.body.profilingOpposed).toBe(true);
    await readModelsCaughtUp(app);
    expect(await leadOf()).toMatchObject({ score: null, profiled: false });

    // New activity while opposed: still not scored.
    expect((await contact(person.client, 'Perfecta Rojas', person.body.workEmail)).status).toBe(201);
    await readModelsCaughtUp(app);
    expect(await leadOf()).toMatchObject({ score: null, profiled: false, contactRequests: 2 });
    const stream = await events().readStream(`lead-${before.id}`);
    const types = stream.map((e) => e.type);
    expect(types.slice(types.indexOf('LeadProfilingStopped'))).not.toContain('LeadScored');

    await person.client.put('/api/v1/me/privacy', { opposeProfiling: false });
    await readModelsCaughtUp(app);
    const resumed = await leadOf();
    expect(resumed.profiled).toBe(true);
    expect(resumed.score).toBeGreaterThan(before.score);
  });

  it('a lead from a contact form keeps the consent text and the versions it was given, sealed with the lead', async () => {
    const email = `consentida.${process.pid}@correo.cl`;
    expect((await contact(app.client(), 'Consentida Pérez', email)).status).toBe(201);
    await readModelsCaughtUp(app);
    const lead = (await admin.get(`/api/v1/leads?search=${encodeURIComponent(email)}`)).body.items[0];
    const recorded = (await events().readStream(`lead-${lead.id}`)).find((e) => e.type === 'LeadActivityRecorded')!;
    expect(recorded.data.consent).toEqual({
      text: CONTACT_CONSENT_TEXT,
      termsVersion: expect.any(Number),
      privacyVersion: expect.any(Number),
      acceptedAt: expect.any(String),
    });
    // At rest the consent is an envelope under the lead's key, not clear text.
    expect(holding(CONTACT_CONSENT_TEXT).filter((f) => f.endsWith('events.sqlite') || f.endsWith('events.sqlite-wal'))).toEqual([]);
  });
});

describe("my requests, the PDF export and the desk's detail", () => {
  it('GET /me/data-requests lists only my requests, newest first, with status and due date', async () => {
    const person = await registeredPerson(app);
    const other = await registeredPerson(app);
    const first = await person.client.post('/api/v1/me/data-requests', { kind: 'access', details: 'Copia' });
    const second = await person.client.post('/api/v1/me/data-requests', { kind: 'blocking', details: '' });
    await other.client.post('/api/v1/me/data-requests', { kind: 'erasure', details: '' });
    const mine = await person.client.get('/api/v1/me/data-requests', at(second));
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((r: { id: string }) => r.id)).toEqual([second.body.id, first.body.id]);
    expect(mine.body.items[1]).toMatchObject({ kind: 'access', status: 'verified', details: 'Copia', outcome: null });
    expect(Date.parse(mine.body.items[1].dueAt) - Date.parse(mine.body.items[1].submittedAt)).toBe(30 * DAY);
    expect((await app.client().get('/api/v1/me/data-requests')).status).toBe(401);
  });

  it('GET /me/data-export.pdf is a readable PDF of the export, never cached', async () => {
    const person = await registeredPerson(app);
    // The JSON first: what the projections add after it (the registration's notifications) can only add sections
    // to the PDF asked next, so each of its sections must be in the PDF.
    const json = (await person.client.get('/api/v1/me/data-export')).body;
    const pdf = await person.client.bytes('/api/v1/me/data-export.pdf');
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('cache-control')).toBe('no-store');
    expect(pdf.headers.get('content-disposition')).toMatch(/^attachment; filename="mis-datos-\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // Readable: every kind of data with its origin, purpose, recipients and retention, then the data.
    const text = pdfText(pdf.bytes);
    for (const section of Object.values(json.sections) as { title: string; origin: string; retention: string }[]) {
      expect(text).toContain(section.title);
      expect(text).toContain(section.retention.slice(0, 40));
    }
    for (const label of ['Origen: ', 'Finalidad: ', 'Destinatarios: ', 'Conservación: ']) expect(text).toContain(label);
    expect(text).toContain(`Correo: ${person.body.workEmail}`);
    expect((await app.client().bytes('/api/v1/me/data-export.pdf')).status).toBe(401);
  });

  it("GET /data-requests/:id gives the officer the request, its history and the person's consents; 404 unknown, 403 to others", async () => {
    const person = await registeredPerson(app, { marketingConsent: true });
    await person.client.put('/api/v1/me/privacy', { opposeProfiling: true });
    const { body, headers } = await person.client.post('/api/v1/me/data-requests', { kind: 'opposition', details: 'No quiero llamadas' });
    const detail = await superAdmin.get(`/api/v1/data-requests/${body.id}`, at({ headers }));
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      id: body.id,
      kind: 'opposition',
      status: 'verified',
      subject: { id: person.userId, name: 'María Rojas Vidal' },
      privacy: { marketingConsent: true, profilingOpposed: true, marketingOpposed: false, processingBlocked: false },
    });
    expect(detail.body.history.map((s: { step: string }) => s.step)).toEqual(['submitted', 'identity_verified']);
    expect((await superAdmin.get('/api/v1/data-requests/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await person.client.get(`/api/v1/data-requests/${body.id}`)).status).toBe(403);
  });
});

describe('reminders before the due date', () => {
  it("a scheduled check reminds every officer once, 5 days before due, through the notification center and the request's history", async () => {
    const person = await registeredPerson(app);
    const officer = await registeredPerson(app);
    const detail = await admin.get(`/api/v1/users/${officer.userId}`);
    await superAdmin.put(
      `/api/v1/users/${officer.userId}/roles`,
      { roles: ['user', 'data-protection-officer'], reason: 'Encargado de datos' },
      { 'if-match': detail.headers.get('etag')! },
    );
    const submitted = await person.client.post('/api/v1/me/data-requests', { kind: 'access', details: '' });
    const closed = await person.client.post('/api/v1/me/data-requests', { kind: 'portability', details: '' });
    await superAdmin.post(`/api/v1/data-requests/${closed.body.id}/reject`, { reason: 'Duplicada' });
    await readModelsCaughtUp(app);

    const reminders = resolve(app.platform.container, PERSONAL_DATA.DataRequestReminders);
    expect(await reminders.sweep(new Date(Date.now() + 20 * DAY))).not.toContain(submitted.body.id); // 10 days left
    const later = new Date(Date.now() + 26 * DAY); // 4 days left
    const reminded = await reminders.sweep(later);
    expect(reminded).toContain(submitted.body.id);
    expect(reminded).not.toContain(closed.body.id);
    await readModelsCaughtUp(app);
    expect(await reminders.sweep(later)).not.toContain(submitted.body.id);

    const event = (await events().readStream(`datarequest-${submitted.body.id}`)).find((e) => e.type === 'DataRequestDueSoon')!;
    expect(event.data.officerIds).toEqual(expect.arrayContaining([officer.userId]));
    await readModelsCaughtUp(app);
    const officerClient = app.client();
    await officerClient.login(officer.body.workEmail, officer.body.password);
    const notes = (await officerClient.get('/api/v1/notifications/mine')).body.items.filter(
      (n: { link: string }) => n.link === `/backoffice/data-requests/${submitted.body.id}`,
    );
    // Told once when it arrived (staff notices) and once now, near its due date.
    expect(notes).toEqual([
      expect.objectContaining({ title: 'Solicitud de datos por vencer', priority: 'urgent', read: false }),
      expect.objectContaining({ title: 'Nueva solicitud de datos personales', priority: 'high' }),
    ]);
    const superNotes = (await superAdmin.get('/api/v1/notifications/mine')).body.items.filter(
      (n: { link: string }) => n.link === `/backoffice/data-requests/${submitted.body.id}`,
    );
    expect(superNotes).toHaveLength(2);
    // The person is not an officer: nothing for them.
    expect(
      (await person.client.get('/api/v1/notifications/mine')).body.items.filter((n: { title: string }) => n.title === 'Solicitud de datos por vencer'),
    ).toEqual([]);
    const item = (await officerClient.get(`/api/v1/data-requests/${submitted.body.id}`)).body;
    expect(item.history.at(-1)).toMatchObject({ step: 'reminded', actorId: 'system:data-request-reminders' });
  });
});

describe('retention of abandoned company registrations (REGISTRATION_RETENTION_DAYS)', () => {
  it('erases registrations never decided past the period (key shredded, documents deleted, read model scrubbed); decided ones stay', async () => {
    const base = registrationApplication();
    const representative = {
      ...base.legalRepresentative,
      name: 'Abandonia',
      firstLastName: 'Olvidada',
      rut: '21.345.678-4',
      email: `abandonia.${process.pid}@pehuen.cl`,
      phone: '+56 9 7777 1234',
    };
    const applicant = app.client();
    const created = await applicant.post('/api/v1/company-registrations', {
      ...base,
      company: { ...base.company, name: 'Constructora Olvido SpA' },
      legalRepresentative: representative,
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const docBytes = Buffer.concat([PDF_BYTES, Buffer.from(`documento-de-abandonia-${process.pid}`)]);
    expect(
      (
        await applicant.upload(
          `/api/v1/company-registrations/${id}/documents`,
          { kind: 'constitution' },
          { name: 'escritura.pdf', type: 'application/pdf', bytes: docBytes },
        )
      ).status,
    ).toBe(201);
    // A decided (rejected) registration of the same age is kept: it is a record of the review.
    const decided = await applicant.post('/api/v1/company-registrations', {
      ...base,
      legalRepresentative: { ...base.legalRepresentative, rut: '21.345.679-2', email: `decidida.${process.pid}@pehuen.cl` },
    });
    await applicant.upload(
      `/api/v1/company-registrations/${decided.body.id}/documents`,
      { kind: 'constitution' },
      { name: 'escritura.pdf', type: 'application/pdf', bytes: PDF_BYTES },
    );
    expect((await applicant.post(`/api/v1/company-registrations/${decided.body.id}/submit`, { acceptances: base.acceptances })).status).toBe(200);
    expect((await admin.post(`/api/v1/company-registrations/${decided.body.id}/reject`, { reason: 'Documentos incompletos' })).status).toBe(200);
    await readModelsCaughtUp(app);
    expect(holding(`documento-de-abandonia-${process.pid}`)).toHaveLength(1);
    // Sealed at rest from the start: the representative's email is in no file.
    expect(holding(representative.email)).toEqual([]);

    const retention = resolve(app.platform.container, PERSONAL_DATA.RegistrationRetention);
    expect(await retention.sweep(new Date())).not.toContain(id);
    const later = new Date(Date.now() + 181 * DAY); // the default period is 180 days
    const swept = await retention.sweep(later);
    expect(swept).toContain(id);
    expect(swept).not.toContain(decided.body.id);
    expect(await retention.sweep(later)).not.toContain(id);

    const started = (await events().readStream(`company-registration-${id}`))[0];
    expect(started.data).toMatchObject({
      legalRepresentative: { name: 'titular suprimido', email: 'titular suprimido', rut: 'titular suprimido' },
      company: { name: 'Constructora Olvido SpA' },
    });
    expect((await events().readStream(`personaldata-${id}`)).map((e) => e.type)).toEqual(['PersonalDataErased']);
    expect(holding(`documento-de-abandonia-${process.pid}`)).toEqual([]);
    await readModelsCaughtUp(app);
    const check = async () => {
      const list = await admin.get('/api/v1/company-registrations?status=draft');
      expect(list.body.items.find((r: { id: string }) => r.id === id)).toMatchObject({
        representativeName: expect.stringContaining('titular suprimido'),
        contactEmail: 'titular suprimido',
        documents: [],
        erasedAt: expect.any(String),
      });
      for (const value of [representative.email, 'Abandonia', 'Olvidada']) expect([value, holding(value)]).toEqual([value, []]);
    };
    await check();
    // A rebuild of the review queue gives the same picture (the projection reacts to PersonalDataErased).
    expect((await superAdmin.post('/api/v1/admin/projections/company-registrations/rebuild', {})).status).toBe(200);
    await app.platform.container.get<ReadStore>(TOKENS.ReadStore).purgeDeletedBytes?.();
    await check();
  });
});
