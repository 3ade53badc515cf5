/**
 * The relay process (`npm run relay`; docker-compose service `relay`): the event store's committed events ->
 * Kafka topics `<KAFKA_TOPIC_PREFIX><category>`, checkpoint in MongoDB. Run exactly one per event store:
 * two would both publish everything (harmless, at least once, but twice the traffic); the API processes
 * then run with RUN_RELAY=off.
 * Env: MODE is forced to distributed; EVENTSTORE_URL (else the SQLite file under DATA_DIR, shared with the
 * API processes of this machine), KAFKA_BROKERS, MONGODB_URL, RELAY_NAME, KAFKA_TOPIC_PREFIX,
 * TOPIC_PARTITIONS, HEALTH_PORT (GET /health; none when unset). See docs/operations-distributed.md.
 */
import 'reflect-metadata';
import { loadConfig } from '../config';
import { startWorkers } from '../composition/workers';
import { PlatformMetrics } from '../observability/metrics';
import { onShutdown, startHealthServer } from './health-server';
import { exitForOperator } from '../operator-error';
import { createLogger, logTo } from '../logging/logger';

async function main(): Promise<void> {
  const config = loadConfig({ ...process.env, MODE: 'distributed', RUN_RELAY: 'on', RUN_PROJECTORS: 'off' });
  const logger = createLogger(config.log).child({ process: 'relay' });
  const metrics = new PlatformMetrics();
  const workers = await startWorkers(config, logTo(logger), metrics);
  const health = process.env.HEALTH_PORT ? startHealthServer(Number(process.env.HEALTH_PORT), () => workers.readSide.health(), metrics.registry) : undefined;
  const events = config.distributed?.eventStoreUrl ? 'EventStoreDB' : `the SQLite event store in ${config.dataDir}`;
  logger.info(`publishing ${events} to Kafka (${config.distributed?.kafkaBrokers.join(',')}), from position ${workers.readSide.relay?.position}`);
  onShutdown(async () => {
    health?.close();
    await workers.stop();
  });
}

main().catch((error: unknown) => exitForOperator('[relay] could not start: ', error));
