import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteEventStore } from '../../adapters/embedded/sqlite-event-store';
import { SqliteReadStore } from '../../adapters/embedded/sqlite-read-store';
import type { RecordedEvent } from '../../kernel/ports/event-store';
import type { ReadStore } from '../../kernel/ports/read-store';
import type { Projection } from '../../kernel/projections/projection';
import { ProjectionRunner } from '../../kernel/projections/projection-runner';
import { ProjectionDashboard } from '../../kernel/projections/projection-status';
import { outdatedProjections, PROJECTION_VERSIONS, recordVersion } from '../../kernel/projections/projection-versions';

const meta = { correlationId: 'c', actorId: 'a', actorRoles: [], occurredAt: new Date(0).toISOString(), schemaVersion: 1 };

/** Version 1 keeps the last `n` of each stream; version 2 keeps every `n`, a change of shape. */
const numbers = (version?: number): Projection => ({
  name: 'numbers',
  version,
  collections: ['numbers'],
  eventTypes: ['Counted'],
  async apply(e: RecordedEvent, store: ReadStore) {
    const update = version === 2 ? { $push: { all: e.data.n } } : { $set: { last: e.data.n } };
    await store.collection('numbers').updateOne({ _id: e.streamId }, update, { upsert: true });
  },
});

describe('projection versions', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'versions-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const run = async (projection: Projection, then?: (runner: ProjectionRunner, store: ReadStore, events: SqliteEventStore) => Promise<void>) => {
    const events = SqliteEventStore.open(path.join(dir, 'events.sqlite'));
    const store = SqliteReadStore.open(path.join(dir, 'read.sqlite'));
    const outdated = await outdatedProjections(store, [projection]);
    const runner = new ProjectionRunner(events, store, [projection]);
    await runner.start();
    expect(await runner.waitFor(await events.headPosition(), 5000)).toBe(true);
    await then?.(runner, store, events);
    await runner.stop();
    await events.close();
    await store.close();
    return outdated.map((p) => p.name);
  };

  it('a new read model is recorded as built by this version; an unchanged one is left as it is', async () => {
    const events = SqliteEventStore.open(path.join(dir, 'events.sqlite'));
    await events.append('s', [{ type: 'Counted', data: { n: 1 }, metadata: meta }], 'no_stream');
    await events.close();
    expect(await run(numbers())).toEqual([]);
    expect(await run(numbers())).toEqual([]);
    expect(await run(numbers(1))).toEqual([]);
  });

  it('a read model an earlier version built (or one from before versions were kept) is found outdated, and its rebuild records the new version', async () => {
    const events = SqliteEventStore.open(path.join(dir, 'events.sqlite'));
    await events.append(
      's',
      [1, 2, 3].map((n) => ({ type: 'Counted', data: { n }, metadata: meta })),
      'no_stream',
    );
    await events.close();
    await run(numbers());
    // Built before versions were kept: only its checkpoint says it exists.
    const store = SqliteReadStore.open(path.join(dir, 'read.sqlite'));
    await store.dropCollection(PROJECTION_VERSIONS);
    await store.close();

    const outdated = await run(numbers(2), async (runner, readStore, log) => {
      const dashboard = new ProjectionDashboard(runner, log, readStore, () => new Date());
      expect(await readStore.collection('numbers').findOne({ _id: 's' })).toMatchObject({ last: 3 });
      expect(dashboard.start('numbers')).toBe(true);
      for (let i = 0; i < 200 && !(await readStore.collection(PROJECTION_VERSIONS).findOne({ _id: 'numbers', version: 2 })); i++)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(await readStore.collection('numbers').findOne({ _id: 's' })).toEqual({ _id: 's', all: [1, 2, 3] });
    });
    expect(outdated).toEqual(['numbers']);
    expect(await run(numbers(2))).toEqual([]);
  });

  it('two processes recording a new read model at once: the one whose upsert collides on _id updates instead', async () => {
    const store = SqliteReadStore.open(path.join(dir, 'read.sqlite'));
    const collection = store.collection(PROJECTION_VERSIONS);
    // The other process inserts between this one's look and its upsert.
    const racing = Object.create(store) as ReadStore;
    racing.collection = ((name: string) => {
      const c = store.collection(name);
      const raced = Object.create(c) as typeof c;
      let first = true;
      raced.updateOne = async (filter, update, options) => {
        if (first && options?.upsert) {
          first = false;
          await collection.insertOne({ _id: 'numbers', version: 1, recordedAt: 'other' });
          return c.insertOne({ _id: 'numbers' }).then(() => ({ matchedCount: 0, modifiedCount: 0 }));
        }
        return c.updateOne(filter, update, options);
      };
      return raced;
    }) as ReadStore['collection'];
    await recordVersion(racing, numbers(2));
    expect(await collection.findOne({ _id: 'numbers' })).toMatchObject({ version: 2 });
    await store.close();
  });
});
