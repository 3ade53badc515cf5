import { startTestApp, type TestApp } from '../support/test-app';
import { at } from '../support/api-client';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ DEMO_CATALOGUE: 'off' });
});
afterAll(() => app.stop());

const campaign = {
  companyId: 'banco-andino',
  name: 'Vivienda Andino 2027',
  description: 'Aporte al pie para colaboradores',
  startDate: '2027-01-01',
  endDate: '2027-12-31',
  autoEnrollment: true,
  selfEnrollmentByRut: true,
};

describe('campaign lifecycle', () => {
  it('an admin creates a draft, launches it (auto enrolment of the company’s collaborators), pauses, resumes and ends it', async () => {
    const admin = await app.signedIn('admin@demo.cl');
    const companies = await admin.get('/api/v1/companies?kind=employer');
    expect(companies.body.items.map((c: { id: string }) => c.id)).toContain('banco-andino');
    const created = await admin.post('/api/v1/campaigns', campaign);
    expect(created.status).toBe(201);
    const id = created.body.id;
    const draft = await admin.get(`/api/v1/campaigns/${id}`, at(created));
    expect(draft.body).toMatchObject({ status: 'draft', enrolledCount: 0, companyId: 'banco-andino' });
    const launched = await admin.post(`/api/v1/campaigns/${id}/launch`, {});
    expect(launched.status).toBe(200);
    const active = await admin.get(`/api/v1/campaigns/${id}`, at(launched));
    expect(active.body.status).toBe('active');
    // The demo's Banco Andino has 13 collaborators (12 generated + colaborador@demo.cl).
    expect(active.body.enrolledCount).toBe(13);
    for (const move of ['pause', 'resume', 'end']) expect((await admin.post(`/api/v1/campaigns/${id}/${move}`, {})).status).toBe(200);
    const again = await admin.post(`/api/v1/campaigns/${id}/launch`, {});
    expect([again.status, again.body.code]).toEqual([422, 'BUSINESS_RULE_VIOLATION']);
  });

  it('edits are conditional (If-Match: 412 stale, 428 missing) and refused once ended; eliminate needs a reason', async () => {
    const admin = await app.signedIn('admin@demo.cl');
    const created = await admin.post('/api/v1/campaigns', { ...campaign, name: 'Editable' });
    const id = created.body.id;
    const current = await admin.get(`/api/v1/campaigns/${id}`, at(created));
    const changed = await admin.patch(`/api/v1/campaigns/${id}`, { name: 'Editada' }, { 'If-Match': current.headers.get('etag')! });
    expect(changed.status).toBe(200);
    const stale = await admin.patch(`/api/v1/campaigns/${id}`, { name: 'Otra' }, { 'If-Match': current.headers.get('etag')! });
    expect([stale.status, stale.body.code]).toEqual([412, 'PRECONDITION_FAILED']);
    const missing = await admin.patch(`/api/v1/campaigns/${id}`, { name: 'Otra' });
    expect(missing.status).toBe(428);
    const bad = await admin.patch(`/api/v1/campaigns/${id}`, { endDate: '2026-01-01' }, { 'If-Match': changed.headers.get('etag')! });
    expect([bad.status, bad.body.fieldErrors[0]?.field]).toEqual([400, 'endDate']);
    const noReason = await admin.post(`/api/v1/campaigns/${id}/eliminate`, {});
    expect([noReason.status, noReason.body.fieldErrors[0]?.field]).toEqual([400, 'reason']);
    const eliminated = await admin.post(`/api/v1/campaigns/${id}/eliminate`, { reason: 'Duplicada' });
    expect(eliminated.status).toBe(200);
    const after = await admin.get(`/api/v1/campaigns/${id}`, at(eliminated));
    expect(after.body.status).toBe('eliminated');
    const gone = await admin.patch(`/api/v1/campaigns/${id}`, { name: 'Tarde' }, { 'If-Match': after.headers.get('etag')! });
    expect([gone.status, gone.body.code]).toEqual([422, 'BUSINESS_RULE_VIOLATION']);
  });

  it('self-enrolment by RUT: a collaborator enrols with their own RUT only; staff enrol any collaborator of the company', async () => {
    const admin = await app.signedIn('admin@demo.cl');
    const created = await admin.post('/api/v1/campaigns', { ...campaign, name: 'Por RUT', autoEnrollment: false });
    const id = created.body.id;
    expect((await app.client().get(`/api/v1/campaigns/${id}/public`, at(created))).status).toBe(404);
    const early = await (await app.signedIn('colaborador@demo.cl')).post(`/api/v1/campaigns/${id}/enrolments`, { rut: '15.234.567-4' });
    expect([early.status, early.body.code]).toEqual([422, 'BUSINESS_RULE_VIOLATION']);
    const launched = await admin.post(`/api/v1/campaigns/${id}/launch`, {});
    const page = await app.client().get(`/api/v1/campaigns/${id}/public`, at(launched));
    expect(page.body).toMatchObject({ name: 'Por RUT', companyName: 'Banco Andino S.A.', status: 'active', selfEnrollmentByRut: true });
    expect(page.body.enrolledCount).toBeUndefined();
    const buyer = await app.signedIn('colaborador@demo.cl');
    const notMine = await buyer.post(`/api/v1/campaigns/${id}/enrolments`, { rut: '11.111.111-1' });
    expect([notMine.status, notMine.body.fieldErrors[0]?.message]).toEqual([400, 'Inscríbase con su propio RUT.']);
    const mine = await buyer.post(`/api/v1/campaigns/${id}/enrolments`, { rut: '152345674' });
    expect(mine.status).toBe(201);
    const outsider = await admin.post(`/api/v1/campaigns/${id}/enrolments`, { rut: '22.222.222-2' });
    expect([outsider.status, outsider.body.fieldErrors[0]?.field]).toEqual([422, 'rut']);
    const detail = await admin.get(`/api/v1/campaigns/${id}`, at(mine));
    expect(detail.body.enrolledCount).toBe(1);
    const invalid = await admin.post(`/api/v1/campaigns/${id}/enrolments`, { rut: '12.345.678-0' });
    expect([invalid.status, invalid.body.fieldErrors[0]?.code]).toEqual([400, 'INVALID_RUT']);
  });

  it('only staff manage campaigns; a company user reads its own company’s campaigns only', async () => {
    const buyer = await app.signedIn('colaborador@demo.cl');
    expect((await buyer.post('/api/v1/campaigns', campaign)).status).toBe(403);
    const admin = await app.signedIn('admin@demo.cl');
    const created = await admin.post('/api/v1/campaigns', campaign);
    const company = await app.signedIn('empresa@demo.cl');
    expect((await company.get(`/api/v1/campaigns/${created.body.id}`, at(created))).status).toBe(404);
    expect((await company.get('/api/v1/companies')).body.items.map((c: { id: string }) => c.id)).toEqual(['inmobiliaria-andes']);
  });
});
