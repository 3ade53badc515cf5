/**
 * The projector process (`npm run projector -- [name ...]`; docker-compose service `projector`): the named
 * projections (default: PROJECTIONS, else all of them), each as its own Kafka consumer group
 * `<KAFKA_GROUP_PREFIX><name>` over the topics of its stream categories, writing MongoDB, plus the safe
 * positions read-your-writes waits for. Scale out by starting more: each group spreads its partitions over
 * its live members. Env: MODE is forced to distributed; KAFKA_BROKERS, MONGODB_URL, RELAY_NAME (whose
 * checkpoint bounds the safe positions), KAFKA_TOPIC_PREFIX, KAFKA_GROUP_PREFIX, EVENT_CATEGORIES (for
 * projections that declare no categories), HEALTH_PORT (GET /health; none when unset).
 */
import 'reflect-metadata';
import { loadConfig } from '../config';
import { startWorkers } from '../composition/workers';
import { onShutdown, startHealthServer } from './health-server';
import { forOperator } from '../operator-error';

const log = (message: string, error?: unknown) => console.error(`[projector] ${message}`, error ?? '');

async function main(): Promise<void> {
  const names = process.argv
    .slice(2)
    .flatMap((arg) => arg.split(','))
    .map((n) => n.trim())
    .filter(Boolean);
  const config = loadConfig({
    ...process.env,
    MODE: 'distributed',
    RUN_RELAY: 'off',
    RUN_PROJECTORS: 'on',
    ...(names.length > 0 && { PROJECTIONS: names.join(',') }),
  });
  const workers = await startWorkers(config, log);
  const health = process.env.HEALTH_PORT ? startHealthServer(Number(process.env.HEALTH_PORT), () => workers.readSide.health()) : undefined;
  const running = workers.readSide.projectors.map((p) => `${p.projection.name} (${p.subscribedTopics.join(', ')})`);
  console.log(`[projector] running ${running.join('; ')}`);
  onShutdown(async () => {
    health?.close();
    await workers.stop();
  });
}

main().catch((error: unknown) => {
  console.error('[projector] could not start:', forOperator(error));
  process.exit(1);
});
