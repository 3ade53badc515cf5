import fs from 'node:fs';
import http from 'node:http';
import { startPlatform, type Platform } from '../../adapters/composition/platform';
import { loadConfig } from '../../adapters/config';
import { SmtpSink } from '../../adapters/smtp/smtp-sink';
import { ApiClient } from '../support/api-client';
import { serverChildren } from '../support/server-child';
import { signup, tempDir, testEnv } from '../support/test-app';

/**
 * SIGTERM under load (docker stop, a Kubernetes rollout): the server stops accepting connections, finishes the
 * requests in flight (one of them still receiving its body when the signal comes), closes its stores and exits 0.
 * Restarted on the same data directory, it has every sign-up it acknowledged with a 2xx.
 */
const children = serverChildren();
const dataDir = tempDir('plataforma-sigterm');
const mail = new SmtpSink();
let second: Platform | undefined;
afterAll(async () => {
  children.kill();
  await second?.stop();
  await mail.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type SignUp = ReturnType<typeof signup>;

/** A sign-up whose body the test finishes sending when it chooses (the http module: fetch sends a body whole). */
const slowSignUp = (url: string, client: ApiClient, token: string, body: SignUp) => {
  const payload = JSON.stringify(body);
  const req = http.request(`${url}/api/v1/auth/register`, {
    method: 'POST',
    agent: false,
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(payload),
      accept: 'application/json',
      cookie: client.cookieHeader(),
      'x-csrf-token': token,
    },
  });
  const answered = new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
    req.once('response', (res) => {
      res.resume();
      res.once('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
    });
    req.once('error', reject);
  });
  req.write(payload.slice(0, 20));
  return { answered, finish: () => req.end(payload.slice(20)) };
};

/** Resolves once `count` is reached (the writers call `tick` for every 2xx). */
const counter = (count: number) => {
  let seen = 0;
  let reached!: () => void;
  const done = new Promise<void>((resolve) => (reached = resolve));
  return { done, tick: () => ++seen === count && reached() };
};

it('drains on SIGTERM: in-flight requests answered, new connections refused, exit 0, every acknowledged write kept', async () => {
  const env = testEnv(dataDir, await mail.listen(0), { DEMO_CATALOGUE: 'false' });
  const first = await children.start(env);
  let stdout = '';
  const stopping = new Promise<void>((resolve) =>
    first.child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('Deteniendo')) resolve();
    }),
  );
  const exited = new Promise<number | null>((resolve) => first.child.once('exit', (code) => resolve(code)));

  // A request in flight: its headers are in, its body is not.
  const slowClient = new ApiClient(first.url);
  const slowBody = signup();
  const slow = slowSignUp(first.url, slowClient, await slowClient.csrf(), slowBody);
  const inFlight = async () => {
    const text = await (await fetch(`${first.url}/metrics`)).text();
    return Number(/^http_requests_in_flight (\d+)/m.exec(text)?.[1] ?? 0);
  };
  while ((await inFlight()) < 2); // the scrape itself and the slow sign-up

  // Writers posting sign-ups until the server is gone; each 2xx is an acknowledged write.
  const acknowledged: SignUp[] = [];
  const enough = counter(6);
  const writer = async () => {
    const client = new ApiClient(first.url);
    for (;;) {
      const body = signup();
      let status: number;
      try {
        status = (await client.post('/api/v1/auth/register', body)).status;
      } catch {
        return; // refused or closed: not acknowledged, and the server is going
      }
      expect(status).toBe(201);
      acknowledged.push(body);
      enough.tick();
    }
  };
  const writers = Promise.all([writer(), writer(), writer()]);
  await enough.done;

  first.child.kill('SIGTERM');
  await stopping;
  // Draining: no new connection is taken, while the slow sign-up, once its body is in, is answered and recorded.
  await expect(fetch(`${first.url}/api/v1/health/live`)).rejects.toThrow();
  slow.finish();
  expect(await slow.answered).toEqual({ status: 201, connection: 'close' });
  acknowledged.push(slowBody);
  await writers;
  expect(await exited).toBe(0);

  // The restart in this process (quicker to start than a child); it is ready once the read models caught up.
  second = await startPlatform(loadConfig(env), () => undefined);
  const admin = new ApiClient(second.url);
  await admin.login('admin@demo.cl');
  for (const body of acknowledged) {
    const found = await admin.get(`/api/v1/users?search=${encodeURIComponent(body.workEmail)}`);
    expect(found.body.items.map((u: { email: string }) => u.email)).toEqual([body.workEmail]);
  }
}, 120_000); // a server started as a child process (for the signal), then one in this process on its data
