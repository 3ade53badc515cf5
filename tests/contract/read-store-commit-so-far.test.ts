import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from '../../adapters/embedded/sqlite-driver';
import { SqliteReadStore } from '../../adapters/embedded/sqlite-read-store';
import type { RecordedEvent } from '../../kernel/ports/event-store';
import type { ReadStore, ReadStoreBatch } from '../../kernel/ports/read-store';
import { ProjectionRunner } from '../../kernel/projections/projection-runner';
import type { Projection } from '../../kernel/projections/projection';
import { SqliteEventStore } from '../../adapters/embedded/sqlite-event-store';

/**
 * A long delivery writes what it changed as it goes (ReadStore.commitSoFar), so its final commit never holds
 * the event loop for tens of milliseconds; a short one still writes once, at its end.
 */
describe('a read-store batch made durable as it goes', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'commit-so-far-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** Documents of `collection` in the file, as another process would read them. */
  const onDisk = (file: string, collection: string) => {
    const db = new Database(file, { readonly: true });
    try {
      return (db.prepare('SELECT COUNT(*) AS n FROM documents WHERE collection = ?').get(collection) as { n: number }).n;
    } finally {
      db.close();
    }
  };

  it('writes the batch so far once it changed many documents, and nothing before that', async () => {
    const file = path.join(dir, 'read-models.sqlite');
    const store = SqliteReadStore.open(file);
    try {
      const seen: number[] = [];
      await store.batch(async (view) => {
        const docs = view.collection('docs');
        const many = 1_024; // a delivery's writes past which it commits as it goes
        for (let i = 0; i < many - 1; i++) await docs.insertOne({ _id: `d${i}` });
        view.commitSoFar();
        seen.push(onDisk(file, 'docs'));
        for (let i = many - 1; i < many + 50; i++) await docs.insertOne({ _id: `d${i}` });
        view.commitSoFar();
        seen.push(onDisk(file, 'docs'));
        for (let i = many + 50; i < many + 60; i++) await docs.insertOne({ _id: `d${i}` });
      });
      seen.push(onDisk(file, 'docs'));
      expect(seen).toEqual([0, 1_024 + 50, 1_024 + 60]);
    } finally {
      await store.close();
    }
  });

  it('the projection feed asks for it between the events of a delivery', async () => {
    const events = SqliteEventStore.open(path.join(dir, 'events.sqlite'));
    const store = SqliteReadStore.open(path.join(dir, 'read-models.sqlite'));
    const calls: number[] = [];
    let applied = 0;
    const wrapped = new WeakSet<ReadStore>();
    const counting: Projection = {
      name: 'counting',
      collections: ['counts'],
      eventTypes: ['Counted'],
      async apply(event: RecordedEvent, view: ReadStore) {
        applied++;
        if (!('commitSoFar' in view)) throw new Error('the feed applies through a batch view');
        const batch = view as ReadStoreBatch;
        if (!wrapped.has(batch)) {
          wrapped.add(batch);
          const original = batch.commitSoFar;
          batch.commitSoFar = () => (calls.push(applied), original());
        }
        await view.collection('counts').insertOne({ _id: `${event.streamId}@${event.revision}` });
      },
    };
    const runner = new ProjectionRunner(events, store, [counting]);
    try {
      for (let i = 0; i < 10; i++)
        await events.append(
          `counter-${i}`,
          Array.from({ length: 10 }, (_, n) => ({
            type: 'Counted',
            data: { n },
            metadata: { correlationId: 'c', actorId: 'a', actorRoles: [], occurredAt: new Date(0).toISOString(), schemaVersion: 1 },
          })),
          'no_stream',
        );
      await runner.start();
      expect(await runner.waitFor(await events.headPosition(), 5_000)).toBe(true);
      expect(calls).toEqual([20, 40, 60, 80, 100]);
    } finally {
      await runner.stop();
      await store.close();
      await events.close();
    }
  });
});
