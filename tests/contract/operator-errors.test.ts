import { spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteEventStore } from '../../adapters/embedded/sqlite-event-store';

const ROOT = path.resolve(__dirname, '../..');

/** Runs an entry point as an operator would, in its own process. */
const run = (entry: string, env: Record<string, string>, args: string[] = []) =>
  spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, entry), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });

/** A line of a JavaScript stack trace ("    at fn (file:line:col)"). */
const STACK_LINE = /^\s+at .+/m;

describe('what an operator sees when the platform refuses to start', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'operator-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('npm start with a wrong setting: the one line that says which, no stack trace', () => {
    const result = run('adapters/main.ts', { DATA_DIR: dir, MODE: 'cluster' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('No se pudo iniciar la plataforma: MODE must be embedded or distributed, got "cluster"');
    expect(result.stderr).not.toMatch(STACK_LINE);
  });

  /** Runs `npm start`'s entry point while `occupied` listens: it must stop, exit 1, and say which setting. */
  const startBeside = async (env: (port: number) => Record<string, string>) => {
    const occupied = net.createServer();
    await new Promise<void>((resolve) => occupied.listen(0, '127.0.0.1', resolve));
    const port = (occupied.address() as net.AddressInfo).port;
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'adapters/main.ts')], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dir, MODE: 'embedded', DEMO_SEED: 'false', DEMO_CATALOGUE: 'off', ...env(port) },
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const status = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      return { status, stderr, port };
    } finally {
      occupied.close();
    }
  };

  it('npm start on a port another process holds (PORT, SMTP_SINK_PORT): one line naming the setting', async () => {
    const http = await startBeside((port) => ({ PORT: String(port), SMTP_SINK_PORT: '0' }));
    expect(http.status).toBe(1);
    expect(http.stderr).toContain(`No se pudo iniciar la plataforma: 127.0.0.1:${http.port} is already in use (PORT)`);
    expect(http.stderr).not.toMatch(STACK_LINE);
    const smtp = await startBeside((port) => ({ PORT: '0', SMTP_SINK_PORT: String(port) }));
    expect(smtp.status).toBe(1);
    expect(smtp.stderr).toContain(`127.0.0.1:${smtp.port} is already in use (SMTP_SINK_PORT)`);
    expect(smtp.stderr).not.toMatch(STACK_LINE);
  }, 60_000);

  it('a rebuild while the server holds the data directory: told to stop it first, no stack trace', async () => {
    const running = SqliteEventStore.open(path.join(dir, 'events.sqlite'), { soleWriter: true });
    try {
      const result = run('adapters/cli/rebuild-projection.ts', { DATA_DIR: dir, MODE: 'embedded' }, ['users']);
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/events\.sqlite is already open for writing by another process .*: stop it first/);
      expect(result.stderr).not.toMatch(STACK_LINE);
    } finally {
      await running.close();
    }
  });
});
