import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteReadStore } from '../../adapters/embedded/sqlite-read-store';

/** The platform loads every read model before it listens, so no request waits for a collection to load. */
describe('embedded read store preload', () => {
  it('loads every collection of the file at once and tells how much it loaded', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'preload-'));
    const file = path.join(dir, 'read.sqlite');
    try {
      let store = SqliteReadStore.open(file);
      await store.collection('a').insertOne({ _id: '1' });
      await store.collection('a').insertOne({ _id: '2' });
      await store.collection('b').insertOne({ _id: '1' });
      await store.collection('empty').createIndex({ keys: { x: 1 } });
      await store.close();
      store = SqliteReadStore.open(file);
      expect(await store.preload()).toEqual({ collections: 3, documents: 3 });
      expect(await store.collection('a').countDocuments({})).toBe(2);
      await store.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
