import { MongoReadStore } from '../../adapters/mongodb/mongo-read-store';
import { DocumentCatalogIndex } from '../../read-models/catalog/document-catalog-index';
import { describeCatalogIndexContract } from '../contract/catalog-index.contract';
import { mongoDatabases } from './support/mongo';

const databases = mongoDatabases('catalog_index');
afterAll(() => databases.close());

describeCatalogIndexContract('MongoDB indexes (mongo-java-server here)', async () => {
  const { db, drop } = await databases.fresh();
  const store = new MongoReadStore(db);
  return { store, index: new DocumentCatalogIndex(store), cleanup: drop };
});
