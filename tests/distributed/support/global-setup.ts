import { KAFKA_BROKERS, MONGODB_URL, reachable } from './engines';
import { esdbTarget } from './eventstoredb';

/** Fails the run at once, with the fix, when the engines are not up: better than 60 s timeouts per test. */
export default async function globalSetup(): Promise<void> {
  const missing: string[] = [];
  if (!(await reachable(KAFKA_BROKERS))) missing.push(`Kafka at KAFKA_BROKERS=${KAFKA_BROKERS}`);
  if (!(await reachable(MONGODB_URL))) missing.push(`MongoDB at MONGODB_URL=${MONGODB_URL}`);
  // Jest prints no console output of a suite whose tests are all skipped when it runs several files: say it here.
  const esdb = esdbTarget();
  if (esdb.kind === 'none')
    console.warn(`\n[distributed] EventStoreDB contract SKIPPED: ${esdb.reason}. Set EVENTSTORE_URL=esdb://host:2113?tls=false to run it.`);
  if (missing.length > 0) {
    throw new Error(
      `Distributed tests need running engines; unreachable: ${missing.join('; ')}.\n` +
        'Start the local ones with `npm run engines:up` (bash engines/up.sh), or point KAFKA_BROKERS / MONGODB_URL at yours.',
    );
  }
}
