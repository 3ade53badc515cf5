import { spawnSync } from 'node:child_process';
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
