import { allRoutes } from '../../adapters/http/app';
import type { HttpDeps } from '../../adapters/http/deps';
import type { EventStore } from '../../kernel/ports/event-store';
import { TOKENS } from '../../kernel/ports/tokens';
import type { ApiClient } from '../support/api-client';
import { signup, startTestApp, type TestApp } from '../support/test-app';

const withBody = allRoutes({} as HttpDeps).filter((r) => r.body);
const withQuery = allRoutes({} as HttpDeps).filter((r) => r.query);
const path = (p: string) => `/api/v1${p.replace(':id', '00000000-0000-4000-8000-000000000000').replace(':name', 'users')}`;
const name = (r: { method: string; path: string }) => `${r.method.toUpperCase()} ${r.path}`;

const INJECTIONS = [
  "' OR '1'='1",
  '{"$gt": ""}',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '\u0000',
  'a'.repeat(5000),
  '${7*7}',
  '; DROP TABLE events; --',
];

let app: TestApp;
let root: ApiClient;
let head: () => Promise<number>;
beforeAll(async () => {
  app = await startTestApp({ DEMO_CATALOGUE: 'off' });
  root = app.client();
  await root.login('superadmin@demo.cl');
  const events = app.platform.container.get<EventStore>(TOKENS.EventStore);
  head = () => events.headPosition();
});
afterAll(() => app.stop());

/** Every bad request must be a 4xx with the error object, and must not append a single event. */
const expectRefused = async (send: () => Promise<{ status: number; body: any }>) => {
  const before = await head();
  const res = await send();
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(res.body).toEqual({
    code: expect.any(String),
    message: expect.any(String),
    severity: expect.any(String),
    fieldErrors: expect.any(Array),
    actions: expect.any(Array),
  });
  expect(await head()).toBe(before);
  return res;
};

describe.each(withBody.map((r) => [name(r), r] as const))('%s', (_n, r) => {
  const send = (raw: string, contentType = 'application/json') =>
    root.raw(r.method.toUpperCase(), path(r.path), undefined, { 'content-type': contentType, 'x-csrf-token': '' }, raw);

  beforeAll(async () => {
    await root.csrf();
  });

  it('malformed JSON -> 400 VALIDATION_FAILED', async () => {
    const token = await root.csrf();
    const res = await expectRefused(() =>
      root.raw(r.method.toUpperCase(), path(r.path), undefined, { 'content-type': 'application/json', 'x-csrf-token': token }, '{"email": '),
    );
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.message).toBe('Algunos datos no son válidos. Revise el formulario.');
  });

  it('wrong types, arrays and unknown fields -> 400 with field errors', async () => {
    const token = await root.csrf();
    for (const body of ['[]', '42', '"texto"', '{"unknownField": 1, "password": 12345678}', 'null']) {
      const res = await expectRefused(() =>
        root.raw(r.method.toUpperCase(), path(r.path), undefined, { 'content-type': 'application/json', 'x-csrf-token': token }, body),
      );
      expect(res.status).toBe(400);
    }
    const unknown = await expectRefused(() => root.request(r.method.toUpperCase(), path(r.path), { campoDesconocido: 'x' }));
    expect(unknown.body.fieldErrors).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'campoDesconocido', code: 'UNKNOWN_FIELD', message: 'Este campo no está permitido.' })]),
    );
  });

  it('an oversized body -> 413', async () => {
    const token = await root.csrf();
    const res = await expectRefused(() =>
      root.raw(
        r.method.toUpperCase(),
        path(r.path),
        undefined,
        { 'content-type': 'application/json', 'x-csrf-token': token },
        JSON.stringify({ x: 'a'.repeat(300_000) }),
      ),
    );
    expect(res.status).toBe(413);
  });

  it('injection strings in every field -> 4xx, never a 500', async () => {
    for (const evil of INJECTIONS) {
      const body = Object.fromEntries(
        ['email', 'password', 'login', 'token', 'workEmail', 'rut', 'name', 'reason', 'roles', 'refresh_token'].map((k) => [k, evil]),
      );
      await expectRefused(() => root.request(r.method.toUpperCase(), path(r.path), body));
    }
  });
  void send;
});

describe.each(withQuery.map((r) => [name(r), r] as const))('%s query', (_n, r) => {
  it('bad paging, unknown parameters and operator objects -> 400', async () => {
    for (const q of ['page=-1', 'perPage=abc', 'perPage=100000', 'nope=1', 'search[$gt]=', 'from=ayer']) {
      const res = await expectRefused(() => root.get(`${path(r.path)}?${q}`));
      expect([q, res.status]).toEqual([q, 400]);
    }
  });
});

describe('registration rules of spec §5', () => {
  it('an invalid RUT gets the catalogue message at its field', async () => {
    const res = await expectRefused(() => app.client().post('/api/v1/auth/register', signup({ rut: '12.345.678-9' })));
    expect(res.body.fieldErrors).toEqual([{ field: 'rut', code: 'INVALID_RUT', message: 'Por favor revise su RUT. El dígito verificador no es válido.' }]);
  });

  it('reports every broken rule at once', async () => {
    const res = await expectRefused(() =>
      app
        .client()
        .post(
          '/api/v1/auth/register',
          signup({ rut: '', name: 'A', workEmail: 'no-es-email', phone: '123', passwordConfirmation: 'otra', termsAccepted: false, password: 'corta' }),
        ),
    );
    const codes = Object.fromEntries(res.body.fieldErrors.map((f: { field: string; code: string }) => [f.field, f.code]));
    expect(codes).toMatchObject({
      rut: 'RUT_REQUIRED',
      name: 'MIN_LENGTH',
      workEmail: 'INVALID_EMAIL',
      phone: 'INVALID_CHILEAN_PHONE',
      passwordConfirmation: 'PASSWORD_MISMATCH',
      termsAccepted: 'TERMS_REQUIRED',
      password: 'MIN_LENGTH',
    });
    expect(res.body.fieldErrors.find((f: { field: string }) => f.field === 'phone').message).toBe(
      'Ingrese un número de teléfono chileno válido (ej: +56 9 1234 5678).',
    );
  });

  it('an absent choice is REQUIRED ("Este campo es obligatorio."), a wrong one INVALID_VALUE', async () => {
    const absent = await expectRefused(() => root.post('/api/v1/me/data-requests', { details: 'sin tipo' }));
    expect(absent.body.fieldErrors).toEqual([{ field: 'kind', code: 'REQUIRED', message: 'Este campo es obligatorio.' }]);
    const wrong = await expectRefused(() => root.post('/api/v1/me/data-requests', { kind: 'borrar-todo' }));
    expect(wrong.body.fieldErrors).toEqual([{ field: 'kind', code: 'INVALID_VALUE', message: 'El valor no es válido.' }]);
  });

  it('an unknown API path is a 404 error object', async () => {
    const res = await app.client().get('/api/v1/no-existe');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });
});

describe('Server-Timing', () => {
  it('every answer, a success or a refusal, says how long the server itself took', async () => {
    const ok = await root.get('/api/v1/auth/cookie/profile');
    const refused = await app.client().post('/api/v1/auth/register', { rut: 'x' });
    const missing = await app.client().get('/api/v1/projects/no-existe');
    for (const res of [ok, refused, missing]) expect(res.headers.get('server-timing')).toMatch(/^app;dur=\d+\.\d{2}$/);
    expect([ok.status, refused.status, missing.status]).toEqual([200, 400, 404]);
  });
});
