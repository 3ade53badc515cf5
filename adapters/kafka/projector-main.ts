/**
 * The projector process (docker-compose service `projector`): every read model of read-models/all-projections
 * as its own Kafka consumer group, writing to MongoDB. Scale it out with more replicas: each group spreads
 * its partitions over the live members. Env: KAFKA_BROKERS, MONGODB_URL, EVENT_CATEGORIES (the stream
 * categories to consume, comma separated), PROJECTIONS (names to run; default all), HEALTH_PORT (8080).
 */
import { ALL_PROJECTIONS } from '../../read-models/all-projections';
import { connectMongo } from '../mongodb/connect';
import { MongoReadStore } from '../mongodb/mongo-read-store';
import { onShutdown, startHealthServer } from './health-server';
import { brokersFrom, createKafka } from './kafka-client';
import { KafkaProjector } from './kafka-projector';

/** Stream categories of docs/architecture.md §3 (`<category>-<id>`; `user-roles-<id>` is category `user`). */
const DEFAULT_CATEGORIES = 'project,unit,reservation,campaign,lead,user,company,collaborator';

async function main(): Promise<void> {
  const categories = (process.env.EVENT_CATEGORIES ?? DEFAULT_CATEGORIES).split(',').map((c) => c.trim()).filter(Boolean);
  const wanted = process.env.PROJECTIONS?.split(',').map((p) => p.trim());
  const projections = ALL_PROJECTIONS.filter((p) => !wanted || wanted.includes(p.name));
  const mongo = await connectMongo(process.env.MONGODB_URL ?? 'mongodb://127.0.0.1:37017');
  const store = new MongoReadStore(mongo.db);
  const kafka = createKafka(brokersFrom(process.env.KAFKA_BROKERS), 'projector');
  const projectors = projections.map(
    (projection) =>
      new KafkaProjector({
        kafka,
        store,
        projection,
        categories,
        onError: (error) => console.error(`[projector ${projection.name}] consumer failed, restarting:`, error),
      }),
  );
  for (const projector of projectors) await projector.start();
  const health = startHealthServer(Number(process.env.HEALTH_PORT ?? 8080), () => ({
    healthy: projectors.every((p) => p.healthy),
    projections: Object.fromEntries(projections.map((p, i) => [p.name, { joined: projectors[i].healthy, position: projectors[i].position }])),
  }));
  console.log(`[projector] running ${projections.map((p) => p.name).join(', ')} over ${categories.join(', ')}`);
  onShutdown(async () => {
    health.close();
    for (const projector of projectors) await projector.stop();
    await mongo.close();
  });
}

main().catch((error: unknown) => {
  console.error('[projector] could not start:', error);
  process.exit(1);
});
