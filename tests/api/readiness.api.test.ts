import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { startPlatform, type Platform } from '../../adapters/composition/platform';
import { loadConfig } from '../../adapters/config';
import { SmtpSink } from '../../adapters/smtp/smtp-sink';
import type { EventStore } from '../../kernel/ports/event-store';
import { TOKENS } from '../../kernel/ports/tokens';
import type { ReadSide } from '../../kernel/projections/read-side';
import { releaseDistributed } from '../support/distributed-env';
import { tempDir, testEnv } from '../support/test-app';

/**
 * Readiness: a server restarted over a data dir full of events answers nothing from half-built read
 * models. It listens at once (liveness answers 200 throughout), but readiness says "starting" (503) and every
 * other route answers 503 until every projection reached the head of the event store as it was at start.
 */
const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

interface Seen {
  readonly url: string;
  readonly status: number;
  readonly body: { total?: number; status?: string; code?: string };
}

const dataDir = tempDir('plataforma-readiness');
const mail = new SmtpSink();
let env: Record<string, string>;
let platform: Platform | undefined;

beforeAll(async () => {
  env = testEnv(dataDir, await mail.listen(0));
});
afterAll(async () => {
  await platform?.stop();
  await mail.close();
  await releaseDistributed(env);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('a restarted server answers no request from read models that are still catching up', async () => {
  // First run: the demo catalogue and accounts, then the full catalogue as the reference.
  const first = await startPlatform(loadConfig(env), () => undefined);
  const head = await first.container.get<EventStore>(TOKENS.EventStore).headPosition();
  expect(await first.container.get<ReadSide>(TOKENS.ProjectionRunner).waitFor(head, 60_000)).toBe(true);
  await first.ready; // distributed mode listens before it is ready: the reference read must not race the flag
  const full = (await (await fetch(`${first.url}/api/v1/projects?limit=1`)).json()) as { total: number };
  expect(full.total).toBeGreaterThan(20);
  await first.stop();
  // Every read model starts again from nothing: thousands of events to project before the catalogue is whole.
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(path.join(dataDir, `read-models.sqlite${suffix}`), { force: true });

  const port = await freePort();
  const base = `http://127.0.0.1:${port}/api/v1`;
  const seen: Seen[] = [];
  let started = false;
  const starting = startPlatform(loadConfig({ ...env, PORT: String(port) }), () => undefined)
    .then(async (p) => {
      platform = p;
      await p.ready; // distributed: listening already, ready later
    })
    .finally(() => {
      started = true;
    });
  // Knock until the platform is ready, keeping every answer the server gave meanwhile.
  while (!started) {
    for (const url of [`${base}/health`, `${base}/projects?limit=1`, `${base}/health/live`]) {
      try {
        const res = await fetch(url);
        seen.push({ url, status: res.status, body: (await res.json()) as Seen['body'] });
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 5)); // not listening yet
      }
    }
  }
  await starting;
  for (const url of [`${base}/health`, `${base}/projects?limit=1`]) {
    const res = await fetch(url);
    seen.push({ url, status: res.status, body: (await res.json()) as Seen['body'] });
  }

  const catalogue = seen.filter((s) => s.url.includes('/projects'));
  const health = seen.filter((s) => s.url.endsWith('/health'));
  const live = seen.filter((s) => s.url.endsWith('/health/live'));
  expect(live.map((s) => [s.status, s.body.status])).toEqual(live.map(() => [200, 'alive']));
  // Whatever was answered is whole, or an honest "starting".
  for (const s of catalogue)
    expect(s.status === 200 ? s.body.total : [s.status, s.body.code]).toEqual(s.status === 200 ? full.total : [503, 'SERVICE_STARTING']);
  for (const s of health) expect(s.status === 200 ? s.body.status : [s.status, s.body.status]).toEqual(s.status === 200 ? 'ready' : [503, 'starting']);
  expect(seen.slice(-2).map((s) => s.status)).toEqual([200, 200]);
  // Ready: GET /health is GET /health/ready under its old name; the stores answered the probe.
  const ready = await fetch(`${base}/health/ready`);
  expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready', mode: env.MODE ?? 'embedded', readPosition: expect.any(Number) }]);
}, 90_000); // two starts, the second over thousands of events to project again
