import { MongoReadStore } from '../../adapters/mongodb/mongo-read-store';
import type { RecordedEvent } from '../../application/ports/event-store';
import type { ReadStore } from '../../application/ports/read-store';
import { guardedUpsert } from '../../application/projections/guarded-writes';
import { describeReadStoreContract } from '../contract/read-store.contract';
import { mongoDatabases } from './support/mongo';

const databases = mongoDatabases('read_store');
afterAll(() => databases.close());

describeReadStoreContract('MongoDB (mongo-java-server here)', async () => {
  const { db, drop } = await databases.fresh();
  return { store: new MongoReadStore(db), cleanup: drop };
});

/** MongoReadStore.batch's view (the Kafka projector's): every upsert of a turn goes in one bulkWrite. */
const batchView = async (store: MongoReadStore): Promise<ReadStore> => {
  let view: ReadStore | undefined;
  await store.batch(async (v) => {
    view = v;
  });
  return view!;
};

describeReadStoreContract('MongoDB, the batch view (upserts of a turn in one bulkWrite)', async () => {
  const { db, drop } = await databases.fresh();
  return { store: await batchView(new MongoReadStore(db)), cleanup: drop };
});

describe('MongoDB batch view: guarded upserts issued at once', () => {
  const recorded = (streamId: string, revision: number): RecordedEvent => ({
    streamId,
    revision,
    globalPosition: revision + 1,
    type: 'Counted',
    data: {},
    metadata: { correlationId: 'c', actorId: 'a', actorRoles: [], occurredAt: new Date(0).toISOString(), schemaVersion: 1 },
    recordedAt: new Date(0).toISOString(),
  });

  it('answers each caller from its own entry: applied, or refused by its guard; a redelivery changes nothing', async () => {
    const { db, drop } = await databases.fresh();
    try {
      const store = new MongoReadStore(db);
      const streams = Array.from({ length: 20 }, (_, i) => `counter-${i}`);
      const deliver = (revision: number) =>
        store.batch((view) =>
          Promise.all(streams.map((s) => guardedUpsert(view.collection('counts'), s, recorded(s, revision), { $inc: { n: 1 }, $set: { last: revision } }))),
        );
      expect(await deliver(0)).toEqual(streams.map(() => true)); // inserted
      expect(await deliver(1)).toEqual(streams.map(() => true)); // matched and updated
      expect(await deliver(1)).toEqual(streams.map(() => false)); // redelivered: the guard refuses (duplicate key on upsert)
      // Two deliveries of the same event in the same bulk: exactly one applies.
      const twice = await store.batch((view) =>
        Promise.all([...streams, ...streams].map((s) => guardedUpsert(view.collection('counts'), s, recorded(s, 2), { $inc: { n: 1 }, $set: { last: 2 } }))),
      );
      expect(twice.filter(Boolean)).toHaveLength(streams.length);
      const docs = await store.collection<{ _id: string; n: number; last: number }>('counts').find({}, { sort: { _id: 1 } });
      expect(docs.map((d) => [d.n, d.last])).toEqual(streams.map(() => [3, 2]));
    } finally {
      await drop();
    }
  });
});
