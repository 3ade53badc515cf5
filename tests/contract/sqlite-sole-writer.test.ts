import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteEventStore } from '../../adapters/embedded/sqlite-event-store';
import type { EventToAppend } from '../../kernel/ports/event-store';
import { loadStream } from '../../kernel/command-handling/decided-state';
import { describeEventStoreContract } from './event-store.contract';

/**
 * Embedded mode: the API process is its event file's only writer (a lock file enforces it), so the store keeps
 * each stream's last revision and answers "anything after revision n?" without a query.
 */
const ROOT = path.resolve(__dirname, '../..');

const event = (n: number): EventToAppend => ({
  type: 'Counted',
  data: { n },
  metadata: { correlationId: `c${n}`, actorId: 'test', actorRoles: [], occurredAt: new Date(0).toISOString(), schemaVersion: 1 },
});

const counter = {
  initialState: () => 0,
  evolve: (total: number, e: { type: string; data: unknown }) => total + (e.data as { n: number }).n,
};

const temporaryFile = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sole-writer-'));
  return { file: path.join(dir, 'events.sqlite'), remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
};

describeEventStoreContract('SQLite file, sole writer', async () => {
  const { file, remove } = temporaryFile();
  const store = SqliteEventStore.open(file, { soleWriter: true });
  return { store, cleanup: async () => (await store.close(), remove()) };
});

describe('SQLite event store, sole writer', () => {
  let temporary: ReturnType<typeof temporaryFile>;
  beforeEach(() => (temporary = temporaryFile()));
  afterEach(() => temporary.remove());

  it('answers the read after a known revision from memory, and still returns what was appended since', async () => {
    const store = SqliteEventStore.open(temporary.file, { soleWriter: true });
    try {
      expect(await store.readStream('counter-1')).toEqual([]);
      const queried = store.readStats.reads - store.readStats.answeredFromMemory;
      // An empty stream read again, as a command's decided state does before the first append.
      expect(await store.readStream('counter-1')).toEqual([]);
      expect(store.readStats.reads - store.readStats.answeredFromMemory).toBe(queried);

      await store.append('counter-1', [event(2), event(3)], 'no_stream');
      expect((await loadStream(store, 'counter-1', counter)).state).toBe(5);
      const fromMemory = store.readStats.answeredFromMemory;
      expect(await loadStream(store, 'counter-1', counter)).toMatchObject({ state: 5, revision: 1 });
      expect(store.readStats.answeredFromMemory).toBe(fromMemory + 1);

      // The append is seen by the next read after the revision known before it.
      await store.append('counter-1', [event(4)], 1);
      expect(await loadStream(store, 'counter-1', counter)).toMatchObject({ state: 9, revision: 2 });
      expect((await store.readStream('counter-1', { fromRevision: 2 })).map((e) => e.data)).toEqual([{ n: 4 }]);
    } finally {
      await store.close();
    }
  });

  it('tells the last revision it knows without a read: none for a stream never seen, -1 once read as absent, then each append', async () => {
    const store = SqliteEventStore.open(temporary.file, { soleWriter: true });
    try {
      expect(store.knownLastRevision('counter-1')).toBeUndefined();
      await store.readStream('counter-1');
      expect(store.knownLastRevision('counter-1')).toBe(-1);
      await store.append('counter-1', [event(1), event(2)], 'no_stream');
      expect(store.knownLastRevision('counter-1')).toBe(1);
      await Promise.all([store.append('counter-2', [event(3)], 'no_stream'), store.append('counter-1', [event(4)], 1)]);
      expect([store.knownLastRevision('counter-1'), store.knownLastRevision('counter-2')]).toEqual([2, 0]);
    } finally {
      await store.close();
    }
  });

  it('a store that shares its file queries it on every read', async () => {
    const store = SqliteEventStore.open(temporary.file);
    try {
      await store.append('counter-1', [event(1)], 'no_stream');
      // Another process may have appended since: it never claims to know a stream's last revision.
      expect(store.knownLastRevision('counter-1')).toBeUndefined();
      await store.readStream('counter-1', { fromRevision: 1 });
      await store.readStream('counter-1', { fromRevision: 1 });
      expect(store.readStats.answeredFromMemory).toBe(0);
    } finally {
      await store.close();
    }
  });

  it('refuses a second writer of the same file, in this process or another, until the first closes', async () => {
    const first = SqliteEventStore.open(temporary.file, { soleWriter: true });
    await first.append('counter-1', [event(1)], 'no_stream');
    expect(() => SqliteEventStore.open(temporary.file, { soleWriter: true })).toThrow(/already open for writing by another process/);
    const other = () =>
      spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          '-e',
          `const { SqliteEventStore } = require(${JSON.stringify(path.join(ROOT, 'adapters/embedded/sqlite-event-store.ts'))});
           SqliteEventStore.open(${JSON.stringify(temporary.file)}, { soleWriter: true }).close().then(() => console.log('opened'), (e) => { console.log(e.message); process.exit(3); });`,
        ],
        { cwd: ROOT, encoding: 'utf8' },
      );
    const refused = other();
    expect(refused.status).not.toBe(0);
    expect(refused.stderr + refused.stdout).toMatch(/already open for writing by another process/);
    await first.close();
    const after = other();
    expect(after.stdout).toContain('opened');
    const reopened = SqliteEventStore.open(temporary.file, { soleWriter: true });
    expect(await reopened.readStream('counter-1')).toHaveLength(1);
    await reopened.close();
  });
});
