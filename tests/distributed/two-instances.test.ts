import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../adapters/config';
import { startPlatform, type Platform } from '../../adapters/composition/platform';
import { SmtpSink } from '../../adapters/smtp/smtp-sink';
import type { EventStore } from '../../kernel/ports/event-store';
import { TOKENS } from '../../kernel/ports/tokens';
import type { ReadSide } from '../../kernel/projections/read-side';
import { ApiClient } from '../support/api-client';
import { distributedEnv, releaseDistributed } from '../support/distributed-env';
import { signup, tempDir, testEnv, type TestApp } from '../support/test-app';
import { createBuyers, PASSWORD } from '../support/buyers';

/**
 * The scale-out shape on one machine: two stateless API processes on different ports, the relay and two
 * projector processes (`npm run relay`, `npm run projector`), all on one Kafka, one MongoDB database and
 * one SQLite event store file. Instance A runs in this process (so the test can read its event store);
 * everything else is a child process of its own.
 */
const ROOT = path.resolve(__dirname, '../..');
const children: ChildProcess[] = [];

/** Starts `node --import tsx <script>` and resolves once its output matches `ready`. */
const start = (script: string, args: string[], env: Record<string, string>, ready: RegExp): Promise<{ child: ChildProcess; match: RegExpExecArray }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, script), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env, LOG_LEVEL: 'info' }, // it says it is ready on its log
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match) resolve({ child, match });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}: ${output}`)));
    // Which process never said it was ready, and what it said instead (the hook's own timeout tells neither).
    setTimeout(() => reject(new Error(`${script} not ready within 100 s: ${output.slice(-3000)}`)), 100_000).unref();
  });

const stopChild = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });

describe('two API instances, a relay and two projector processes on the same engines', () => {
  const dataDir = tempDir('plataforma-two');
  const sink = new SmtpSink();
  let env: Record<string, string>;
  let a: Platform;
  let urlB: string;
  const apiOnly = { RUN_RELAY: 'off', RUN_PROJECTORS: 'off' };

  beforeAll(async () => {
    env = testEnv(dataDir, await sink.listen(0), { ...distributedEnv(), READ_YOUR_WRITES_TIMEOUT_MS: '15000' });
    // A first: it seeds (the seed is idempotent, not meant for two processes at once).
    a = await startPlatform(loadConfig({ ...env, ...apiOnly }), () => undefined);
    const [b] = await Promise.all([
      start('adapters/main.ts', [], { ...env, ...apiOnly }, /lista en (http:\/\/\S+)/),
      start('adapters/kafka/relay-main.ts', [], env, /"process":"relay","msg":"publishing/),
      // Two processes run every projection: both join the one consumer group, which splits its partitions (scale-out).
      start('adapters/kafka/projector-main.ts', [], env, /"msg":"running .* as consumer group \S+all/),
      start('adapters/kafka/projector-main.ts', [], env, /"msg":"running .* as consumer group \S+all/),
    ]);
    urlB = b.match[1];
    const head = await a.container.get<EventStore>(TOKENS.EventStore).headPosition();
    expect(await a.container.get<ReadSide>(TOKENS.ProjectionRunner).waitFor(head, 60_000)).toBe(true);
    await a.ready; // B printed "lista" once ready; A listened before (distributed) and is ready now too
  }, 120_000);

  afterAll(async () => {
    await Promise.all(children.map(stopChild));
    await a?.stop();
    await sink.close();
    await releaseDistributed(env);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const onA = () => new ApiClient(a.url);
  const onB = () => new ApiClient(urlB);

  it('50 concurrent sign-ups with one RUT, split over both instances: exactly one 201, 49 x 409 RUT_ALREADY_EXISTS', async () => {
    const rut = signup().rut;
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? onA() : onB()).post('/api/v1/auth/register', signup({ rut }))));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = answers.filter((r) => r.status !== 201);
    expect(refused.map((r) => [r.status, r.body.code])).toEqual(Array(49).fill([409, 'RUT_ALREADY_EXISTS']));
  });

  it('50 concurrent reservations of one unit, split over both instances: exactly one 201, 49 x 409 UNIT_ALREADY_RESERVED', async () => {
    const emails = await createBuyers({ platform: a } as TestApp, 50);
    const buyers = await Promise.all(
      emails.map(async (email, i) => {
        const client = i % 2 === 0 ? onA() : onB();
        await client.login(email, PASSWORD);
        return client;
      }),
    );
    const units = await onB().get('/api/v1/projects/mirador-providencia/units?available=true');
    const unit = units.body.items[0];
    const answers = await Promise.all(buyers.map((buyer) => buyer.post('/api/v1/reservations', { unitId: unit.id })));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.status !== 201).map((r) => [r.status, r.body.code])).toEqual(Array(49).fill([409, 'UNIT_ALREADY_RESERVED']));
    const held = (await a.container.get<EventStore>(TOKENS.EventStore).readStream(`unit-${unit.id}`)).filter((e) => e.type === 'UnitHeldForReservation');
    expect(held).toHaveLength(1);
  });

  it('a write on one instance is read on the other with X-Min-Position; a session opened on one works on the other', async () => {
    // Written on A, read on B.
    const body = signup();
    const registered = await onA().post('/api/v1/auth/register', body);
    expect(registered.status).toBe(201);
    const admin = onB();
    await admin.login('admin@demo.cl');
    const found = await admin.get(`/api/v1/users?search=${encodeURIComponent(body.workEmail)}`, {
      'x-min-position': registered.headers.get('x-event-position')!,
    });
    expect(found.headers.get('x-read-stale')).toBeNull();
    expect(Number(found.headers.get('x-read-position'))).toBeGreaterThanOrEqual(Number(registered.headers.get('x-event-position')));
    expect(found.body.items.map((u: { email: string }) => u.email)).toEqual([body.workEmail]);

    // The same browser (cookies, CSRF token) now talks to A: sessions live in MongoDB, not in a process.
    const sameBrowser = onA();
    for (const [name, value] of Object.entries(cookiesOf(admin))) sameBrowser.setCookie(name, value);
    const userId = found.body.items[0].id;
    const detail = await sameBrowser.get(`/api/v1/users/${userId}`);
    expect(detail.status).toBe(200);

    // Written on A (roles, conditional on the ETag read there), read on B at that position.
    const changed = await sameBrowser.put(
      `/api/v1/users/${userId}/roles`,
      { roles: ['user', 'collaborator'], reason: 'Alta en convenio' },
      { 'if-match': detail.headers.get('etag')! },
    );
    expect(changed.status).toBe(200);
    const history = await admin.get(`/api/v1/users/${userId}/role-history`, { 'x-min-position': changed.headers.get('x-event-position')! });
    expect(history.headers.get('x-read-stale')).toBeNull();
    expect(history.body.items[0]).toMatchObject({ userId, newRoles: ['collaborator', 'user'], reason: 'Alta en convenio' });
    const user = await admin.get(`/api/v1/users/${userId}`, { 'x-min-position': changed.headers.get('x-event-position')! });
    expect(user.body.roles).toEqual(['collaborator', 'user']);
  });

  it('a blue-green rebuild through an API instance while the projectors keep running: same documents, later writes still arrive', async () => {
    const root = onB();
    await root.login('superadmin@demo.cl');
    const before = await root.get('/api/v1/users?perPage=100&sort=email');
    const rebuilt = await root.post('/api/v1/admin/projections/users/rebuild');
    expect(rebuilt.status).toBe(200);
    expect(rebuilt.body.position).toBeGreaterThan(0);
    const after = await root.get('/api/v1/users?perPage=100&sort=email');
    expect(after.body).toEqual(before.body);
    // The live projector writes into the switched-in collection.
    const body = signup();
    const registered = await onA().post('/api/v1/auth/register', body);
    const found = await root.get(`/api/v1/users?search=${encodeURIComponent(body.workEmail)}`, {
      'x-min-position': registered.headers.get('x-event-position')!,
    });
    expect(found.body.items.map((u: { email: string }) => u.email)).toEqual([body.workEmail]);
  });
});

/** Every cookie an ApiClient holds. */
function cookiesOf(client: ApiClient): Record<string, string> {
  return Object.fromEntries((client as unknown as { cookies: Map<string, string> }).cookies);
}
