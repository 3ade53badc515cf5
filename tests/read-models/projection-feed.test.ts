import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../adapters/embedded/sqlite-database';
import { SqliteEventStore } from '../../adapters/embedded/sqlite-event-store';
import { SqliteReadStore } from '../../adapters/embedded/sqlite-read-store';
import type { EventStore, EventToAppend, RecordedEvent, SubscribeOptions } from '../../kernel/ports/event-store';
import type { ReadStore } from '../../kernel/ports/read-store';
import { guardedUpsert } from '../../kernel/projections/guarded-writes';
import type { Projection } from '../../kernel/projections/projection';
import { ProjectionRunner } from '../../kernel/projections/projection-runner';

const event = (n: number): EventToAppend => ({
  type: 'Counted',
  data: { n },
  metadata: { correlationId: 'c', actorId: 'a', actorRoles: [], occurredAt: new Date(0).toISOString(), schemaVersion: 1 },
});

/** A projection keeping one document per stream with the last `n` it saw; `failing` makes apply throw. */
const counter = (name: string, failing = { on: false }): Projection & { seen: RecordedEvent[] } => {
  const seen: RecordedEvent[] = [];
  return {
    name,
    seen,
    collections: [name],
    eventTypes: ['Counted'],
    async apply(e: RecordedEvent, store: ReadStore) {
      if (failing.on) throw new Error(`${name} is down`);
      seen.push(e);
      await guardedUpsert(store.collection(name), e.streamId, e, { $set: { n: e.data.n } });
    },
  };
};

/** Counts the subscriptions opened on the log: the runner should need one for all its projections. */
const countingSubscriptions = <S extends EventStore>(store: S): S & { opened: number } => {
  const counting = Object.assign(store, { opened: 0 });
  const subscribe = store.subscribeToAll.bind(store);
  counting.subscribeToAll = (options: SubscribeOptions) => {
    counting.opened++;
    return subscribe(options);
  };
  return counting;
};

describe('projection feed (embedded)', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feed-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('one subscription to the log feeds every projection, each event exactly once while nothing fails', async () => {
    const events = countingSubscriptions(SqliteEventStore.open(path.join(dir, 'events.sqlite')));
    const store = SqliteReadStore.open(path.join(dir, 'read.sqlite'));
    const projections = [counter('a'), counter('b'), counter('c')];
    const runner = new ProjectionRunner(events, store, projections);
    await runner.start();
    let last = 0;
    for (let i = 0; i < 30; i++) last = (await events.append(`s-${i % 3}`, [event(i)], i < 3 ? 'no_stream' : Math.floor(i / 3) - 1)).lastGlobalPosition;
    expect(await runner.waitFor(last, 5000)).toBe(true);
    expect(events.opened).toBe(1);
    for (const p of projections) expect(p.seen.map((e) => e.data.n)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    await runner.stop();
    await events.close();
    await store.close();
  });

  it('a failing projection does not hold the others back, and catches up (at least once) when it recovers', async () => {
    const events = SqliteEventStore.open(path.join(dir, 'events.sqlite'));
    const store = SqliteReadStore.open(path.join(dir, 'read.sqlite'));
    const failing = { on: true };
    const healthy = counter('healthy');
    const flaky = counter('flaky', failing);
    const errors: string[] = [];
    const runner = new ProjectionRunner(events, store, [flaky, healthy], (name) => errors.push(name));
    await runner.start();
    const first = await events.append('s-1', [event(1), event(2)], 'no_stream');
    // The healthy projection's document shows the events while the flaky one is still failing.
    for (;;) {
      if ((await store.collection('healthy').findOne({ _id: 's-1' }))?.n === 2) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(errors).toContain('flaky');
    expect(runner.position()).toBeLessThan(first.lastGlobalPosition);
    failing.on = false;
    const second = await events.append('s-1', [event(3)], 1);
    expect(await runner.waitFor(second.lastGlobalPosition, 5000)).toBe(true);
    expect(await store.collection('flaky').findOne({ _id: 's-1' })).toMatchObject({ n: 3 });
    expect(flaky.seen.map((e) => e.data.n)).toEqual([1, 2, 3]);
    await runner.stop();
    await events.close();
    await store.close();
  });

  it('after a restart every projection resumes from its own checkpoint, documents and checkpoint written together', async () => {
    const eventsFile = path.join(dir, 'events.sqlite');
    const readFile = path.join(dir, 'read.sqlite');
    let events = SqliteEventStore.open(eventsFile);
    let store = SqliteReadStore.open(readFile);
    let runner = new ProjectionRunner(events, store, [counter('a')]);
    await runner.start();
    const early = await events.append('s-1', [event(1)], 'no_stream');
    expect(await runner.waitFor(early.lastGlobalPosition, 5000)).toBe(true);
    await runner.stop();
    const late = await events.append('s-1', [event(2)], 0);
    await store.close();

    store = SqliteReadStore.open(readFile);
    expect(await store.collection('_checkpoints').findOne({ _id: 'a' })).toMatchObject({ position: early.lastGlobalPosition });
    expect(await store.collection('a').findOne({ _id: 's-1' })).toMatchObject({ n: 1 });
    const a = counter('a');
    const b = counter('b');
    runner = new ProjectionRunner(events, store, [a, b]);
    await runner.start();
    expect(await runner.waitFor(late.lastGlobalPosition, 5000)).toBe(true);
    expect(a.seen.map((e) => e.data.n)).toEqual([2]);
    expect(b.seen.map((e) => e.data.n)).toEqual([1, 2]);
    await runner.stop();
    await events.close();
    events = SqliteEventStore.open(eventsFile);
    await events.close();
    await store.close();
  });
});

/**
 * A projection that gathers a sum over a delivery and writes it in `flush` (as the sales rollups do), with a
 * guard per event so a retry does not count twice; `failOn` makes the event with that `n` throw once.
 */
const gathering = (failOn?: number) => {
  const gathered = new WeakMap<ReadStore, number>();
  const flushes: number[] = [];
  let failed = false;
  const projection: Projection = {
    name: 'gathering',
    collections: ['gathering', 'gathering_seen'],
    eventTypes: ['Counted'],
    async apply(e: RecordedEvent, store: ReadStore) {
      if (e.data.n === failOn && !failed) {
        failed = true;
        throw new Error('down for one event');
      }
      if (await store.collection('gathering_seen').findOne({ _id: String(e.globalPosition) })) return;
      await store.collection('gathering_seen').insertOne({ _id: String(e.globalPosition) });
      gathered.set(store, (gathered.get(store) ?? 0) + 1);
    },
    async flush(store: ReadStore) {
      const n = gathered.get(store) ?? 0;
      gathered.delete(store);
      flushes.push(n);
      if (n > 0) await store.collection('gathering').updateOne({ _id: 'total' }, { $inc: { n } }, { upsert: true });
    },
  };
  return { projection, flushes };
};

describe('projections that gather over a delivery (flush)', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flush-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('flush writes once per delivery what its events gathered, in the batch with their documents', async () => {
    const events = SqliteEventStore.open(path.join(dir, 'events.sqlite'));
    const store = SqliteReadStore.open(path.join(dir, 'read.sqlite'));
    // 40 events already in the log: the runner's catch-up delivers them together.
    const last = (
      await events.append(
        's',
        Array.from({ length: 40 }, (_, i) => event(i)),
        'no_stream',
      )
    ).lastGlobalPosition;
    const { projection, flushes } = gathering();
    const runner = new ProjectionRunner(events, store, [projection]);
    await runner.start();
    expect(await runner.waitFor(last, 5000)).toBe(true);
    expect(await store.collection('gathering').findOne({ _id: 'total' })).toMatchObject({ n: 40 });
    expect(flushes.filter((n) => n > 0)).toEqual([40]);
    await runner.stop();
    await events.close();
    await store.close();
  });

  it('what events gathered before one failed is flushed, and the retry adds only the rest', async () => {
    const events = SqliteEventStore.open(path.join(dir, 'events.sqlite'));
    const store = SqliteReadStore.open(path.join(dir, 'read.sqlite'));
    const last = (
      await events.append(
        's',
        Array.from({ length: 10 }, (_, i) => event(i)),
        'no_stream',
      )
    ).lastGlobalPosition;
    const { projection, flushes } = gathering(6);
    const runner = new ProjectionRunner(events, store, [projection]);
    await runner.start();
    expect(await runner.waitFor(last, 5000)).toBe(true);
    expect(flushes.filter((n) => n > 0)).toEqual([6, 4]);
    expect(await store.collection('gathering').findOne({ _id: 'total' })).toMatchObject({ n: 10 });
    await runner.stop();
    await events.close();
    await store.close();
  });
});

describe('read store batch (embedded)', () => {
  it('writes are seen at once and are in the file once the batch settles, also when its work failed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'batch-'));
    const file = path.join(dir, 'read.sqlite');
    const store = SqliteReadStore.open(file);
    await expect(
      store.batch(async (view) => {
        await view.collection('units').insertOne({ _id: 'u1', status: 'free' });
        await view.collection('units').updateOne({ _id: 'u1' }, { $set: { status: 'held', at: new Date(0) } });
        expect(await store.collection('units').findOne({ _id: 'u1' })).toMatchObject({ status: 'held', at: new Date(0).toISOString() });
        await view.collection('units').insertOne({ _id: 'u2' });
        await view.collection('units').deleteOne({ _id: 'u2' });
        throw new Error('projection failed after two writes');
      }),
    ).rejects.toThrow('projection failed');
    await store.close();
    const reopened = SqliteReadStore.open(file);
    expect(await reopened.collection('units').find({})).toEqual([{ _id: 'u1', status: 'held', at: new Date(0).toISOString() }]);
    await reopened.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a batch that cannot be written leaves memory as the file has it: nothing half-applied', async () => {
    const db = openDatabase(':memory:');
    const store = new SqliteReadStore(db);
    await store.collection('units').insertOne({ _id: 'u1', status: 'free' });
    await expect(
      store.batch(async (view) => {
        await view.collection('units').updateOne({ _id: 'u1' }, { $set: { status: 'held' } });
        await view.collection('units').insertOne({ _id: 'u2', status: 'free' });
        // The transaction at the end of the batch will be refused, as a full disk would refuse it.
        db.exec("CREATE TEMP TRIGGER refuse BEFORE INSERT ON documents BEGIN SELECT RAISE(ABORT, 'disk says no'); END");
      }),
      // Not toThrow(): better-sqlite3's error class may come from another test file's module registry.
    ).rejects.toMatchObject({ message: 'disk says no' });
    db.exec('DROP TRIGGER refuse');
    expect(await store.collection('units').find({})).toEqual([{ _id: 'u1', status: 'free' }]);
    await store.close();
    db.close();
  });
});
