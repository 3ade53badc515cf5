import { DEMO_ACCOUNTS } from '../../adapters/seed/demo-accounts';
import fs from 'node:fs';
import { SmtpSink } from '../../adapters/smtp/smtp-sink';
import { ApiClient } from '../support/api-client';
import { serverChildren } from '../support/server-child';
import { distributedTests, releaseDistributed } from '../support/distributed-env';
import { signup, tempDir, testEnv } from '../support/test-app';

/**
 * `adapters/main.ts` as real child processes (tests/support/server-child.ts): Node itself runs the server (tsx as a
 * loader), so a SIGKILL reaches the server and not a wrapper that would keep the files (and, distributed, the
 * consumer groups) busy.
 */
const { start: startServer, kill: killServers } = serverChildren();

describe('kill -9 after acknowledged commands', () => {
  const dataDir = tempDir('plataforma-kill');
  const sink = new SmtpSink();
  let env: Record<string, string> = {};
  afterAll(async () => {
    // A failed test must not leave a server behind.
    killServers();
    await sink.close();
    await releaseDistributed(env);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses nothing acknowledged, and the projections catch up after the restart', async () => {
    // Distributed: the new server's projectors wait for the killed one's to leave their consumer groups
    // (KAFKA_SESSION_TIMEOUT_MS), then catch up from the committed offsets; a query waits that long.
    env = testEnv(dataDir, await sink.listen(0), distributedTests() ? { READ_YOUR_WRITES_TIMEOUT_MS: '30000' } : {});
    const first = await startServer(env);
    const c = new ApiClient(first.url);
    const bodies = Array.from({ length: 8 }, () => signup());
    let position = '1';
    for (const body of bodies) {
      const res = await c.post('/api/v1/auth/register', body);
      expect(res.status).toBe(201);
      position = res.headers.get('x-event-position')!;
    }
    // Every sign-up above was acknowledged: now the process dies without any chance to flush.
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    expect(() => process.kill(first.child.pid!, 0)).toThrow(); // the server itself is gone, not a wrapper

    const second = await startServer(env);
    try {
      const admin = new ApiClient(second.url);
      await admin.login('admin@demo.cl');
      for (const body of bodies) {
        const found = await admin.get(`/api/v1/users?search=${encodeURIComponent(body.workEmail)}`, { 'x-min-position': position });
        expect(found.headers.get('x-read-stale')).toBeNull();
        expect(found.body.items.map((u: { email: string }) => u.email)).toEqual([body.workEmail]);
      }
      // The restarted server still refuses the same RUT: the claims survived too.
      expect((await admin.post('/api/v1/auth/register', signup({ rut: bodies[0].rut }))).body.code).toBe('RUT_ALREADY_EXISTS');
      const demoUsers = await admin.get('/api/v1/users?search=demo.cl&perPage=50');
      expect(demoUsers.body.total).toBe(DEMO_ACCOUNTS.length); // the seed did not run twice
    } finally {
      second.child.kill('SIGTERM');
      await new Promise((r) => second.child.once('exit', r));
    }
  }, 120_000); // two servers started as processes of their own (one killed), each seeded or restarted from its files
});
