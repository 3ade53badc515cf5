import { MongoReadStore } from '../../adapters/mongodb/mongo-read-store';
import { describeReadStoreContract } from '../contract/read-store.contract';
import { mongoDatabases } from './support/mongo';

const databases = mongoDatabases('read_store');
afterAll(() => databases.close());

describeReadStoreContract('MongoDB (mongo-java-server here)', async () => {
  const { db, drop } = await databases.fresh();
  return { store: new MongoReadStore(db), cleanup: drop };
});
