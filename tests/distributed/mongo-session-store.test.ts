import { MongoSessionStore } from '../../adapters/mongodb/mongo-session-store';
import { describeSessionStoreContract } from '../contract/session-store.contract';
import { mongoDatabases } from './support/mongo';

const databases = mongoDatabases('session_store');
afterAll(() => databases.close());

describeSessionStoreContract('MongoDB (mongo-java-server here)', async () => {
  const { db, drop } = await databases.fresh();
  return { store: new MongoSessionStore(db), cleanup: drop };
});

describe('MongoSessionStore storage', () => {
  it('stores expiresAt as a BSON Date under a TTL index, so MongoDB expires records by itself', async () => {
    const { db, drop } = await databases.fresh();
    try {
      const store = new MongoSessionStore(db);
      await store.put({
        id: 's1',
        kind: 'cookie',
        userId: 'u1',
        createdAt: '2025-03-01T12:00:00.000Z',
        lastActivityAt: '2025-03-01T12:00:00.000Z',
        expiresAt: '2025-03-01T12:30:00.000Z',
        remember: false,
      });
      const raw = await db.collection('sessions').findOne({ _id: 's1' as never });
      expect(raw?.expiresAt).toBeInstanceOf(Date);
      const indexes = await db.collection('sessions').indexes();
      expect(indexes).toEqual(expect.arrayContaining([expect.objectContaining({ key: { expiresAt: 1 }, expireAfterSeconds: 0 })]));
    } finally {
      await drop();
    }
  });
});
