import { MongoBulkWriteError, MongoClient, type CommandStartedEvent, type Db } from 'mongodb';
import { advanceCheckpoint, advanceSafePosition, type CheckpointDoc } from '../../adapters/kafka/checkpoints';
import { MongoReadStore } from '../../adapters/mongodb/mongo-read-store';
import { DuplicateKeyError, type DocumentCollection, type ReadStore } from '../../kernel/ports/read-store';
import {
  compareAndSet,
  compareAndSetFolded,
  compareAndSetFoldedTogether,
  guardedUpsert,
  insertOnce,
  revisionStep,
} from '../../kernel/projections/guarded-writes';
import { describeReadStoreContract } from '../contract/read-store.contract';
import { MONGODB_URL } from './support/engines';
import { mongoDatabases } from './support/mongo';
import { recordedEvent } from '../support/recorded-event';

const databases = mongoDatabases('read_store');
afterAll(() => databases.close());

describeReadStoreContract('MongoDB (mongo-java-server here)', async () => {
  const { db, drop } = await databases.fresh();
  return { store: new MongoReadStore(db), cleanup: drop };
});

/** MongoReadStore.batch's view (the Kafka projector's), kept past its batch: each operation runs at once. */
const batchView = async (store: MongoReadStore): Promise<ReadStore> => {
  let view: ReadStore | undefined;
  await store.batch(async (v) => {
    view = v;
  });
  return view!;
};

describeReadStoreContract('MongoDB, the batch view (guarded writes queued, sent in one bulkWrite)', async () => {
  const { db, drop } = await databases.fresh();
  return { store: await batchView(new MongoReadStore(db)), cleanup: drop };
});

describe('MongoDB batch view: guarded writes queued behind, one ordered bulkWrite per collection', () => {
  const recorded = (streamId: string, revision: number) => recordedEvent(streamId, revision);
  type Count = { _id: string; n: number; last: number; seen: number[] };
  const streams = Array.from({ length: 20 }, (_, i) => `counter-${i}`);
  /** Each stream's revisions in order, the streams interleaved (as a Kafka batch brings them), then a history row each. */
  const deliver = (view: ReadStore, revisions: readonly number[]) =>
    Promise.all(
      streams.map(async (s) => {
        for (const r of revisions) {
          await guardedUpsert(view.collection<Count>('counts'), s, recorded(s, r), { $inc: { n: 1 }, $set: { last: r }, $push: { seen: r } });
          await insertOnce(view.collection('history'), { _id: `${s}@${r}` });
        }
      }),
    );

  /** Counts the write commands sent to the server (insert/update/delete), by collection, and the statements in them. */
  const writeCommands = async () => {
    const client = await MongoClient.connect(MONGODB_URL, { monitorCommands: true });
    const sent: string[] = [];
    const statements: number[] = [];
    client.on('commandStarted', (e: CommandStartedEvent) => {
      if (!['insert', 'update', 'delete'].includes(e.commandName)) return;
      sent.push(`${e.commandName}:${String(e.command[e.commandName])}`);
      statements.push((e.command.updates ?? e.command.documents ?? e.command.deletes ?? []).length);
    });
    return { client, sent, statements };
  };

  it("a batch of 200 events over 20 streams is one request per collection, one upsert per document, applied in each stream's order", async () => {
    const { client, sent, statements } = await writeCommands();
    const { db, drop } = await databases.fresh();
    try {
      const store = new MongoReadStore(client.db(db.databaseName));
      await store.batch((view) => deliver(view, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]));
      expect(sent).toEqual(expect.arrayContaining(['insert:history', 'update:counts']));
      expect(sent).toHaveLength(2);
      // Each stream's ten upserts went as one ($inc summed, $set the last, $push all ten in order); the rows one each.
      expect(statements[sent.indexOf('update:counts')]).toBe(20);
      expect(statements[sent.indexOf('insert:history')]).toBe(200);
      const docs = await store.collection<Count>('counts').find({}, { sort: { _id: 1 } });
      expect(docs.map((d) => [d.n, d.last, d.seen])).toEqual(streams.map(() => [10, 9, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]]));
      expect(await store.collection('history').countDocuments({})).toBe(200);
    } finally {
      await drop();
      await client.close();
    }
  });

  it('redelivery of a half-applied batch changes nothing it had applied and applies the rest, in order, in a few requests', async () => {
    const { client, sent } = await writeCommands();
    const { db, drop } = await databases.fresh();
    try {
      const store = new MongoReadStore(client.db(db.databaseName));
      await store.batch((view) => deliver(view, [0, 1, 2, 3]));
      // The batch comes back whole (its offsets were never committed), plus what follows.
      sent.length = 0;
      await store.batch((view) => deliver(view, [0, 1, 2, 3, 4, 5, 6]));
      // Per collection: the bulk stops at the first duplicate, the rest is sent less what is already applied.
      expect(sent.length).toBeLessThanOrEqual(4);
      await store.batch((view) => deliver(view, [5, 6]));
      const docs = await store.collection<Count>('counts').find({}, { sort: { _id: 1 } });
      expect(docs.map((d) => [d.n, d.last, d.seen])).toEqual(streams.map(() => [7, 6, [0, 1, 2, 3, 4, 5, 6]]));
      expect(await store.collection('history').countDocuments({})).toBe(140);
    } finally {
      await drop();
      await client.close();
    }
  });

  it('a document fed by two streams: their upserts are merged only where nothing of the other stream came between', async () => {
    const { client, statements } = await writeCommands();
    const { db, drop } = await databases.fresh();
    try {
      const store = new MongoReadStore(client.db(db.databaseName));
      const set = (view: ReadStore, stream: string, revision: number, value: string) =>
        guardedUpsert(view.collection('cards'), 'card', recorded(stream, revision), { $set: { value }, $push: { log: `${stream}${revision}` } });
      await store.batch(async (view) => {
        await set(view, 'unit-a', 0, 'a0');
        await set(view, 'unit-a', 1, 'a1'); // merged with a0
        await set(view, 'unit-b', 0, 'b0'); // another stream's guard: queued apart
        await set(view, 'unit-a', 2, 'a2'); // b0 came between: queued apart, after it
        await set(view, 'unit-a', 3, 'a3'); // merged with a2
      });
      expect(statements).toEqual([3]);
      expect(await store.collection('cards').findOne({ _id: 'card' })).toMatchObject({
        value: 'a3',
        log: ['unit-a0', 'unit-a1', 'unit-b0', 'unit-a2', 'unit-a3'],
      });
    } finally {
      await drop();
      await client.close();
    }
  });

  it('a redelivered batch whose merged upserts were half applied before: each event lands once, in order', async () => {
    const { db, drop } = await databases.fresh();
    try {
      const store = new MongoReadStore(db);
      await store.batch((view) => deliver(view, [0, 1]));
      await store.batch((view) => deliver(view, [2]));
      // Revisions 0-2 applied; the batch comes back from 1 with more: its merged upsert (1-5) is refused on its
      // first event, and goes back to its events one by one.
      await store.batch((view) => deliver(view, [1, 2, 3, 4, 5]));
      const docs = await store.collection<Count>('counts').find({}, { sort: { _id: 1 } });
      expect(docs.map((d) => [d.n, d.last, d.seen])).toEqual(streams.map(() => [6, 5, [0, 1, 2, 3, 4, 5]]));
    } finally {
      await drop();
    }
  });

  type Totals = { _id: string; events: number; seen: string[]; _v: Record<string, number> };
  /** A category total fed by several streams: each event counted and named, guarded by its stream's revision. */
  const countInto = (view: ReadStore, stream: string, revision: number) =>
    guardedUpsert(view.collection('totals'), 'unit', recorded(stream, revision), { $inc: { events: 1 }, $push: { seen: `${stream}@${revision}` } });
  const totalsOf = (store: ReadStore) => store.collection<Totals>('totals').findOne({ _id: 'unit' });

  it("a refused merged upsert is not overtaken by a later one of its stream in the same request (a category total's lost event)", async () => {
    const { db, drop } = await databases.fresh();
    try {
      const store = new MongoReadStore(db);
      await store.batch(async (view) => {
        await countInto(view, 'unit-a', 0);
        await countInto(view, 'unit-a', 1);
      });
      // Redelivered from 1 with more, another stream between: queued as a1+a2 (merged), b0, a3. The merged upsert is
      // refused (a1 was applied); had a3 gone through on its own guard, a2 would never be applied.
      await store.batch(async (view) => {
        await countInto(view, 'unit-a', 1);
        await countInto(view, 'unit-a', 2);
        await countInto(view, 'unit-b', 0);
        await countInto(view, 'unit-a', 3);
      });
      const doc = await totalsOf(store);
      expect(doc?.events).toBe(5);
      expect([...(doc?.seen ?? [])].sort()).toEqual(['unit-a@0', 'unit-a@1', 'unit-a@2', 'unit-a@3', 'unit-b@0']);
    } finally {
      await drop();
    }
  });

  it('events a batch brings twice (the relay republished from its checkpoint) are applied once, merged or not', async () => {
    const { db, drop } = await databases.fresh();
    try {
      const store = new MongoReadStore(db);
      // One stream's events, then again from the middle (merged into one upsert per run), then twice over with another
      // stream between each (queued apart, each chained to the last); then a later batch with the same again.
      const delivery = [
        ...[0, 1, 2, 3, 4, 2, 3, 4, 5].map((r) => ['unit-a', r] as const),
        ...[0, 1, 1, 2].flatMap((r) => [['unit-b', r] as const, ['unit-a', 6 + r] as const]),
      ];
      for (let pass = 0; pass < 2; pass++)
        await store.batch(async (view) => {
          for (const [stream, revision] of delivery) await countInto(view, stream, revision);
        });
      const doc = await totalsOf(store);
      const a = [0, 1, 2, 3, 4, 5, 6, 7, 8].map((r) => `unit-a@${r}`);
      const b = [0, 1, 2].map((r) => `unit-b@${r}`);
      expect(doc?.events).toBe(12);
      expect([...(doc?.seen ?? [])].sort()).toEqual([...a, ...b].sort());
      expect(doc?._v).toEqual({ unit_a: 8, unit_b: 2 });
    } finally {
      await drop();
    }
  });

  it("two partitions' first upserts of a missing document at once: the one that collides is sent again, not taken as applied", async () => {
    const { db, drop } = await databases.fresh();
    try {
      // The race as MongoDB answers it: both upserts find no document, the other partition's insert lands first,
      // and this bulk's upsert collides on _id with its event never applied (mongo-java-server never races here).
      let raced = false;
      const racingDb = new Proxy(db, {
        get: (target, key) =>
          key === 'collection'
            ? (name: string) => {
                const collection = target.collection(name);
                return new Proxy(collection, {
                  get: (c, k) =>
                    k === 'bulkWrite' && !raced
                      ? async () => {
                          raced = true;
                          await c.insertOne({ _id: 'unit' as never, events: 1, _v: { unit_b: 0 } });
                          throw Object.assign(Object.create(MongoBulkWriteError.prototype) as MongoBulkWriteError, {
                            writeErrors: [{ index: 0, code: 11000, errmsg: 'E11000 duplicate key error dup key: { _id: "unit" }' }],
                          });
                        }
                      : Reflect.get(c, k, c),
                });
              }
            : Reflect.get(target, key, target),
      });
      const store = new MongoReadStore(racingDb);
      await store.batch((view) => guardedUpsert(view.collection('totals'), 'unit', recorded('unit-a', 0), { $inc: { events: 1 } }));
      expect(raced).toBe(true);
      expect(await store.collection('totals').findOne({ _id: 'unit' })).toEqual({ _id: 'unit', events: 2, _v: { unit_a: 0, unit_b: 0 } });
    } finally {
      await drop();
    }
  });

  it('a read through the view sees the writes queued before it', async () => {
    const { db, drop } = await databases.fresh();
    try {
      const store = new MongoReadStore(db);
      const seen = await store.batch(async (view) => {
        await guardedUpsert(view.collection<Count>('counts'), 'a', recorded('a', 0), { $set: { last: 0 } });
        await guardedUpsert(view.collection<Count>('counts'), 'a', recorded('a', 1), { $set: { last: 1 } });
        const doc = await view.collection<Count>('counts').findOne({ _id: 'a' });
        await guardedUpsert(view.collection<Count>('counts'), 'a', recorded('a', 2), { $set: { last: (doc?.last ?? -1) + 10 } });
        return doc?.last;
      });
      expect(seen).toBe(1);
      expect((await store.collection<Count>('counts').findOne({ _id: 'a' }))?.last).toBe(11);
    } finally {
      await drop();
    }
  });

  it('a queued write that fails rejects the batch and the view refuses what comes after it', async () => {
    const { db, drop } = await databases.fresh();
    try {
      const store = new MongoReadStore(db);
      await store.collection('counts').insertOne({ _id: 'text', n: 'not a number' });
      let afterwards: unknown;
      await expect(
        store.batch(async (view) => {
          await guardedUpsert(view.collection('counts'), 'ok', recorded('ok', 0), { $inc: { n: 1 } });
          await guardedUpsert(view.collection('counts'), 'text', recorded('text', 0), { $inc: { n: 1 } }); // $inc on a string
          await view
            .collection('counts')
            .findOne({ _id: 'ok' })
            .catch((error: unknown) => (afterwards = error));
          await guardedUpsert(view.collection('counts'), 'later', recorded('later', 0), { $inc: { n: 1 } }).catch((error: unknown) => (afterwards ??= error));
        }),
      ).rejects.toThrow();
      expect(afterwards).toBeInstanceOf(Error);
      expect(await store.collection('counts').findOne({ _id: 'later' })).toBeNull();
    } finally {
      await drop();
    }
  });
});

describe('MongoDB batch view: a document fed by many streams is read once per batch', () => {
  const event = (streamId: string, revision: number) => recordedEvent(streamId, revision, { type: 'UnitChanged' });
  type Card = { _id: string; units?: Record<string, { status: string; n: number }>; changes?: number; note?: string };
  /** The catalogue card's way: read, compute from what is read, write only if nobody wrote since. */
  const setUnit = (view: ReadStore, unit: string, revision: number, status: string) =>
    compareAndSet(view.collection<Card>('cards'), 'card', event(`unit-${unit}`, revision), (card) => ({
      [`units.${unit}`]: { status, n: revision },
      changes: (card.changes ?? 0) + 1,
    }));

  const commands = async () => {
    const client = await MongoClient.connect(MONGODB_URL, { monitorCommands: true });
    const sent: string[] = [];
    client.on('commandStarted', (e: CommandStartedEvent) => {
      if (['find', 'update'].includes(e.commandName)) sent.push(e.commandName);
    });
    return { client, sent };
  };

  it('reads the card once for a batch of compare-and-sets, and writes what a read would have given', async () => {
    const { client, sent } = await commands();
    const { db, drop } = await databases.fresh();
    try {
      const store = new MongoReadStore(client.db(db.databaseName));
      const seen = await store.batch(async (view) => {
        for (let revision = 0; revision < 4; revision++)
          for (const unit of ['a', 'b', 'c']) await setUnit(view, unit, revision, revision % 2 ? 'reserved' : 'free');
        // A read-only read by _id is answered from the batch's copy: what the writes made.
        return view.collection<Card>('cards').findOne({ _id: 'card' }, { readOnly: true });
      });
      expect(sent.filter((c) => c === 'find')).toHaveLength(1);
      expect(sent.filter((c) => c === 'update')).toHaveLength(12);
      const stored = await store.collection<Card>('cards').findOne({ _id: 'card' });
      expect(stored).toEqual(seen);
      expect(stored?.changes).toBe(12);
      expect(stored?.units).toEqual({ a: { status: 'reserved', n: 3 }, b: { status: 'reserved', n: 3 }, c: { status: 'reserved', n: 3 } });
    } finally {
      await drop();
      await client.close();
    }
  });

  it('a write by someone else between two of them is not lost: the next compare-and-set misses, reads again and builds on it', async () => {
    const { db, drop } = await databases.fresh();
    try {
      const store = new MongoReadStore(db);
      await store.batch(async (view) => {
        await setUnit(view, 'a', 0, 'free');
        // Another consumer (another partition's batch) writes the card its own way, counter and all.
        await store
          .collection<Card>('cards')
          .updateOne({ _id: 'card' }, { $set: { 'units.z': { status: 'sold', n: 9 }, note: 'other' }, $inc: { _w: 1, changes: 1 } });
        await setUnit(view, 'b', 0, 'free');
        await setUnit(view, 'a', 1, 'reserved');
      });
      const stored = await store.collection<Card>('cards').findOne({ _id: 'card' });
      expect(stored?.units).toEqual({ a: { status: 'reserved', n: 1 }, b: { status: 'free', n: 0 }, z: { status: 'sold', n: 9 } });
      expect(stored?.note).toBe('other');
      expect(stored?.changes).toBe(4);
    } finally {
      await drop();
    }
  });

  /** Cards one and two, written once each; card three does not exist yet. */
  const cardsOneAndTwo = async (db: Db) => {
    const store = new MongoReadStore(db);
    const cards = store.collection<Card>('cards');
    await cards.updateOne({ _id: 'one' }, { $set: { changes: 1, _w: 1 } }, { upsert: true });
    await cards.updateOne({ _id: 'two' }, { $set: { changes: 1, _w: 1 } }, { upsert: true });
    return { store, cards };
  };
  /** Each card took its unit once; card two also kept what the other consumer wrote. */
  const expectEachCardOnce = async (cards: DocumentCollection<Card>) => {
    const stored = await cards.find({}, { sort: { _id: 1 } });
    expect(stored.map(({ _id, changes, note, units }) => ({ _id, changes, note, units }))).toEqual([
      { _id: 'one', changes: 2, note: undefined, units: { a: { status: 'reserved', n: 0 } } },
      { _id: 'three', changes: 1, note: undefined, units: { c: { status: 'reserved', n: 0 } } },
      { _id: 'two', changes: 3, note: 'other', units: { b: { status: 'reserved', n: 0 } } },
    ]);
  };

  it('findByIds reads many cards in one request; each compare-and-set starts from its copy, a card changed since is read again', async () => {
    const { client, sent } = await commands();
    const { db, drop } = await databases.fresh();
    try {
      const { store, cards } = await cardsOneAndTwo(client.db(db.databaseName));
      sent.length = 0;
      const setOn = (view: ReadStore, id: string, unit: string) =>
        compareAndSet(view.collection<Card>('cards'), id, event(`unit-${unit}`, 0), (card) => ({
          [`units.${unit}`]: { status: 'reserved', n: 0 },
          changes: (card.changes ?? 0) + 1,
        }));
      await store.batch(async (view) => {
        await view.collection<Card>('cards').findByIds(['one', 'two', 'three']);
        expect(sent).toEqual(['find']);
        // Another consumer writes card two after findByIds read it: its copy is stale.
        await cards.updateOne({ _id: 'two' }, { $set: { note: 'other' }, $inc: { _w: 1, changes: 1 } });
        sent.length = 0;
        await Promise.all([setOn(view, 'one', 'a'), setOn(view, 'two', 'b'), setOn(view, 'three', 'c')]);
        // One update each from the copies; card two's missed and was read and written again. Card three, missing, was none.
        expect(sent.filter((c) => c === 'find')).toHaveLength(1);
        expect(sent.filter((c) => c === 'update')).toHaveLength(4);
      });
      await expectEachCardOnce(cards);
    } finally {
      await drop();
      await client.close();
    }
  });

  it('compare-and-sets of many cards go in one request; a card changed since its copy was read is given back to retry', async () => {
    const { client, sent } = await commands();
    const { db, drop } = await databases.fresh();
    try {
      const { store, cards } = await cardsOneAndTwo(client.db(db.databaseName));
      const step = (unit: string) =>
        revisionStep<Card>(event(`unit-${unit}`, 0), (card) => ({ [`units.${unit}`]: { status: 'reserved', n: 0 }, changes: (card.changes ?? 0) + 1 }));
      const wanted = [
        ['one', [step('a')]],
        ['two', [step('b')]],
        ['three', [step('c')]],
      ] as const;
      const lost = await store.batch(async (view) => {
        await view.collection<Card>('cards').findByIds(['one', 'two', 'three']);
        // Another consumer writes card two after findByIds read it: its copy is stale.
        await cards.updateOne({ _id: 'two' }, { $set: { note: 'other' }, $inc: { _w: 1, changes: 1 } });
        sent.length = 0;
        const given = await compareAndSetFoldedTogether(view.collection<Card>('cards'), wanted);
        expect(sent).toEqual(['update']);
        // The copies of the cards written are the batch's now: no read for them; card two's lost its race and is read again.
        expect(await view.collection<Card>('cards').findOne({ _id: 'one' }, { readOnly: true })).toEqual(expect.objectContaining({ changes: 2, _w: 2 }));
        expect(sent).toEqual(['update']);
        for (const [id, steps] of given) await compareAndSetFolded(view.collection<Card>('cards'), id, steps);
        return given.map(([id]) => id);
      });
      expect(lost).toEqual(['two']);
      await expectEachCardOnce(cards);
      // All applied already: nothing is written again.
      sent.length = 0;
      expect(await store.batch((view) => compareAndSetFoldedTogether(view.collection<Card>('cards'), wanted))).toEqual([]);
      expect(sent.filter((c) => c === 'update')).toEqual([]);
    } finally {
      await drop();
      await client.close();
    }
  });

  it('any other write to the collection in the batch drops the copy: the next read goes to the database', async () => {
    const { client, sent } = await commands();
    const { db, drop } = await databases.fresh();
    try {
      const store = new MongoReadStore(client.db(db.databaseName));
      const seen = await store.batch(async (view) => {
        await setUnit(view, 'a', 0, 'free');
        await view.collection<Card>('cards').updateMany({}, { $set: { note: 'everyone' } });
        return view.collection<Card>('cards').findOne({ _id: 'card' }, { readOnly: true });
      });
      expect(seen?.note).toBe('everyone');
      expect(sent.filter((c) => c === 'find')).toHaveLength(2);
    } finally {
      await drop();
      await client.close();
    }
  });
});

describe('MongoDB batch view: checkpoints advanced together', () => {
  it('go in one request, each only forward: a lower position is already applied, a document holding only the other field matches', async () => {
    const client = await MongoClient.connect(MONGODB_URL, { monitorCommands: true });
    const statements: number[] = [];
    client.on('commandStarted', (e: CommandStartedEvent) => {
      if (e.commandName === 'update') statements.push((e.command.updates ?? []).length);
    });
    const { db, drop } = await databases.fresh();
    try {
      const store = new MongoReadStore(client.db(db.databaseName));
      await advanceCheckpoint(store, '_checkpoints', 'ahead', 50);
      await advanceSafePosition(store, '_checkpoints', 'safe-only', 30);
      statements.length = 0;
      await store.batch(async (view) => {
        await advanceCheckpoint(view, '_checkpoints', 'ahead', 40);
        await advanceCheckpoint(view, '_checkpoints', 'safe-only', 20);
        await advanceCheckpoint(view, '_checkpoints', 'new', 7);
        await advanceCheckpoint(view, '_checkpoints', 'new', 9);
        expect(statements).toEqual([]);
      });
      // One request with a statement per checkpoint ('new' twice merged). The refused one is checked against the
      // stored positions (one read), and nothing is sent again.
      expect(statements).toEqual([3]);
      const stored = await store.collection<CheckpointDoc>('_checkpoints').find({}, { sort: { _id: 1 } });
      expect(stored.map(({ _id, position, safePosition }) => ({ _id, position, safePosition }))).toEqual([
        { _id: 'ahead', position: 50, safePosition: undefined },
        { _id: 'new', position: 9, safePosition: undefined },
        { _id: 'safe-only', position: 20, safePosition: 30 },
      ]);
    } finally {
      await drop();
      await client.close();
    }
  });
});

describe('MongoDB: several indexes of a collection in one request', () => {
  it('createIndexes sends one createIndexes command for all; each index exists and a unique one refuses a repeat', async () => {
    const client = await MongoClient.connect(MONGODB_URL, { monitorCommands: true });
    const sent: string[] = [];
    client.on('commandStarted', (e: CommandStartedEvent) => {
      if (e.command[e.commandName] === 'cards') sent.push(e.commandName);
    });
    const { db, drop } = await databases.fresh();
    try {
      const cards = new MongoReadStore(client.db(db.databaseName)).collection('cards');
      await cards.createIndexes!([
        { keys: { enabled: 1 } },
        { keys: { enabled: 1, communeCode: 1 } },
        { keys: { slug: 1 }, unique: true, name: 'slug_unique' },
      ]);
      expect(sent).toEqual(['createIndexes']);
      const names = (await db.collection('cards').indexes()).map((index) => index.name).sort();
      expect(names).toEqual(['_id_', 'enabled_1', 'enabled_1_communeCode_1', 'slug_unique']);
      await cards.insertOne({ _id: 'a', slug: 'parque' });
      await expect(cards.insertOne({ _id: 'b', slug: 'parque' })).rejects.toBeInstanceOf(DuplicateKeyError);
      // Asked again (every start asks): nothing changes, nothing fails.
      await cards.createIndexes!([{ keys: { enabled: 1 } }, { keys: { slug: 1 }, unique: true, name: 'slug_unique' }]);
      expect((await db.collection('cards').indexes()).map((index) => index.name).sort()).toEqual(names);
    } finally {
      await drop();
      await client.close();
    }
  });
});
