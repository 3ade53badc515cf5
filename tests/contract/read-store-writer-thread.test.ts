import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteCatalogIndex } from '../../adapters/embedded/sqlite-catalog-index';
import { openDatabase, type SqliteDatabase } from '../../adapters/embedded/sqlite-database';
import { SqliteReadStore } from '../../adapters/embedded/sqlite-read-store';
import type { ReadStore } from '../../kernel/ports/read-store';
import { catalogProjection } from '../../read-models/catalog/catalog.projection';
import { CATALOG_PROJECTS } from '../../read-models/catalog/catalog-doc';
import { deliver } from '../support/projection-spec';
import { projectEvents, recorder } from './catalog-index.contract';

/**
 * The read-model file written by a thread of its own (the server's embedded mode): memory takes each write at once,
 * the thread writes them in the order they were made, and a write the thread fails leaves memory as the file is.
 */
describe('the embedded read store with its writer thread', () => {
  let dir: string;
  let file: string;
  let store: SqliteReadStore;
  let beside: SqliteDatabase;
  /** A document as the file holds it, read on a connection of its own. */
  const inFile = (collection: string, id: string) => {
    const row = beside.prepare('SELECT doc FROM documents WHERE collection = ? AND id = ?').get(collection, id) as { doc: string } | undefined;
    return row ? (JSON.parse(row.doc) as Record<string, unknown>) : undefined;
  };

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'read-store-thread-'));
    file = path.join(dir, 'read-models.sqlite');
    store = SqliteReadStore.open(file, { writerThread: true });
    beside = openDatabase(file);
  });
  afterEach(async () => {
    beside.close();
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('has a write in memory as soon as it is made, and in the file once it resolves', async () => {
    const docs = store.collection('things');
    const written = docs.insertOne({ _id: 'a', n: 1 });
    expect(await docs.findOne({ _id: 'a' })).toEqual({ _id: 'a', n: 1 });
    await written;
    expect(inFile('things', 'a')).toEqual({ _id: 'a', n: 1 });
  });

  it('leaves the file as memory is when a batch and single writes change the same document meanwhile', async () => {
    const docs = store.collection('things');
    await docs.insertOne({ _id: 'a', n: 0, tags: [] });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const batch = store.batch(async (view: ReadStore) => {
      await view.collection('things').updateOne({ _id: 'a' }, { $inc: { n: 1 }, $push: { tags: 'batch-1' } });
      await held; // single writes land while the batch is open
      await view.collection('things').updateOne({ _id: 'a' }, { $push: { tags: 'batch-2' } });
    });
    const single = docs.updateOne({ _id: 'a' }, { $inc: { n: 10 }, $push: { tags: 'single' } });
    release();
    await Promise.all([batch, single]);
    const inMemory = await docs.findOne({ _id: 'a' });
    expect(inMemory).toEqual({ _id: 'a', n: 11, tags: ['batch-1', 'single', 'batch-2'] });
    expect(inFile('things', 'a')).toEqual(inMemory);
  });

  it('reads a collection from the file again after the thread failed a write: memory never keeps what the file refused', async () => {
    const docs = store.collection('things');
    await docs.insertOne({ _id: 'kept', n: 1 });
    beside.exec(`CREATE TRIGGER refuse BEFORE INSERT ON documents WHEN new.id = 'refused' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END;`);
    await expect(docs.insertOne({ _id: 'refused', n: 2 })).rejects.toThrow('refused by the test');
    expect(await docs.findOne({ _id: 'refused' })).toBeNull();
    await expect(
      store.batch(async (view) => {
        await view.collection('things').updateOne({ _id: 'kept' }, { $set: { n: 5 } });
        await view.collection('things').insertOne({ _id: 'refused', n: 3 });
      }),
    ).rejects.toThrow('refused by the test');
    expect(await docs.find({})).toEqual([{ _id: 'kept', n: 1 }]);
    expect(inFile('things', 'kept')).toEqual({ _id: 'kept', n: 1 });
    // And the next write goes through.
    await docs.updateOne({ _id: 'kept' }, { $set: { n: 6 } });
    expect(inFile('things', 'kept')).toEqual({ _id: 'kept', n: 6 });
  });

  it('indexes a card changed twice while the first change is still in flight as it was last written', async () => {
    const index = SqliteCatalogIndex.of(store);
    const record = recorder();
    await store.batch(async (view) => {
      for (const event of projectEvents(record, 'p', { name: 'Parque', units: [{ price: 3000 }] })) await deliver(catalogProjection, event, view);
    });
    const cards = store.collection(CATALOG_PROJECTS);
    const priceInIndex = () => (beside.prepare("SELECT price_from AS price FROM catalog_entries WHERE id = 'p'").get() as { price: number }).price;
    expect(priceInIndex()).toBe(3000);
    // The second write puts back the indexed price the file still has while the first is in flight.
    const first = cards.updateOne({ _id: 'p' }, { $set: { priceFromUF: 2500 } });
    const second = cards.updateOne({ _id: 'p' }, { $set: { priceFromUF: 3000 } });
    await Promise.all([first, second]);
    expect(priceInIndex()).toBe(3000);
    expect((await index.page(CATALOG_PROJECTS, { sort: 'featured', limit: 5, priceTo: 2600 })).total).toBe(0);
  });
});
