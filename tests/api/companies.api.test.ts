import { signup, startTestApp, tokenFromMail, type TestApp } from '../support/test-app';
import { at, type ApiClient } from '../support/api-client';
import { eventually } from '../support/eventually';

/** The import runs in the background: its status is read until it is done. */
const imported = async (client: ApiClient, res: { status: number; body: { id: string } }, company = 'banco-andino') => {
  expect(res.status).toBe(202);
  return eventually(
    () => client.get(`/api/v1/companies/${company}/collaborators/imports/${res.body.id}`),
    (status) => status.body.status !== 'processing',
    { timeoutMs: 60_000, intervalMs: 50, what: 'the import to finish' },
  );
};

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ DEMO_CATALOGUE: 'off' });
});
afterAll(() => app.stop());

const collaborator = {
  rut: '18.345.678-4',
  name: 'Ignacio',
  firstSurname: 'Lagos',
  secondSurname: 'Pino',
  workEmail: 'ignacio.lagos@bancoandino.cl',
  personalEmail: '',
  phone: '+56 9 5555 1234',
  post: 'Ejecutivo',
  companyContributionUF: 120,
  plan: 'Vivienda',
};

describe('companies and collaborators', () => {
  it('an admin registers a partner company; a company user cannot', async () => {
    const admin = await app.signedIn('admin@demo.cl');
    const created = await admin.post('/api/v1/companies', {
      name: 'Retail del Pacífico S.A.',
      rut: '96.543.210-8',
      kind: 'employer',
      description: '',
      contactEmail: 'personas@retailpacifico.cl',
      contactPhone: '+56 2 2345 6700',
    });
    expect([created.status, created.body.id]).toEqual([201, expect.stringMatching(/^retail-del-pacifico-s-a-/)]);
    expect((await admin.get(`/api/v1/companies/${created.body.id}`, at(created))).body).toMatchObject({ name: 'Retail del Pacífico S.A.', kind: 'employer' });
    const bad = await admin.post('/api/v1/companies', { name: 'X', rut: '1-1', kind: 'employer', description: '', contactEmail: 'x', contactPhone: '1' });
    expect(bad.body.fieldErrors.map((f: { field: string }) => f.field).sort()).toEqual(['contactEmail', 'contactPhone', 'name', 'rut']);
    expect(
      (
        await (
          await app.signedIn('empresa@demo.cl')
        ).post('/api/v1/companies', {
          name: 'Otra',
          rut: '96.543.210-8',
          kind: 'employer',
          description: '',
          contactEmail: 'a@b.cl',
          contactPhone: '+56 2 2345 6700',
        })
      ).status,
    ).toBe(403);
  });

  it('an admin edits a company profile (If-Match); a company user edits only its own company', async () => {
    const admin = await app.signedIn('admin@demo.cl');
    const current = await admin.get('/api/v1/companies/banco-andino');
    expect(current.body).toMatchObject({ id: 'banco-andino', kind: 'employer' });
    const changed = await admin.patch(
      '/api/v1/companies/banco-andino',
      { description: 'Banco con aporte al pie' },
      { 'If-Match': current.headers.get('etag')! },
    );
    expect(changed.status).toBe(200);
    const stale = await admin.patch('/api/v1/companies/banco-andino', { description: 'Otra' }, { 'If-Match': current.headers.get('etag')! });
    expect(stale.status).toBe(412);
    const bad = await admin.patch('/api/v1/companies/banco-andino', { contactPhone: '123', contactEmail: 'x' }, { 'If-Match': changed.headers.get('etag')! });
    expect(bad.body.fieldErrors.map((f: { field: string }) => f.field).sort()).toEqual(['contactEmail', 'contactPhone']);
    const company = await app.signedIn('empresa@demo.cl');
    expect((await company.get('/api/v1/companies/banco-andino')).status).toBe(404);
    const other = await company.patch('/api/v1/companies/banco-andino', { description: 'x' }, { 'If-Match': 'W/"0"' });
    expect([other.status, other.body.code]).toEqual([403, 'INSUFFICIENT_PERMISSIONS']);
    const own = await company.get('/api/v1/companies/inmobiliaria-andes');
    expect(
      (await company.patch('/api/v1/companies/inmobiliaria-andes', { contactPhone: '+56 2 2345 6789' }, { 'If-Match': own.headers.get('etag')! })).status,
    ).toBe(200);
  });

  it('adds a collaborator linked to the account with that RUT: the contribution reaches that person’s calculator', async () => {
    const person = signup({ rut: '17.890.123-0' });
    const registered = await app.client().post('/api/v1/auth/register', person);
    expect(registered.status).toBe(201);
    const admin = await app.signedIn('admin@demo.cl');
    const created = await admin.post('/api/v1/companies/banco-andino/collaborators', { ...collaborator, rut: person.rut, workEmail: person.workEmail });
    expect(created.status).toBe(201);
    const list = await admin.get('/api/v1/companies/banco-andino/collaborators?search=Lagos', at(created));
    expect(list.body.items).toEqual([expect.objectContaining({ id: created.body.id, hasAccount: true, companyContributionUF: 120, active: true })]);
    const twice = await admin.post('/api/v1/companies/banco-andino/collaborators', { ...collaborator, rut: person.rut });
    expect([twice.status, twice.body.fieldErrors[0]?.field]).toEqual([409, 'rut']);
    const changed = await admin.patch(`/api/v1/collaborators/${created.body.id}`, { companyContributionUF: 200 });
    expect(changed.status).toBe(200);
    const after = await admin.get('/api/v1/companies/banco-andino/collaborators?search=Lagos', at(changed));
    expect(after.body.items[0].companyContributionUF).toBe(200);
    // The person signs in and simulates: the company's contribution is theirs without typing it.
    const verification = await app.mail.waitFor((m) => m.to.includes(person.workEmail));
    const buyer = app.client();
    expect((await buyer.post('/api/v1/auth/verify-email', { token: tokenFromMail(verification.text) })).status).toBe(200);
    await buyer.login(person.workEmail, person.password);
    const today = new Date(Date.now() - 4 * 3600_000).toISOString().slice(0, 10);
    await admin.post('/api/v1/uf', { values: [{ date: today, value: 39_500 }] });
    const simulated = await buyer.post('/api/v1/financing/simulate', { priceUF: 3000 }, at(changed));
    expect(simulated.body).toMatchObject({ companyContributionSource: 'collaborator', downPayment: expect.objectContaining({ companyContributionUF: 200 }) });
    const off = await admin.post(`/api/v1/collaborators/${created.body.id}/deactivate`, { reason: 'Dejó la empresa' });
    expect(off.status).toBe(200);
    expect((await admin.get('/api/v1/companies/banco-andino/collaborators?active=false', at(off))).body.items.map((c: { id: string }) => c.id)).toContain(
      created.body.id,
    );
  });

  it('imports collaborators from CSV and Excel: valid rows created or updated by RUT, invalid rows reported with row, field and message', async () => {
    const admin = await app.signedIn('admin@demo.cl');
    const template = await admin.get('/api/v1/companies/banco-andino/collaborators/import-template?format=csv');
    expect(template.status).toBe(200);
    const header = String(template.body)
      .replace(/^\uFEFF/, '')
      .split('\r\n')[0];
    expect(header).toBe('RUT,Nombre,Primer apellido,Segundo apellido,Email laboral,Email personal,Teléfono,Cargo,Aporte empresa (UF),Plan');
    const csv = [
      header,
      '19.111.222-9,Rosa,Mella,Caro,rosa.mella@bancoandino.cl,,+56 9 4444 1111,Cajera,80,Vivienda',
      '19.111.222-1,Luis,Tapia,,luis.tapia@bancoandino.cl,,,Analista,80,Vivienda',
      '19.222.333-4,Ana,Soto,,no-es-email,,,Analista,80,Vivienda',
      '19.111.222-9,Rosa,Mella,Caro,rosa.mella@bancoandino.cl,,+56 9 4444 1111,Jefa de caja,90,Vivienda',
    ].join('\n');
    const res = await imported(
      admin,
      await admin.upload('/api/v1/companies/banco-andino/collaborators/import', {}, { name: 'colaboradores.csv', type: 'text/csv', bytes: Buffer.from(csv) }),
    );
    expect(res.body).toMatchObject({ status: 'completed', total: 4, created: 1, updated: 1, createdRows: [2], updatedRows: [5] });
    expect(res.body.rejected).toEqual([
      { row: 3, field: 'RUT', message: 'Por favor revise su RUT. El dígito verificador no es válido.' },
      { row: 4, field: 'Email laboral', message: expect.any(String) },
    ]);
    await app.settled();
    const rosa = await admin.get('/api/v1/companies/banco-andino/collaborators?search=Mella');
    expect(rosa.body.items).toEqual([expect.objectContaining({ post: 'Jefa de caja', companyContributionUF: 90 })]);

    const xlsx = await admin.bytes('/api/v1/companies/banco-andino/collaborators/import-template?format=xlsx');
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    // The template's example row, imported back from the Excel file as it was downloaded.
    const fromExcel = await imported(
      admin,
      await admin.upload(
        '/api/v1/companies/banco-andino/collaborators/import',
        {},
        { name: 'plantilla.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes: xlsx.bytes },
      ),
    );
    expect(fromExcel.body).toMatchObject({ total: 1, created: 1, rejected: [] });
    const notSheet = await admin.upload(
      '/api/v1/companies/banco-andino/collaborators/import',
      {},
      { name: 'foto.csv', type: 'text/csv', bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]) },
    );
    expect([notSheet.status, notSheet.body.fieldErrors[0].message]).toEqual([415, 'Tipo de archivo no permitido: use CSV o Excel (.xlsx).']);
    const company = await app.signedIn('empresa@demo.cl');
    const foreign = await company.upload(
      '/api/v1/companies/banco-andino/collaborators/import',
      {},
      { name: 'c.csv', type: 'text/csv', bytes: Buffer.from(csv) },
    );
    expect(foreign.status).toBe(403);
  });
});
