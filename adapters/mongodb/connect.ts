import { MongoClient, type Db, type MongoClientOptions } from 'mongodb';

export interface MongoConnection {
  readonly client: MongoClient;
  readonly db: Db;
  close(): Promise<void>;
}

const DEFAULT_DATABASE = 'vivienda';
const CLIENT_DEFAULTS: MongoClientOptions = { serverSelectionTimeoutMS: 10_000 };

/**
 * The database named in MONGODB_URL's path, else `dbName`, else "vivienda". The driver connects on the first
 * operation: for synchronous factories (a DI container's toDynamicValue), a missing server surfaces on first use.
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
