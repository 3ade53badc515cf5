import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { SmtpSink } from '../../adapters/smtp/smtp-sink';
import { ApiClient } from '../support/api-client';
import { serverChildren } from '../support/server-child';
import { seededDataDir, signup, tempDir, testEnv } from '../support/test-app';

/**
 * A server killed (SIGKILL) in the middle of a request, at a test-only fault point (FAULT_POINT: right after the
 * event store committed the request's first half), then started again on the same data directory: what the request
 * had half done is completed or undone by the time the new server answers.
 */
const mail = new SmtpSink();
const children = serverChildren();
const dataDirs: string[] = [];
let smtpPort = 0;

beforeAll(async () => {
  smtpPort = await mail.listen(0);
});
afterEach(async () => {
  children.kill();
  await Promise.all(children.started.map(exited));
});
afterAll(async () => {
  await mail.close();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

/** A seeded data directory of the test's own (copied from the suites' shared template: no seeding here). */
const seededEnv = async (): Promise<Record<string, string>> => {
  const env = testEnv(tempDir('plataforma-interrupted'), smtpPort);
  dataDirs.push(env.DATA_DIR);
  await seededDataDir(env);
  return env;
};

/** Starts a server that dies at `point`, sends it `request`, and once it died starts a plain one on the same data. */
const crashAt = async (point: string, request: (url: string) => Promise<unknown>): Promise<string> => {
  const env = await seededEnv();
  const { child, url } = await children.start({ ...env, FAULT_POINT: point });
  await expect(request(url)).rejects.toThrow(); // the connection dies with the process
  await exited(child);
  expect(child.signalCode).toBe('SIGKILL');
  return (await children.start(env)).url;
};

it('a sign-up killed between its RUT and email claims and its account: the same RUT and email sign up at once after the restart', async () => {
  const body = signup();
  const url = await crashAt('sign-up:claimed', (base) => new ApiClient(base).post('/api/v1/auth/register', body));
  const again = await new ApiClient(url).post('/api/v1/auth/register', body);
  expect([again.status, again.body.code]).toEqual([201, undefined]);
}, 300_000);

it('a sign-up killed between its account and its role: the account has the default role after the restart', async () => {
  const body = signup();
  const url = await crashAt('sign-up:registered', (base) => new ApiClient(base).post('/api/v1/auth/register', body));
  const admin = new ApiClient(url);
  await admin.login('admin@demo.cl', 'Demo2026!');
  const found = await admin.get(`/api/v1/users?search=${encodeURIComponent(body.workEmail)}`);
  expect(found.body.items.map((u: { email: string; roles: string[] }) => [u.email, u.roles])).toEqual([[body.workEmail, ['user']]]);
}, 300_000);

it('a reservation killed between the hold and the payment: cancelled at the restart, its unit and the buyer free to reserve again', async () => {
  let unitId = '';
  const url = await crashAt('reservation:held', async (base) => {
    const buyer = new ApiClient(base);
    await buyer.login('usuario@demo.cl', 'Demo2026!');
    unitId = (await buyer.get('/api/v1/projects/parque-nunoa/units?available=true')).body.items[0].id;
    return buyer.post('/api/v1/reservations', { unitId });
  });
  const buyer = new ApiClient(url);
  await buyer.login('usuario@demo.cl', 'Demo2026!');
  const mine = (await buyer.get('/api/v1/reservations/mine')).body.items as { id: string; unitId: string; status: string }[];
  const interrupted = mine.filter((r) => r.unitId === unitId);
  expect(interrupted.map((r) => r.status)).toEqual(['cancelled']);
  expect((await buyer.get(`/api/v1/units/${unitId}`)).body.commercialStatus).toBe('not_reserved');

  const admin = new ApiClient(url);
  await admin.login('admin@demo.cl', 'Demo2026!');
  const history = (await admin.get(`/api/v1/history/reservation/${interrupted[0].id}`)).body.items as { event: string; reason: string | null }[];
  expect(history[0]).toMatchObject({ event: 'Reserva cancelada', reason: 'El servidor se detuvo antes de abrir el pago; la unidad se liberó' });

  // One active reservation per buyer: the interrupted one gave its slot back, so the buyer reserves again at once.
  expect((await buyer.post('/api/v1/reservations', { unitId })).status).toBe(201);
}, 300_000);
