import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { SqliteEventStore } from '../../adapters/embedded/sqlite-event-store';
import type { EventToAppend, RecordedEvent } from '../../kernel/ports/event-store';
import { Deferred } from './deferred';

/** The event store's writer thread (adapters/embedded/event-writer-thread.ts): what the contract suite cannot see. */
const event = (n: number): EventToAppend => ({
  type: 'Counted',
  data: { n },
  metadata: { correlationId: `c-${n}`, actorId: 'test', actorRoles: [], occurredAt: new Date(0).toISOString(), schemaVersion: 1 },
});

const threadOf = (store: SqliteEventStore) => (store as unknown as { writer: { thread: { worker?: Worker } } }).writer.thread.worker;

describe('SQLite event store writer thread', () => {
  let dir: string;
  let store: SqliteEventStore;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'writer-thread-'));
    store = SqliteEventStore.open(path.join(dir, 'events.sqlite'));
  });
  afterEach(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('concurrent appends are grouped, each acknowledged once readable on the main connection, and the feed gets the very events', async () => {
    const seen: RecordedEvent[] = [];
    const all = new Deferred<void>();
    const subscription = store.subscribeToAll({
      fromPosition: 0,
      onEvents: async (events) => {
        seen.push(...events);
        if (seen.length === 64) all.resolve();
      },
    });
    try {
      const results = await Promise.all(
        Array.from({ length: 32 }, async (_, s) => {
          const first = await store.append(`counter-${s}`, [event(s)], 'no_stream');
          // Read-your-writes: the main thread's connection sees the thread's commit as soon as it is acknowledged.
          expect((await store.readStream(`counter-${s}`)).map((e) => e.revision)).toEqual([0]);
          return store.append(`counter-${s}`, [event(100 + s)], first.nextExpectedRevision);
        }),
      );
      expect(results.every((r) => r.nextExpectedRevision === 1)).toBe(true);
      expect(store.commitStats.appends).toBe(64);
      expect(store.commitStats.commits).toBeLessThan(64);
      await all.promise;
      const stored = await store.readAll({ fromPosition: 0, limit: 100 });
      expect(seen).toEqual(stored);
    } finally {
      await subscription.stop();
    }
  });

  it('a conflict found in the thread is a WrongExpectedRevisionError with the actual revision, the other appends of the group commit', async () => {
    await store.append('unit-1', [event(0)], 'no_stream');
    const [lost, won] = await Promise.allSettled([store.append('unit-1', [event(1)], 'no_stream'), store.append('unit-2', [event(2)], 'no_stream')]);
    expect(lost).toMatchObject({ status: 'rejected', reason: { name: 'WrongExpectedRevisionError', streamId: 'unit-1', expected: 'no_stream', actual: 0 } });
    expect(won).toMatchObject({ status: 'fulfilled', value: { nextExpectedRevision: 0 } });
  });

  it('a thread that dies is replaced: what it had in flight is rejected (never acknowledged), later appends commit', async () => {
    await store.append('unit-1', [event(0)], 'no_stream');
    const thread = threadOf(store)!;
    // The thread dies with the next group commit sent to it and unanswered (the message never reaches it).
    const posted = new Deferred<void>();
    thread.postMessage = () => posted.resolve();
    const inFlight = store.append('unit-1', [event(1)], 0);
    await posted.promise;
    await thread.terminate();
    await expect(inFlight).rejects.toThrow(/event writer thread exited/);
    await expect(store.append('unit-1', [event(2)], 0)).resolves.toMatchObject({ nextExpectedRevision: 1 });
    expect((await store.readStream('unit-1')).map((e) => e.data.n)).toEqual([0, 2]);
    expect(threadOf(store)).not.toBe(thread);
  });
});
