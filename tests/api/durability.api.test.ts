import { DEMO_ACCOUNTS } from '../../adapters/seed/demo-accounts';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SmtpSink } from '../../adapters/smtp/smtp-sink';
import { ApiClient } from '../support/api-client';
import { distributedTests, releaseDistributed } from '../support/distributed-env';
import { signup, tempDir, testEnv } from '../support/test-app';

const ROOT = path.resolve(__dirname, '../..');
const children: ChildProcess[] = [];

/**
 * Starts `adapters/main.ts` as a real child process and resolves with its URL once it is listening.
 * Node itself runs the server (tsx as a loader): the tsx CLI would run it in a grandchild that outlives a
 * SIGKILL sent to the CLI, and keep the files (and, distributed, the consumer groups) busy.
 */
const startServer = (env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'adapters/main.ts')], {
      cwd: ROOT,
      // It says it is ready on its log, so the log is on whatever level the test chose for its own.
      env: { ...process.env, ...env, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /lista en (http:\/\/[^\s]+)/.exec(output);
      if (match) resolve({ child, url: match[1] });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });

describe('kill -9 after acknowledged commands', () => {
  const dataDir = tempDir('plataforma-kill');
  const sink = new SmtpSink();
  let env: Record<string, string> = {};
  afterAll(async () => {
    // A failed test must not leave a server behind.
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
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
