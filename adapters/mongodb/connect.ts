import { MongoClient, type Db, type MongoClientOptions } from 'mongodb';

export interface MongoConnection {
  readonly client: MongoClient;
  readonly db: Db;
  close(): Promise<void>;
}

const DEFAULT_DATABASE = 'vivienda';

/**
 * Connects to MONGODB_URL. The database is the one named in the URL's path, else `dbName`, else "vivienda".
 * Fails fast (serverSelectionTimeoutMS) so that a missing server is reported instead of hanging a start-up.
 */
export async function connectMongo(
  url: string,
  options: { dbName?: string; client?: MongoClientOptions } = {},
): Promise<MongoConnection> {
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 10_000, ...options.client });
  await client.connect();
  const db = client.db(options.dbName ?? databaseInUrl(url) ?? DEFAULT_DATABASE);
  return { client, db, close: () => client.close() };
}

function databaseInUrl(url: string): string | undefined {
  const match = /^mongodb(?:\+srv)?:\/\/[^/]+\/([^?]+)/.exec(url);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}
