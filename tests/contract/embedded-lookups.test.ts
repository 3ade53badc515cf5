import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SqliteDocumentCollection } from '../../adapters/embedded/sqlite-document-collection';
import { SqliteReadStore } from '../../adapters/embedded/sqlite-read-store';
import type { Document, Filter } from '../../kernel/ports/read-store';

/**
 * The embedded read store reads a query naming an index's first field by equality through that field's lookup,
 * not by scanning the collection, and answers exactly what a scan answers, in the same (natural) order. Each
 * query below runs on two collections given the same writes, one with the indexes and one without.
 */
describe('embedded read store: lookups through indexes', () => {
  let dir: string;
  let store: SqliteReadStore;
  const file = () => path.join(dir, 'read.sqlite');
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lookups-'));
    store = SqliteReadStore.open(file());
  });
  afterEach(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const INDEXES = [
    { keys: { buyerId: 1, requestedAt: -1 } as Record<string, 1 | -1> },
    { keys: { status: 1 } as Record<string, 1 | -1> },
    { keys: { 'unit.projectId': 1 } as Record<string, 1 | -1> },
  ];
  const indexed = () => store.collection('reservations') as unknown as SqliteDocumentCollection;
  const scanned = () => store.collection('reservations_scanned');

  /** The same write on both collections. */
  const both = async (write: (collection: ReturnType<typeof scanned>) => Promise<unknown>) => {
    await write(store.collection('reservations'));
    await write(scanned());
  };

  const QUERIES: Filter[] = [
    { buyerId: 'b1' },
    { buyerId: { $eq: 'b2' } },
    { buyerId: { $in: ['b1', 'b3', 'nobody'] } },
    { buyerId: 'b1', status: 'held' },
    { status: 'held', amount: { $gt: 150 } },
    { status: null },
    { buyerId: null },
    { $and: [{ status: 'paid' }, { buyerId: 'b2' }] },
    { 'unit.projectId': 'p1' },
    { 'unit.projectId': 'p9' },
    { tags: 'vip' },
    { buyerId: 7 },
    { buyerId: 'nobody' },
    { status: { $ne: 'held' } },
  ];

  const sameAnswers = async () => {
    for (const query of QUERIES) {
      const expected = (await scanned().find(query)).map((doc) => doc._id);
      expect({ query, ids: (await indexed().find(query)).map((doc) => doc._id) }).toEqual({ query, ids: expected });
      expect(await indexed().countDocuments(query)).toBe(expected.length);
    }
  };

  const seed = async () => {
    for (const index of INDEXES) await indexed().createIndex(index);
    const docs: Document[] = [
      { _id: 'r1', buyerId: 'b1', status: 'held', amount: 100, unit: { projectId: 'p1' } },
      { _id: 'r2', buyerId: 'b2', status: 'paid', amount: 200, unit: { projectId: 'p2' } },
      { _id: 'r3', buyerId: 'b1', status: 'held', amount: 300, unit: [{ projectId: 'p1' }], tags: ['vip'] },
      { _id: 'r4', status: 'requested', amount: 50 },
      { _id: 'r5', buyerId: 7, status: null, unit: { projectId: 'p3' } },
      { _id: 'r6', buyerId: ['b1', 'b2'], status: 'held', amount: 400, unit: 'p1' },
      { _id: 'r7', buyerId: 'b3', status: 'paid', amount: 175, unit: { projectId: 'p1' } },
    ];
    for (const doc of docs) await both((c) => c.insertOne(doc));
  };

  it('finds by an indexed field what a scan finds, in natural order, and reads only the candidates', async () => {
    await seed();
    await sameAnswers();
    expect(indexed().plan({ buyerId: 'b1', status: 'held' })).toEqual({ lookup: 'buyerId', candidates: 3 }); // r1, r3 and r6 (an array)
    expect(indexed().plan({ 'unit.projectId': 'p3' })).toEqual({ lookup: 'unit.projectId', candidates: 2 }); // r5, and r3 (reached through an array)
    expect(indexed().plan({ amount: 100 })).toEqual({ lookup: null, candidates: 7 });
    // A first field in descending order is a sort, not a lookup.
    await indexed().createIndex({ keys: { amount: -1 } });
    expect(indexed().plan({ amount: 100 })).toEqual({ lookup: null, candidates: 7 });
  });

  it('follows updates that move documents between values, deletes, and a document deleted then inserted again (it goes last)', async () => {
    await seed();
    await both((c) => c.updateOne({ _id: 'r1' }, { $set: { buyerId: 'b2', status: 'paid' } }));
    await both((c) => c.updateMany({ status: 'held' }, { $set: { status: 'expired' } }));
    await both((c) => c.deleteOne({ _id: 'r2' }));
    await both((c) => c.insertOne({ _id: 'r2', buyerId: 'b1', status: 'held', amount: 250, unit: { projectId: 'p1' } }));
    await both((c) => c.replaceOne({ _id: 'r7' }, { _id: 'r7', buyerId: 'b1', status: 'held' }));
    await both((c) => c.updateOne({ _id: 'r3' }, { $unset: { unit: '', tags: '' }, $set: { buyerId: null } }));
    await both((c) => c.updateOne({ _id: 'r8' }, { $set: { buyerId: 'b1', status: 'requested' } }, { upsert: true }));
    await sameAnswers();
    expect((await indexed().find({ buyerId: 'b1' })).map((doc) => doc._id)).toEqual(['r6', 'r7', 'r2', 'r8']);
  });

  it('inside a batch (documents patched in place), after it, and after a batch whose work failed', async () => {
    await seed();
    await store.batch(async (view) => {
      for (const name of ['reservations', 'reservations_scanned']) {
        await view.collection(name).updateOne({ _id: 'r4' }, { $set: { buyerId: 'b3', status: 'held' } });
        await view.collection(name).updateOne({ _id: 'r4' }, { $set: { status: 'paid' } });
        await view.collection(name).updateOne({ _id: 'r9' }, { $set: { buyerId: 'b3', status: 'paid' } }, { upsert: true });
      }
      expect((await view.collection('reservations').find({ buyerId: 'b3', status: 'paid' })).map((doc) => doc._id)).toEqual(['r4', 'r7', 'r9']);
    });
    await sameAnswers();
    // A batch whose work fails still makes durable what it wrote (its events come back, and redo nothing).
    await expect(
      store.batch(async (view) => {
        for (const name of ['reservations', 'reservations_scanned']) await view.collection(name).updateOne({ _id: 'r4' }, { $set: { buyerId: 'b9' } });
        throw new Error('the delivery failed');
      }),
    ).rejects.toThrow('the delivery failed');
    expect((await indexed().find({ buyerId: 'b9' })).map((doc) => doc._id)).toEqual(['r4']);
    expect(await indexed().countDocuments({ buyerId: 'b3' })).toBe(2);
    await sameAnswers();
  });

  it('rebuilds its lookups from the saved index definitions when the store is opened again', async () => {
    await seed();
    await store.close();
    store = SqliteReadStore.open(file());
    await sameAnswers();
    expect(indexed().plan({ buyerId: 'b2' })).toEqual({ lookup: 'buyerId', candidates: 2 }); // r2 and r6
  });
});
