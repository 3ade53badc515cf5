import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { MONGODB_URL } from './engines';

/**
 * One client per test file; every call hands out a database of its own (dropped by cleanup), so suites
 * and tests never see each other's documents.
 */
export function mongoDatabases(prefix: string) {
  let client: MongoClient | undefined;
  return {
    async fresh() {
      client ??= await MongoClient.connect(MONGODB_URL, { serverSelectionTimeoutMS: 5_000 });
      const db = client.db(`${prefix}_${randomUUID().slice(0, 8)}`);
      return { db, drop: () => db.dropDatabase().then(() => undefined) };
    },
    async close() {
      await client?.close();
      client = undefined;
    },
  };
}
