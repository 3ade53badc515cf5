import { MongoClient, type Db, type MongoClientOptions } from 'mongodb';

export interface MongoConnection {
  readonly client: MongoClient;
  readonly db: Db;
  close(): Promise<void>;
}

const DEFAULT_DATABASE = 'vivienda';
const CLIENT_DEFAULTS: MongoClientOptions = { serverSelectionTimeoutMS: 10_000 };

/**
 * Connects to MONGODB_URL and checks the server answers. The database is the one named in the URL's path,
 * else `dbName`, else "vivienda".
 */
export async function connectMongo(url: string, options: { dbName?: string; client?: MongoClientOptions } = {}): Promise<MongoConnection> {
  const connection = openMongo(url, options);
  await connection.client.connect();
  return connection;
}

/**
 * The same without waiting: the driver connects on the first operation. For synchronous factories
 * (a DI container's toDynamicValue); a missing server then surfaces on first use.
 */
export function openMongo(url: string, options: { dbName?: string; client?: MongoClientOptions } = {}): MongoConnection {
  const client = new MongoClient(url, { ...CLIENT_DEFAULTS, ...options.client });
  const db = client.db(options.dbName ?? databaseInUrl(url) ?? DEFAULT_DATABASE);
  return { client, db, close: () => client.close() };
}

function databaseInUrl(url: string): string | undefined {
  const match = /^mongodb(?:\+srv)?:\/\/[^/]+\/([^?]+)/.exec(url);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}
