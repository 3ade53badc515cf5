import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SmtpSink } from '../../adapters/smtp/smtp-sink';
import { ApiClient } from '../support/api-client';
import { signup, tempDir, testEnv } from '../support/test-app';

const ROOT = path.resolve(__dirname, '../..');

/** Starts `adapters/main.ts` as a real child process and resolves with its URL once it is listening. */
const startServer = (env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(ROOT, 'adapters/main.ts')], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
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
  afterAll(async () => {
    await sink.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses nothing acknowledged, and the projections catch up after the restart', async () => {
    const env = testEnv(dataDir, await sink.listen(0));
    const first = await startServer(env);
    const c = new ApiClient(first.url);
    const bodies = Array.from({ length: 8 }, () => signup());
    for (const body of bodies) expect((await c.post('/api/v1/auth/register', body)).status).toBe(201);
    // Every sign-up above was acknowledged: now the process dies without any chance to flush.
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));

    const second = await startServer(env);
    try {
      const admin = new ApiClient(second.url);
      await admin.login('admin@demo.cl');
      for (const body of bodies) {
        const found = await admin.get(`/api/v1/users?search=${encodeURIComponent(body.workEmail)}`, { 'x-min-position': '1' });
        expect(found.body.items.map((u: { email: string }) => u.email)).toEqual([body.workEmail]);
      }
      // The restarted server still refuses the same RUT: the claims survived too.
      expect((await admin.post('/api/v1/auth/register', signup({ rut: bodies[0].rut }))).body.code).toBe('RUT_ALREADY_EXISTS');
      const demoUsers = await admin.get('/api/v1/users?search=demo.cl&perPage=50');
      expect(demoUsers.body.total).toBe(7); // the seed did not run twice
    } finally {
      second.child.kill('SIGTERM');
      await new Promise((r) => second.child.once('exit', r));
    }
  });
});
