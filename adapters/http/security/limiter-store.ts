import type { MongoClient } from 'mongodb';
import { RateLimiterMemory, RateLimiterMongo, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { AppConfig } from '../../../application/config';
import { openMongo } from '../../mongodb/connect';

/** A named counter with a fixed window: the building block of every throttle. */
export type LimiterFactory = (name: string, points: number, windowSeconds: number) => RateLimiterAbstract;

export interface LimiterStore {
  readonly limiter: LimiterFactory;
  close(): Promise<void>;
}

/**
 * Where throttle counters live. Embedded (one process): in memory. Distributed: one MongoDB collection
 * (`throttle`, expiry by TTL index) shared by every API instance, so spreading attempts over N instances
 * buys no extra attempts. Counters are throwaway state: a restart of the embedded process forgets them.
 */
export const limiterStoreFor = (config: AppConfig): LimiterStore => {
  if (config.mode !== 'distributed' || !config.distributed) {
    return { limiter: (name, points, duration) => new RateLimiterMemory({ keyPrefix: name, points, duration }), close: async () => undefined };
  }
  const connection = openMongo(config.distributed.mongodbUrl);
  const client: MongoClient = connection.client;
  return {
    limiter: (name, points, duration) =>
      new RateLimiterMongo({ storeClient: client, dbName: connection.db.databaseName, tableName: 'throttle', keyPrefix: name, points, duration }),
    close: () => connection.close(),
  };
};
