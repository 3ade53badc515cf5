import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteEventStore } from '../../adapters/embedded/sqlite-event-store';
import { SqliteReadStore } from '../../adapters/embedded/sqlite-read-store';
import type { EventToAppend } from '../../kernel/ports/event-store';
import { BackgroundCheckpoints, truncateWal } from '../../adapters/embedded/background-checkpoints';
import { openDatabase, type SqliteDatabase } from '../../adapters/embedded/sqlite-database';

/**
 * The embedded files' WAL checkpoints run in a thread of their own: the connections that commit (the read
 * store's on the event loop, the event writer's thread) never run one inside a commit, and the WAL still
 * reaches the database file while the store stays open.
 */
const event = (n: number): EventToAppend => ({
  type: 'Counted',
  data: { n, padding: 'x'.repeat(500) },
  metadata: { correlationId: `c${n}`, actorId: 'test', actorRoles: [], occurredAt: new Date(0).toISOString(), schemaVersion: 1 },
});

const grows = async (file: string, from: number): Promise<number> => {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    const size = fs.statSync(file).size;
    if (size > from) return size;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return fs.statSync(file).size;
};

describe('WAL checkpoints in a background thread', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkpoints-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('read store: the event loop connection never checkpoints, and its writes reach the file while it is open', async () => {
    const file = path.join(dir, 'read-models.sqlite');
    const store = SqliteReadStore.open(file);
    try {
      expect(store.database.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
      const before = fs.statSync(file).size;
      const docs = store.collection<{ _id: string; text: string }>('docs');
      for (let i = 0; i < 500; i++) await docs.insertOne({ _id: `d${i}`, text: 'y'.repeat(1000) });
      expect(await grows(file, before + 400_000)).toBeGreaterThan(before + 400_000);
    } finally {
      await store.close();
    }
    const reopened = SqliteReadStore.open(file);
    expect(await reopened.collection('docs').countDocuments({})).toBe(500);
    await reopened.close();
  });

  it('a WAL under a steady stream of commits is started again from its beginning instead of growing without end', async () => {
    const file = path.join(dir, 'stream.sqlite');
    const db = openDatabase(file, { durability: 'normal' });
    db.exec('CREATE TABLE rows (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
    const checkpoints = BackgroundCheckpoints.start(db, file, 'NORMAL', { restartPages: 200 });
    const insert = db.prepare('INSERT INTO rows (body) VALUES (?)');
    const commit = db.transaction(() => {
      for (let i = 0; i < 10; i++) insert.run('z'.repeat(4000));
    });
    /** The WAL header's checkpoint sequence: SQLite adds one each time the WAL starts again from its beginning. */
    const restarts = () => fs.readFileSync(`${file}-wal`).readUInt32BE(12);
    try {
      commit();
      const first = restarts();
      // A commit every millisecond or so for three seconds (a catch-up, a rebuild): ~100 MB in all.
      let written = 0;
      for (const until = Date.now() + 3_000; Date.now() < until; written += 40_000) {
        commit();
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      expect(restarts()).toBeGreaterThan(first);
      // What was written stayed in the file, and the WAL holds a small part of it.
      expect(db.prepare('SELECT COUNT(*) AS n FROM rows').get()).toEqual({ n: written / 4_000 + 10 });
      expect(fs.statSync(`${file}-wal`).size).toBeLessThan(written / 3);
    } finally {
      await checkpoints.stop();
      db.close();
    }
  });

  it('event store: the writer thread commits without checkpointing, and the log reaches the file while it is open', async () => {
    const file = path.join(dir, 'events.sqlite');
    const store = SqliteEventStore.open(file, { soleWriter: true });
    try {
      const before = fs.statSync(file).size;
      for (let i = 0; i < 100; i++) await store.append(`counter-${i}`, [event(i), event(i + 1), event(i + 2)], 'no_stream');
      expect(await grows(file, before + 100_000)).toBeGreaterThan(before + 100_000);
    } finally {
      await store.close();
    }
  });

  it('event store: if the checkpoint thread is lost, both of its writers checkpoint on their own again', async () => {
    const file = path.join(dir, 'events.sqlite');
    const store = SqliteEventStore.open(file, { soleWriter: true });
    const inside = store as unknown as {
      db: SqliteDatabase;
      writer: { setAutocheckpoint(pages: number): void };
      checkpoints: { worker: { terminate(): Promise<number> } };
    };
    const writer = jest.spyOn(inside.writer, 'setAutocheckpoint');
    try {
      expect(inside.db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
      await inside.checkpoints.worker.terminate();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(inside.db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
      expect(writer).toHaveBeenCalledWith(1000);
      await store.append('counter-after', [event(1)], 'no_stream');
    } finally {
      await store.close();
    }
  });
});

describe('emptying the WAL after an erasure', () => {
  /** A connection whose TRUNCATE checkpoint answers busy `times` times (the background thread holding the lock). */
  const busyFor = (times: number) => {
    let calls = 0;
    const db = { name: 'read-models.sqlite', pragma: () => [{ busy: calls++ < times ? 1 : 0 }] } as unknown as SqliteDatabase;
    return { db, calls: () => calls };
  };

  it('tries again while another checkpoint holds the lock, until the WAL is emptied', async () => {
    const { db, calls } = busyFor(3);
    await truncateWal(db);
    expect(calls()).toBe(4);
  });

  it('fails loudly rather than leave the deleted bytes when the lock never frees', async () => {
    await expect(truncateWal(busyFor(Infinity).db)).rejects.toThrow('the WAL could not be emptied');
  });
});
