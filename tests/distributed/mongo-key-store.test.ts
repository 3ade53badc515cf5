import { MongoKeyStore } from '../../adapters/mongodb/mongo-key-store';
import { describeKeyStoreContract } from '../contract/key-store.contract';
import { mongoDatabases } from './support/mongo';

const databases = mongoDatabases('key_store');
afterAll(() => databases.close());

describeKeyStoreContract('MongoDB (mongo-java-server here)', async () => {
  const { db, drop } = await databases.fresh();
  return { open: async (secret) => new MongoKeyStore(db, secret), cleanup: drop };
});

describe('MongoKeyStore storage', () => {
  it('keeps only the wrapped key, and no key at all once shredded', async () => {
    const { db, drop } = await databases.fresh();
    try {
      const store = new MongoKeyStore(db, 'platform-secret-for-tests');
      const key = await store.dataKeyFor('user-1');
      const raw = await db.collection('subject_keys').findOne({ _id: 'user-1' as never });
      const stored = Buffer.from(raw?.wrappedKey.buffer);
      expect(stored.includes(key)).toBe(false);
      await store.shred('user-1', '2026-03-01T12:00:00.000Z');
      const after = await db.collection('subject_keys').findOne({ _id: 'user-1' as never });
      expect(after).toEqual({ _id: 'user-1', createdAt: raw?.createdAt, erasedAt: '2026-03-01T12:00:00.000Z' });
    } finally {
      await drop();
    }
  });
});
