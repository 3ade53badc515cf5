import fs from 'node:fs';
import path from 'node:path';
import { PDF_BYTES, registrationApplication } from '../support/company-registration';
import { startTestApp, tokenFromMail, type TestApp } from '../support/test-app';
import { at } from '../support/api-client';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ DEMO_CATALOGUE: 'off' });
});
afterAll(() => app.stop());

const pdf = { name: 'escritura.pdf', type: 'application/pdf', bytes: PDF_BYTES };
const unique = (n: number) => {
  // A fresh company and representative per test (RUT and email are unique on the platform).
  const body = String(20_100_000 + n * 7_919 + (process.pid % 1000) * 11);
  let sum = 0;
  let w = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += Number(body[i]) * w;
    w = w === 7 ? 2 : w + 1;
  }
  const r = 11 - (sum % 11);
  return `${body}-${r === 11 ? '0' : r === 10 ? 'K' : r}`;
};
const application = (n: number) => {
  const base = registrationApplication();
  return { ...base, legalRepresentative: { ...base.legalRepresentative, rut: unique(n), email: `representante${n}.${process.pid}@pehuen.cl` } };
};

describe('company registration wizard', () => {
  it('reports every field error at once and writes nothing', async () => {
    const base = registrationApplication();
    const res = await app.client().post('/api/v1/company-registrations', {
      ...base,
      company: { ...base.company, rut: '76.543.210-0' },
      contact: { ...base.contact, email: 'no-es-email', phone: '123' },
      address: { ...base.address, street: ' ' },
      legalRepresentative: { ...base.legalRepresentative, rut: '' },
    });
    expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const byField = Object.fromEntries(res.body.fieldErrors.map((f: { field: string; code: string }) => [f.field, f.code]));
    expect(byField).toMatchObject({
      'company.rut': 'INVALID_RUT',
      'contact.email': expect.any(String),
      'contact.phone': 'INVALID_CHILEAN_PHONE',
      'address.street': 'ADDRESS_REQUIRED',
      'legalRepresentative.rut': 'RUT_REQUIRED',
    });
    const wrongPlace = await app.client().post('/api/v1/company-registrations', { ...base, address: { ...base.address, communeCode: '13101' } });
    expect([wrongPlace.status, wrongPlace.body.fieldErrors[0]]).toEqual([
      400,
      expect.objectContaining({ field: 'address.communeCode', code: 'INVALID_COMMUNE' }),
    ]);
  });

  it('accepts PDF, JPG and PNG by content only, up to 10 MB; submission needs the acceptances and a document', async () => {
    const applicant = app.client();
    const created = await applicant.post('/api/v1/company-registrations', {
      ...application(1),
      acceptances: { terms: true, privacy: false, dataProcessing: true },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const noDocs = await applicant.post(`/api/v1/company-registrations/${id}/submit`, {});
    expect(noDocs.status).toBe(400);
    expect(noDocs.body.fieldErrors.map((f: { field: string }) => f.field).sort()).toEqual(['acceptances.privacy', 'documents']);
    const disguised = await applicant.upload(
      `/api/v1/company-registrations/${id}/documents`,
      { kind: 'constitution' },
      { name: 'escritura.pdf', type: 'application/pdf', bytes: Buffer.from('esto no es un PDF') },
    );
    expect([disguised.status, disguised.body.code, disguised.body.fieldErrors[0].message]).toEqual([
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Tipo de archivo no permitido: use PDF, JPG o PNG.',
    ]);
    const tooLarge = await applicant.upload(
      `/api/v1/company-registrations/${id}/documents`,
      { kind: 'constitution' },
      { ...pdf, bytes: Buffer.concat([PDF_BYTES, Buffer.alloc(10 * 1024 * 1024)]) },
    );
    expect([tooLarge.status, tooLarge.body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    const noFile = await applicant.upload(`/api/v1/company-registrations/${id}/documents`, { kind: 'constitution' });
    expect([noFile.status, noFile.body.fieldErrors[0].field]).toEqual([400, 'file']);
    const badKind = await applicant.upload(`/api/v1/company-registrations/${id}/documents`, { kind: 'selfie' }, pdf);
    expect([badKind.status, badKind.body.fieldErrors[0].field]).toEqual([400, 'kind']);
    const ok = await applicant.upload(`/api/v1/company-registrations/${id}/documents`, { kind: 'constitution' }, pdf);
    expect(ok.status).toBe(201);
    const admin = app.client();
    await admin.login('admin@demo.cl');
    // Still a draft (privacy not accepted): not in the review queue.
    expect((await admin.get('/api/v1/company-registrations', at(ok))).body.items.map((r: { id: string }) => r.id)).not.toContain(id);
    // The wizard's last step gives the acceptances again: accepted there, the submission goes through.
    const submitted = await applicant.post(`/api/v1/company-registrations/${id}/submit`, { acceptances: { terms: true, privacy: true, dataProcessing: true } });
    expect(submitted.status).toBe(200);
    expect((await admin.get('/api/v1/company-registrations', at(submitted))).body.items.map((r: { id: string }) => r.id)).toContain(id);
  });

  it('submitted, approved: the company exists, its representative is invited by mail, chooses a password and signs in as the company', async () => {
    const applicant = app.client();
    const body = application(2);
    const created = await applicant.post('/api/v1/company-registrations', body);
    const id = created.body.id;
    // The representative's data is sealed in the event log (with the application's own key).
    const log = ['events.sqlite', 'events.sqlite-wal']
      .map((f) => path.join(app.dataDir, f))
      .filter((f) => fs.existsSync(f))
      .map((f) => fs.readFileSync(f).toString('latin1'))
      .join('');
    expect(log).not.toContain(body.legalRepresentative.email);
    expect(log).not.toContain('Huenchull');
    expect((await applicant.upload(`/api/v1/company-registrations/${id}/documents`, { kind: 'rut_certificate' }, pdf)).status).toBe(201);
    const submitted = await applicant.post(`/api/v1/company-registrations/${id}/submit`, {});
    expect(submitted.status).toBe(200);
    const received = await app.mail.waitFor((m) => m.to.includes('contacto@pehuen.cl') && /Recibimos la solicitud/.test(m.subject));
    expect(received.text).toContain('2 a 3 días hábiles');

    const admin = app.client();
    await admin.login('admin@demo.cl');
    const queue = await admin.get('/api/v1/company-registrations', at(submitted));
    const item = queue.body.items.find((r: { id: string }) => r.id === id);
    expect(item).toMatchObject({
      status: 'submitted',
      companyName: 'Inmobiliaria Pehuén SpA',
      regionName: expect.stringContaining('Araucanía'),
      communeName: 'Temuco',
      documents: [expect.objectContaining({ kind: 'rut_certificate', contentType: 'application/pdf' })],
    });
    const file = await admin.get(`/api/v1/company-registrations/${id}/documents/${item.documents[0].documentId}`);
    expect([file.status, file.headers.get('content-disposition'), file.headers.get('x-content-type-options')]).toEqual([
      200,
      expect.stringContaining('attachment'),
      'nosniff',
    ]);
    expect((await app.client().get(`/api/v1/company-registrations/${id}/documents/${item.documents[0].documentId}`)).status).toBe(401);

    const approved = await admin.post(`/api/v1/company-registrations/${id}/approve`, {});
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', companyId: expect.stringMatching(/^inmobiliaria-pehuen-spa-/) });
    const companies = await admin.get('/api/v1/companies?kind=real_estate', at(approved));
    expect(companies.body.items.map((c: { id: string }) => c.id)).toContain(approved.body.companyId);
    const invitation = await app.mail.waitFor((m) => m.to.includes(body.legalRepresentative.email));
    expect(invitation.subject).toBe('Su empresa fue aprobada: active su cuenta');
    expect(invitation.text).toMatch(/\/auth\/set-password\?token=[^\s&]+/);
    const token = tokenFromMail(invitation.text);
    const pending = await admin.get(`/api/v1/users?search=${encodeURIComponent(body.legalRepresentative.email)}`, at(approved));
    expect(pending.body.items[0]).toMatchObject({ status: 'pending_verification', verified: false });
    const person = app.client();
    expect((await person.post('/api/v1/auth/reset-password', { token, password: 'Pehuen2026!seguro', passwordConfirmation: 'Pehuen2026!seguro' })).status).toBe(
      200,
    );
    const login = await person.post('/api/v1/auth/cookie/login', { email: body.legalRepresentative.email, password: 'Pehuen2026!seguro', rememberMe: false });
    expect(login.status).toBe(200);
    expect(login.body.data.roles.map((r: { name: string }) => r.name)).toEqual(['company']);
    expect((await person.get('/api/v1/companies')).body.items.map((c: { id: string }) => c.id)).toEqual([approved.body.companyId]);
    const again = await admin.post(`/api/v1/company-registrations/${id}/reject`, { reason: 'tarde' });
    expect(again.status).toBe(422);
  });

  it('rejected with a reason: the applicant is mailed it; only reviewers see the queue', async () => {
    const applicant = app.client();
    const created = await applicant.post('/api/v1/company-registrations', {
      ...application(3),
      contact: { ...application(3).contact, email: 'postulante@otra.cl' },
    });
    const id = created.body.id;
    await applicant.upload(`/api/v1/company-registrations/${id}/documents`, { kind: 'constitution' }, pdf);
    await applicant.post(`/api/v1/company-registrations/${id}/submit`, {});
    const admin = app.client();
    await admin.login('admin@demo.cl');
    const blank = await admin.post(`/api/v1/company-registrations/${id}/reject`, { reason: ' ' });
    expect(blank.status).toBe(400);
    expect((await admin.post(`/api/v1/company-registrations/${id}/reject`, { reason: 'Falta el certificado de vigencia' })).status).toBe(200);
    const mail = await app.mail.waitFor((m) => m.to.includes('postulante@otra.cl') && /Resultado/.test(m.subject));
    expect(mail.text).toContain('Motivo: Falta el certificado de vigencia');
    const late = await applicant.upload(`/api/v1/company-registrations/${id}/documents`, { kind: 'other' }, pdf);
    expect(late.status).toBe(422);
    const buyer = app.client();
    await buyer.login('colaborador@demo.cl');
    expect((await buyer.get('/api/v1/company-registrations')).status).toBe(403);
  });
});
