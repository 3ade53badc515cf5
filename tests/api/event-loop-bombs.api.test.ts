import { computeCheckDigit } from '../../domain/shared/rut';
import type { ApiClient } from '../support/api-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { xlsxBomb } from '../support/zip-bomb';

/**
 * Issue 47's done-criterion: the template, spreadsheet and import bombs are refused or run in the
 * background, and meanwhile /health answers within 1 s (the issue's bound: one request must not hold the
 * event loop every user shares). Each bomb is sent, /health is asked while it is on its way, then the bomb's
 * own answer is checked.
 */
let app: TestApp;
let admin: ApiClient;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HEALTH_BOUND_MS = 1_000;

beforeAll(async () => {
  app = await startTestApp({ DEMO_CATALOGUE: 'off' });
  admin = await app.signedIn('admin@demo.cl');
}, 120_000);
afterAll(() => app.stop());

/** /health asked `times` times in a row; each must answer 200 within the bound (a slower one aborts). */
const healthMeanwhile = async (times = 5) => {
  for (let i = 0; i < times; i++) {
    const res = await fetch(`${app.url}/api/v1/health`, { signal: AbortSignal.timeout(HEALTH_BOUND_MS) });
    expect(res.status).toBe(200);
  }
};

it('a template of 6,000 nested blocks: refused with a 400, /health answers meanwhile', async () => {
  const html = `${'{{#if name}}'.repeat(6_000)}x${'{{/if}}'.repeat(6_000)}`.slice(0, 100_000);
  const bomb = admin.post('/api/v1/email/templates/preview', { subject: 'Hola', html, text: 'Hola' });
  await healthMeanwhile();
  expect((await bomb).status).toBe(400);
});

it('an .xlsx that inflates hundreds of times: refused by both imports with a 400, /health answers meanwhile', async () => {
  const bytes = xlsxBomb(40 * 1024 * 1024);
  for (const path of ['/api/v1/companies/banco-andino/collaborators/import', '/api/v1/project-imports']) {
    const bomb = admin.upload(path, {}, { name: 'bomba.xlsx', type: XLSX, bytes });
    await healthMeanwhile();
    const answer = await bomb;
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors[0].message).toMatch(/se expande demasiado/);
  }
});

it('an import of 8,000 collaborators runs in the background: /health answers while it is processed', async () => {
  const header = 'RUT,Nombre,Primer apellido,Segundo apellido,Email laboral,Email personal,Teléfono,Cargo,Aporte empresa (UF),Plan';
  const lines = Array.from({ length: 8_000 }, (_, i) => {
    const body = String(16_000_000 + i);
    return `${body}-${computeCheckDigit(body)},Persona${i},Apellido,,persona${i}@bancoandino.cl,,,Analista,50,Vivienda`;
  });
  const started = await admin.upload(
    '/api/v1/companies/banco-andino/collaborators/import',
    {},
    { name: 'c.csv', type: 'text/csv', bytes: Buffer.from([header, ...lines].join('\n')) },
  );
  expect(started.status).toBe(202);
  let status = (await admin.get(`/api/v1/companies/banco-andino/collaborators/imports/${started.body.id}`)).body;
  for (let checked = 0; status.status === 'processing' && checked < 10; checked++) {
    await healthMeanwhile(1);
    status = (await admin.get(`/api/v1/companies/banco-andino/collaborators/imports/${started.body.id}`)).body;
  }
  expect(['processing', 'completed']).toContain(status.status);
}, 300_000);
