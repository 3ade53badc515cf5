/**
 * The projector process (`npm run projector -- [name ...]`; docker-compose service `projector`): the named
 * projections (default: PROJECTIONS, else all of them), together as one Kafka consumer group over the topics
 * of their stream categories (`<KAFKA_GROUP_PREFIX>all` for all of them, else `<KAFKA_GROUP_PREFIX><name>[+<name>...]`),
 * writing MongoDB, plus the safe positions read-your-writes waits for. Scale out by starting more with the same
 * set: the group spreads its partitions over its live members. Env: MODE is forced to distributed; KAFKA_BROKERS, MONGODB_URL, RELAY_NAME (whose
 * checkpoint bounds the safe positions), KAFKA_TOPIC_PREFIX, KAFKA_GROUP_PREFIX, EVENT_CATEGORIES (for
 * projections that declare no categories), HEALTH_PORT (GET /health; none when unset).
 */
import 'reflect-metadata';
import { loadConfig } from '../config';
import { startWorkers } from '../composition/workers';
import { PlatformMetrics } from '../observability/metrics';
import { onShutdown, startHealthServer } from './health-server';
import { exitForOperator } from '../operator-error';
import { createLogger, logTo } from '../logging/logger';

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
  const logger = createLogger(config.log).child({ process: 'projector' });
  const metrics = new PlatformMetrics();
  const workers = await startWorkers(config, logTo(logger), metrics);
  const health = process.env.HEALTH_PORT ? startHealthServer(Number(process.env.HEALTH_PORT), () => workers.readSide.health(), metrics.registry) : undefined;
  for (const p of workers.readSide.projectors) {
    const running = p.projections.map(({ name }) => `${name} (${p.topicsOf(name).join(', ')})`);
    logger.info(`running ${running.join('; ')} as consumer group ${p.groupId}`);
  }
  onShutdown(async () => {
    health?.close();
    await workers.stop();
  });
}

main().catch((error: unknown) => exitForOperator('[projector] could not start: ', error));
