import { createHmac, hkdfSync } from 'node:crypto';
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
  const key = Buffer.from(hkdfSync('sha256', config.secretKey, Buffer.alloc(0), THROTTLE_KEY_INFO, 32));
  return {
    limiter: (name, points, duration) =>
      new PseudonymousMongoLimiter(key, { storeClient: client, dbName: connection.db.databaseName, tableName: 'throttle', keyPrefix: name, points, duration }),
    close: () => connection.close(),
  };
};

const THROTTLE_KEY_INFO = 'vivienda/personal-data/throttle-keys/v1';

/**
 * Counters are keyed by an email or an address: in MongoDB they are stored under a keyed HMAC of it, so
 * the `throttle` collection never holds a person's email (an erased person's included; Ley 21.719).
 */
class PseudonymousMongoLimiter extends RateLimiterMongo {
  constructor(
    private readonly hmacKey: Buffer,
    options: ConstructorParameters<typeof RateLimiterMongo>[0],
  ) {
    super(options);
  }

  override getKey(key: string | number): string {
    return super.getKey(createHmac('sha256', this.hmacKey).update(String(key), 'utf8').digest('base64url'));
  }
}
