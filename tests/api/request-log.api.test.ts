import { Writable } from 'node:stream';
import { DEMO_ACCOUNTS } from '../../adapters/seed/demo-accounts';
import { createLogger } from '../../adapters/logging/logger';
import { ApiClient } from '../support/api-client';
import { payAtSandbox } from '../support/buyers';
import { signup, startTestApp, type TestApp } from '../support/test-app';

/**
 * The request log (pino-http): one JSON line per request with its method, route pattern, status, duration and
 * request id, and nothing of the person behind it: a buyer's whole journey leaves none of their identifiers in it.
 */
let app: TestApp;
const lines: string[] = [];
const captured = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

beforeAll(async () => {
  app = await startTestApp({}, { logger: createLogger({ level: 'info', format: 'json' }, captured) });
}, 60_000);
afterAll(() => app.stop());

const entries = () => lines.map((line) => JSON.parse(line) as Record<string, any>);
const requestLines = () => entries().filter((e) => e.msg === 'request completed' || e.msg === 'request failed');

describe('request log', () => {
  it('a buyer journey: one line per request with route pattern, status, duration and id; no email, RUT, name, phone, password, cookie or token', async () => {
    const demo = DEMO_ACCOUNTS.find((a) => a.email === 'colaborador@demo.cl')!;
    const newcomer = signup();
    const anonymous = app.client();
    expect((await anonymous.post('/api/v1/auth/register', newcomer)).status).toBe(201);
    // A failed sign-in with the demo buyer's email, then the right one with their RUT as typed on the form.
    expect((await anonymous.post('/api/v1/auth/cookie/login', { email: demo.email, password: 'equivocada1', rememberMe: false })).status).toBe(401);
    const buyer = new ApiClient(app.url);
    await buyer.login('15.234.567-4');
    const profile = await buyer.get('/api/v1/auth/cookie/profile');
    expect(profile.status).toBe(200);
    const units = await buyer.get('/api/v1/projects/mirador-providencia/units?available=true');
    const unitId = units.body.items[5].id as string;
    expect((await buyer.post('/api/v1/favorites', { projectId: 'mirador-providencia' })).status).toBe(200);
    expect((await buyer.post('/api/v1/quotes', { unitId, downPaymentPercent: 10 })).status).toBe(201);
    const reservation = await buyer.post('/api/v1/reservations', { unitId });
    expect(reservation.status).toBe(201);
    await payAtSandbox(buyer, reservation.body.payment, 'approve');
    // Staff looking the buyer up by email: the query string is not logged.
    const admin = await app.signedIn('admin@demo.cl');
    expect((await admin.get(`/api/v1/users?search=${encodeURIComponent(demo.email)}`)).status).toBe(200);
    expect((await buyer.post('/api/v1/auth/cookie/logout')).status).toBe(200);

    const log = lines.join('\n');
    const secrets = [
      demo.email,
      demo.email.replace('@demo.cl', '@personal.cl'),
      demo.rut,
      '15.234.567-4',
      '152345674',
      demo.name,
      demo.firstLastName,
      demo.secondLastName,
      '912345678',
      'Demo2026!',
      'equivocada1',
      newcomer.workEmail,
      newcomer.personalEmail,
      newcomer.rut,
      newcomer.name,
      newcomer.firstLastName,
      newcomer.secondLastName,
      newcomer.password,
      '1234 5678',
      buyer.cookie('sid') ?? 'no session cookie',
      reservation.body.payment.token,
    ];
    for (const secret of secrets) expect({ secret, found: log.toLowerCase().includes(secret.toLowerCase()) }).toEqual({ secret, found: false });

    const requests = requestLines();
    const reserve = requests.find((e) => e.req?.method === 'POST' && e.route === '/api/v1/reservations');
    expect(reserve).toEqual(
      expect.objectContaining({ level: 30, requestId: expect.any(String), req: { method: 'POST' }, res: { status: 201 }, durationMs: expect.any(Number) }),
    );
    // The pattern, not the path: the project's slug does not make a route of its own.
    expect(requests.some((e) => e.route === '/api/v1/projects/:id/units' && e.res.status === 200)).toBe(true);
    expect(requests.find((e) => e.route === '/api/v1/auth/cookie/login' && e.res.status === 401)).toMatchObject({ level: 40 });
    for (const e of requests) expect(Object.keys(e).sort()).toEqual(['durationMs', 'level', 'msg', 'pid', 'req', 'requestId', 'res', 'route', 'time']);
  });

  it('the request id: taken from X-Request-Id when it looks like one, generated otherwise, and sent back', async () => {
    const given = await app.client().raw('GET', '/api/v1/projects/featured', undefined, { 'x-request-id': 'lb-7f3a.42' });
    expect(given.headers.get('x-request-id')).toBe('lb-7f3a.42');
    const odd = await app.client().raw('GET', '/api/v1/projects/featured', undefined, { 'x-request-id': 'no vale esto' });
    const generated = odd.headers.get('x-request-id')!;
    expect(generated).toMatch(/^[0-9a-f-]{36}$/);
    const ids = requestLines().map((e) => e.requestId);
    expect(ids).toEqual(expect.arrayContaining(['lb-7f3a.42', generated]));
  });
});
