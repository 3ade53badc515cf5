/**
 * A projector in a process of its own, so that a test can SIGKILL it mid-batch (tests/distributed/faults.test.ts).
 * Env: KAFKA_BROKERS, MONGODB_URL, DB_NAME, PROJECTION, GROUP_ID, TOPIC_PREFIX, CATEGORIES (comma list),
 * HANG_AFTER (apply this many events, record a marker, then hang inside the next apply).
 */
import { MongoClient } from 'mongodb';
import { KafkaProjector } from '../../../adapters/kafka/kafka-projector';
import { createKafka } from '../../../adapters/kafka/kafka-client';
import { MongoReadStore } from '../../../adapters/mongodb/mongo-read-store';
import { countingProjection } from './counting-projection';

async function main(): Promise<void> {
  const env = (name: string): string => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} is required`);
    return value;
  };
  const client = await MongoClient.connect(env('MONGODB_URL'));
  const store = new MongoReadStore(client.db(env('DB_NAME')));
  const hangAfter = Number(process.env.HANG_AFTER ?? Infinity);
  let applied = 0;
  const projection = countingProjection(env('PROJECTION'), async (_event, view) => {
    if (applied === hangAfter) {
      // As a projection's read would: the batch view sends the writes queued so far, so the batch is half
      // applied in MongoDB (and uncommitted in Kafka) when the test kills this process.
      await view.collection('stream_counts').countDocuments({});
      await view.collection('category_totals').countDocuments({});
      await store.collection('markers').insertOne({ _id: 'hung', applied, pid: process.pid });
      await new Promise(() => undefined); // hold the batch open until the test kills this process
    }
    applied += 1;
  });
  const projector = new KafkaProjector({
    kafka: createKafka(env('KAFKA_BROKERS').split(','), 'projector-process'),
    store,
    members: [{ projection, categories: env('CATEGORIES').split(',') }],
    groupId: env('GROUP_ID'),
    topicPrefix: env('TOPIC_PREFIX'),
    sessionTimeout: 6_000,
    rebalanceTimeout: 8_000,
    // One partition's batch at a time: the events applied before the hang are then all in the one batch
    // left uncommitted, and the test can count their redelivery exactly (streams still run concurrently).
    partitionsConsumedConcurrently: 1,
  });
  await projector.start();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
