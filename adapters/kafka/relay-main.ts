/**
 * The relay process (docker-compose service `relay`): EventStoreDB $all -> Kafka, checkpoint in MongoDB.
 * Env: EVENTSTORE_URL, KAFKA_BROKERS, MONGODB_URL, RELAY_NAME (default "relay"), TOPIC_PARTITIONS (3),
 * HEALTH_PORT (8080). Run exactly one per event store: two would both publish everything (harmless, at
 * least once, but twice the traffic).
 */
import { EsdbEventStore } from '../eventstoredb/esdb-event-store';
import { connectMongo } from '../mongodb/connect';
import { MongoReadStore } from '../mongodb/mongo-read-store';
import { KafkaEventRelay } from './event-relay';
import { onShutdown, startHealthServer } from './health-server';
import { brokersFrom, createKafka } from './kafka-client';

async function main(): Promise<void> {
  const eventStoreUrl = process.env.EVENTSTORE_URL;
  if (!eventStoreUrl) throw new Error('EVENTSTORE_URL is required (e.g. esdb://eventstore:2113?tls=false)');
  const events = EsdbEventStore.connect(eventStoreUrl);
  const mongo = await connectMongo(process.env.MONGODB_URL ?? 'mongodb://127.0.0.1:37017');
  const relay = new KafkaEventRelay({
    events,
    store: new MongoReadStore(mongo.db),
    kafka: createKafka(brokersFrom(process.env.KAFKA_BROKERS), 'relay'),
    name: process.env.RELAY_NAME ?? 'relay',
    partitions: Number(process.env.TOPIC_PARTITIONS ?? 3),
    onError: (error) => console.error('[relay] publish failed, will retry:', error),
  });
  await relay.start();
  const health = startHealthServer(Number(process.env.HEALTH_PORT ?? 8080), () => ({
    healthy: relay.healthy,
    position: relay.position,
  }));
  console.log('[relay] publishing $all to Kafka');
  onShutdown(async () => {
    health.close();
    await relay.stop();
    await events.close();
    await mongo.close();
  });
}

main().catch((error: unknown) => {
  console.error('[relay] could not start:', error);
  process.exit(1);
});
