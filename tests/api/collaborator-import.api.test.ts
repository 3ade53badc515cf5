import { computeCheckDigit } from '../../domain/shared/rut';
import type { ApiClient } from '../support/api-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { eventually } from '../support/eventually';

/**
 * Issue 47.1: a collaborators' import of thousands of rows runs in the background, linear in the rows (the
 * company's collaborators are read once, not once a row), bounded (a row limit with a Spanish message), and
 * reports exactly which rows it applied. Timing lives in docs/benchmarks.md, not here.
 */
let app: TestApp;
let company: ApiClient;
const COMPANY = 'banco-andino';
const HEADER = 'RUT,Nombre,Primer apellido,Segundo apellido,Email laboral,Email personal,Teléfono,Cargo,Aporte empresa (UF),Plan';

const rutOf = (n: number) => {
  const body = String(15_000_000 + n);
  return `${body}-${computeCheckDigit(body)}`;
};
/** A person's name has no digits (the contract's rule for names): row n's name spells n in letters. */
const nameOf = (n: number): string => 'Persona' + [...n.toString(26)].map((d) => String.fromCharCode(97 + parseInt(d, 26))).join('');
const row = (n: number, post = 'Analista') => `${rutOf(n)},${nameOf(n)},Apellido,,persona${n}@bancoandino.cl,,,${post},50,Vivienda`;
const file = (lines: string[]) => ({ name: 'colaboradores.csv', type: 'text/csv', bytes: Buffer.from([HEADER, ...lines].join('\n')) });

const finished = async (id: string) => {
  const status = await eventually(
    () => company.get(`/api/v1/companies/${COMPANY}/collaborators/imports/${id}`),
    (res) => res.status !== 200 || res.body.status !== 'processing',
    { timeoutMs: 240_000, intervalMs: 200, what: `import ${id} to finish` },
  );
  expect(status.status).toBe(200);
  return status.body;
};

beforeAll(async () => {
  app = await startTestApp({ DEMO_CATALOGUE: 'off' });
  company = await app.signedIn('admin@demo.cl');
}, 300_000);
afterAll(() => app.stop());

it('imports 3,000 rows in the background and reports row by row what it created, updated and refused', async () => {
  const lines = Array.from({ length: 3_000 }, (_, i) => row(i));
  lines[1_000] = row(10, 'Jefa de área'); // the RUT of row 12 again: updates the collaborator row 12 enrols
  lines[2_000] = `${rutOf(2_000)},Sin,Email,,no-es-email,,,Analista,50,Vivienda`;
  const started = await company.upload(`/api/v1/companies/${COMPANY}/collaborators/import`, {}, file(lines));
  expect(started.status).toBe(202);
  const done = await finished(started.body.id);
  expect(done).toMatchObject({ status: 'completed', total: 3_000, processed: 3_000, created: 2_998, updated: 1, updatedRows: [1_002], error: null });
  expect(done.rejected).toEqual([{ row: 2_002, field: 'Email laboral', message: expect.any(String) }]);
  expect(done.createdRows).toHaveLength(2_998);
  expect(done.createdRows).not.toContain(1_002);
  expect(done.createdRows).not.toContain(2_002);
  await app.settled();
  const listed = await company.get(`/api/v1/companies/${COMPANY}/collaborators?search=${nameOf(10)}`);
  expect(listed.body.items).toEqual(expect.arrayContaining([expect.objectContaining({ rut: rutOf(10), post: 'Jefa de área' })]));

  // The same file again: nobody new; only the RUT the file gives twice changes (row 12, then row 1,002 back).
  const again = await finished((await company.upload(`/api/v1/companies/${COMPANY}/collaborators/import`, {}, file(lines))).body.id);
  expect(again).toMatchObject({ status: 'completed', created: 0, updated: 2, updatedRows: [12, 1_002], rejected: [expect.objectContaining({ row: 2_002 })] });
}, 300_000);

it('refuses a file past the row limit before writing anything, in Spanish', async () => {
  const lines = Array.from({ length: 10_001 }, (_, i) => row(100_000 + i));
  const refused = await company.upload(`/api/v1/companies/${COMPANY}/collaborators/import`, {}, file(lines));
  expect(refused.status).toBe(400);
  expect(refused.body.fieldErrors).toEqual([
    expect.objectContaining({ field: 'file', message: 'El archivo supera el máximo de 10.000 filas por importación: divídalo en varios archivos.' }),
  ]);
  await app.settled();
  expect((await company.get(`/api/v1/companies/${COMPANY}/collaborators?search=${nameOf(100_000)}`)).body.items).toEqual([]);
}, 300_000);

it("another company's user does not see the import", async () => {
  const started = await company.upload(`/api/v1/companies/${COMPANY}/collaborators/import`, {}, file([row(50_000)]));
  await finished(started.body.id);
  const other = await app.signedIn('empresa@demo.cl');
  expect((await other.get(`/api/v1/companies/${COMPANY}/collaborators/imports/${started.body.id}`)).status).toBe(404);
}, 300_000);
