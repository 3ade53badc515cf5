import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../adapters/embedded/sqlite-database';
import { SqliteEventStore } from '../../adapters/embedded/sqlite-event-store';
import { SqliteReadStore } from '../../adapters/embedded/sqlite-read-store';
import { SqliteSessionStore } from '../../adapters/embedded/sqlite-session-store';
import type { EventToAppend } from '../../kernel/ports/event-store';
import { Deferred } from './deferred';
import { describeEventStoreContract } from './event-store.contract';
import { durabilityStream } from './fixtures/append-until-killed';
import { describeReadStoreContract } from './read-store.contract';
import { describeSessionStoreContract } from './session-store.contract';
import { describeCatalogIndexContract } from './catalog-index.contract';
import { SqliteCatalogIndex } from '../../adapters/embedded/sqlite-catalog-index';
import { DocumentCatalogIndex } from '../../read-models/catalog/document-catalog-index';

/** A fresh SQLite file in its own temporary directory, removed by `remove`. */
function temporaryFile(): { file: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-contract-'));
  return { file: path.join(dir, 'data.sqlite'), remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

describeEventStoreContract('SQLite file', async () => {
  const { file, remove } = temporaryFile();
  const store = SqliteEventStore.open(file);
  return { store, cleanup: async () => (await store.close(), remove()) };
});

describeEventStoreContract('SQLite file, appending on the event loop (no writer thread)', async () => {
  const { file, remove } = temporaryFile();
  const store = SqliteEventStore.open(file, { writerThread: false });
  return { store, cleanup: async () => (await store.close(), remove()) };
});

describeReadStoreContract('SQLite file', async () => {
  const { file, remove } = temporaryFile();
  const db = openDatabase(file);
  const store = new SqliteReadStore(db);
  return { store, cleanup: async () => (await store.close(), db.close(), remove()) };
});

describeReadStoreContract('SQLite file, written by a writer thread', async () => {
  const { file, remove } = temporaryFile();
  const store = SqliteReadStore.open(file, { writerThread: true });
  return { store, cleanup: async () => (await store.close(), remove()) };
});

describeSessionStoreContract('SQLite file', async () => {
  const { file, remove } = temporaryFile();
  const store = SqliteSessionStore.open(file);
  return { store, cleanup: async () => (await store.close(), remove()) };
});

describeReadStoreContract('SQLite in memory', async () => {
  const store = SqliteReadStore.open(':memory:');
  return { store, cleanup: () => store.close() };
});

describeCatalogIndexContract('SQLite tables + FTS5 trigram', async () => {
  const { file, remove } = temporaryFile();
  const store = SqliteReadStore.open(file);
  return { store, index: SqliteCatalogIndex.of(store), cleanup: async () => (await store.close(), remove()) };
});

describeCatalogIndexContract('SQLite tables + FTS5 trigram, written by a writer thread', async () => {
  const { file, remove } = temporaryFile();
  const store = SqliteReadStore.open(file, { writerThread: true });
  return { store, index: SqliteCatalogIndex.of(store), cleanup: async () => (await store.close(), remove()) };
});

// The MongoDB adapter's queries evaluated by mingo: what read-model tests over an in-memory store use.
describeCatalogIndexContract('documents queried in the MongoDB language, over the embedded store', async () => {
  const store = SqliteReadStore.open(':memory:');
  return { store, index: new DocumentCatalogIndex(store), cleanup: () => store.close() };
});

describe('embedded adapters', () => {
  let temporary: ReturnType<typeof temporaryFile>;
  beforeEach(() => (temporary = temporaryFile()));
  afterEach(() => temporary.remove());

  const event = (n: number): EventToAppend => ({
    type: 'Numbered',
    data: { n },
    metadata: { correlationId: 'c', actorId: 'a', actorRoles: [], occurredAt: new Date(0).toISOString(), schemaVersion: 1 },
  });

  it('opens the database durable: WAL, synchronous FULL, a busy timeout and foreign keys', () => {
    const db = openDatabase(path.join(path.dirname(temporary.file), 'nested', 'dir', 'data.sqlite'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(db.pragma('busy_timeout', { simple: true })).toBeGreaterThan(0);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    db.close();
  });

  it('the three stores share one database', async () => {
    const db = openDatabase(temporary.file);
    const events = new SqliteEventStore(db);
    const documents = new SqliteReadStore(db);
    const sessions = new SqliteSessionStore(db);
    await events.append('unit-1', [event(0)], 'no_stream');
    await documents.collection('units').insertOne({ _id: 'unit-1' });
    await sessions.put({ id: 's', kind: 'cookie', userId: 'u', createdAt: '', lastActivityAt: '', expiresAt: '', remember: false });
    await Promise.all([events.close(), documents.close(), sessions.close()]);
    expect(db.open).toBe(true);
    db.close();
  });

  it('an append wakes this store’s subscriptions at once, without waiting for the poll', async () => {
    const store = SqliteEventStore.open(temporary.file, { pollIntervalMs: 3_600_000 });
    const received = new Deferred<number[]>();
    const subscription = store.subscribeToAll({ fromPosition: 0, onEvents: async (events) => received.resolve(events.map((e) => e.revision)) });
    await new Promise((resolve) => setImmediate(resolve)); // the subscription is now waiting for events
    await store.append('unit-1', [event(0)], 'no_stream');
    expect(await received.promise).toEqual([0]);
    await subscription.stop();
    await store.close();
  });

  it('a subscription sees events another connection to the file appends', async () => {
    const writer = SqliteEventStore.open(temporary.file);
    const reader = SqliteEventStore.open(temporary.file);
    const received = new Deferred<number[]>();
    reader.subscribeToAll({ fromPosition: 0, onEvents: async (events) => received.resolve(events.map((e) => e.revision)) });
    await writer.append('unit-1', [event(0), event(1)], 'no_stream');
    expect(await received.promise).toEqual([0, 1]);
    await Promise.all([writer.close(), reader.close()]);
  });

  it('close() stops subscriptions, waiting for the handler in flight', async () => {
    const store = SqliteEventStore.open(temporary.file);
    await store.append('unit-1', [event(0)], 'no_stream');
    const entered = new Deferred<void>();
    const release = new Deferred<void>();
    store.subscribeToAll({ fromPosition: 0, onEvents: async () => (entered.resolve(), release.promise) });
    await entered.promise;
    let closed = false;
    const closing = store.close().then(() => (closed = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false);
    release.resolve();
    await closing;
  });

  it('the read store keeps documents, natural order, empty collections and unique indexes across a reopen', async () => {
    const first = SqliteReadStore.open(temporary.file);
    const users = first.collection('users');
    await users.createIndex({ keys: { email: 1 }, unique: true });
    for (const id of ['c', 'a', 'b']) await users.insertOne({ _id: id, email: `${id}@example.cl` });
    await users.updateOne({ _id: 'c' }, { $set: { name: 'Carla' } });
    await first.collection('empty').insertOne({ _id: 'x' });
    await first.collection('empty').deleteOne({ _id: 'x' });
    await first.close();

    const reopened = SqliteReadStore.open(temporary.file);
    const again = reopened.collection('users');
    expect((await again.find({})).map((u) => u._id)).toEqual(['c', 'a', 'b']);
    expect(await again.findOne({ _id: 'c' })).toEqual({ _id: 'c', email: 'c@example.cl', name: 'Carla' });
    await expect(again.insertOne({ _id: 'd', email: 'a@example.cl' })).rejects.toThrow('email_1');
    expect(await reopened.listCollections()).toEqual(['empty', 'users']);
    await reopened.close();
  });

  it('the read store stores documents as JSON: dates become ISO strings', async () => {
    const store = SqliteReadStore.open(':memory:');
    const at = new Date('2025-01-02T03:04:05.000Z');
    await store.collection('quotes').insertOne({ _id: 'q1', at, missing: undefined });
    await store.collection('quotes').updateOne({ _id: 'q1' }, { $set: { updatedAt: at } });
    expect(await store.collection('quotes').findOne({ _id: 'q1' })).toStrictEqual({
      _id: 'q1',
      at: at.toISOString(),
      updatedAt: at.toISOString(),
    });
    await store.close();
  });

  // MongoDB behaves the same (an upsert seeds from $and's equality clauses, SERVER-13843, and never from a
  // regex; a clashing index name is IndexKeySpecsConflict), but the wire-protocol emulator the distributed
  // suite runs on does not, so these are pinned here rather than in the shared contract.
  it('an upsert seeds from equality clauses inside $and, and nothing from a regex', async () => {
    const store = SqliteReadStore.open(':memory:');
    const units = store.collection('units');
    await units.updateOne({ $and: [{ _id: 'u9' }, { projectId: 'p1' }], code: /^A/ }, { $set: { status: 'new' } }, { upsert: true });
    expect(await units.findOne({ _id: 'u9' })).toEqual({ _id: 'u9', projectId: 'p1', status: 'new' });
    await store.close();
  });

  it('the read store refuses a different index under an existing name', async () => {
    const store = SqliteReadStore.open(':memory:');
    await store.collection('units').createIndex({ keys: { number: 1 }, name: 'by_number' });
    await expect(store.collection('units').createIndex({ keys: { floor: 1 }, name: 'by_number' })).rejects.toThrow('by_number');
    await store.close();
  });

  it('the read store refuses aggregation stages that would write ($out, $merge)', async () => {
    const store = SqliteReadStore.open(':memory:');
    await expect(store.collection('units').aggregate([{ $match: {} }, { $out: 'copy' }])).rejects.toThrow('$out');
    await expect(store.collection('units').aggregate([{ $merge: { into: 'copy' } }])).rejects.toThrow('$merge');
    await store.close();
  });

  it.each([
    [1, 'shared'],
    [8, 'shared'],
    [1, 'sole'],
    [8, 'sole'],
  ])('every append acknowledged before a kill -9 is in the file afterwards (%i concurrent writers, %s writer, commits grouped)', async (writers, mode) => {
    const script = path.join(__dirname, 'fixtures', 'append-until-killed.ts');
    // node itself with tsx's loader (not the tsx CLI, which runs the script in a grandchild the kill would miss).
    const child = spawn(process.execPath, ['--import', 'tsx', script, temporary.file, String(writers), mode], {
      cwd: path.resolve(__dirname, '../..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const acknowledged = new Map<string, number>();
    let total = 0;
    let buffered = '';
    const killed = new Deferred<void>();
    child.stdout.on('data', (chunk: Buffer) => {
      const lines = (buffered + chunk.toString()).split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        const [ok, stream, n] = line.split(' ');
        if (ok !== 'ok') continue;
        acknowledged.set(stream, Number(n) + 1);
        total++;
      }
      if (total >= 30 * writers && !child.killed) {
        child.kill('SIGKILL');
        killed.resolve();
      }
    });
    await Promise.race([killed.promise, exited]);
    expect(await exited).toBeNull(); // killed by a signal, not finished

    const store = SqliteEventStore.open(temporary.file);
    for (let w = 0; w < writers; w++) {
      const count = acknowledged.get(durabilityStream(w)) ?? 0;
      const stored = await store.readStream(durabilityStream(w));
      expect(stored.length).toBeGreaterThanOrEqual(count);
      expect(stored.slice(0, count).map((e) => e.data.n)).toEqual(Array.from({ length: count }, (_, n) => n));
    }
    await store.close();
  });

  it('appends to one stream made at once are checked in the order they were made (one group commit)', async () => {
    const store = SqliteEventStore.open(temporary.file);
    const stream = 'unit-ordered';
    const outcomes = await Promise.allSettled([
      store.append(stream, [event(0)], 'no_stream'),
      store.append(stream, [event(1)], 0),
      store.append(stream, [event(99)], 0),
      store.append(stream, [event(2)], 1),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((await store.readStream(stream)).map((e) => e.data.n)).toEqual([0, 1, 2]);
    await store.close();
  });

  it('an event that cannot be stored fails its own append only, not the others committed with it', async () => {
    const store = SqliteEventStore.open(temporary.file);
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const outcomes = await Promise.allSettled([
      store.append('unit-a', [event(1)], 'no_stream'),
      store.append('unit-b', [{ ...event(2), data: circular }], 'no_stream'),
      store.append('unit-c', [event(3)], 'no_stream'),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await store.readStream('unit-b')).toEqual([]);
    expect((await store.readAll({ fromPosition: 0, limit: 10 })).map((e) => e.streamId)).toEqual(['unit-a', 'unit-c']);
    await store.close();
  });

  it("a subscription gets the events another connection appended between this store's own appends", async () => {
    const store = SqliteEventStore.open(temporary.file, { pollIntervalMs: 10 });
    const other = SqliteEventStore.open(temporary.file);
    await store.append('unit-a', [event(1)], 'no_stream');
    await other.append('unit-b', [event(2)], 'no_stream');
    await store.append('unit-a', [event(3)], 0);
    const received: number[] = [];
    const done = new Deferred<void>();
    const subscription = store.subscribeToAll({
      fromPosition: 0,
      onEvents: async (events) => {
        received.push(...events.map((e) => e.data.n as number));
        if (received.length >= 3) done.resolve();
      },
    });
    await done.promise;
    expect(received).toEqual([1, 2, 3]);
    await subscription.stop();
    await other.close();
    await store.close();
  });
});
