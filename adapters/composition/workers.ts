import type { AppConfig } from '../../application/config';
import type { EventStore } from '../../kernel/ports/event-store';
import type { ReadStore } from '../../kernel/ports/read-store';
import { TOKENS } from '../../kernel/ports/tokens';
import type { KafkaReadSide } from '../kafka/kafka-read-side';
import { createContainer } from './container';
import type { PlatformMetrics } from '../observability/metrics';

type Log = (message: string, error?: unknown) => void;

export interface Workers {
  readonly readSide: KafkaReadSide;
  stop(): Promise<void>;
}

/**
 * The relay and/or projectors of distributed mode without the HTTP API (`npm run relay`,
 * `npm run projector -- <name>`): the same container as the API, so they run the same projection list.
 */
export const startWorkers = async (config: AppConfig, log: Log, metrics?: PlatformMetrics): Promise<Workers> => {
  if (config.mode !== 'distributed') throw new Error('The relay and projector processes need MODE=distributed');
  // Process managers here queue mail in the outbox; the API processes' delivery workers send it.
  // With metrics (served on the health port), the appends of the process managers here are counted too.
  const container = createContainer(config, log, { eventStoreMetrics: metrics?.eventStore });
  const readSide = container.get<KafkaReadSide>(TOKENS.ProjectionRunner);
  await readSide.start();
  const events = container.get<EventStore>(TOKENS.EventStore);
  metrics?.watchKafka(
    { relayPosition: () => readSide.relayPosition(), relayFailures: () => readSide.relayFailures, consumerLag: () => readSide.consumerLag() },
    () => events.headPosition(),
  );
  return {
    readSide,
    async stop() {
      await readSide.stop();
      await container.get<EventStore>(TOKENS.EventStore).close();
      await container.get<ReadStore>(TOKENS.ReadStore).close();
    },
  };
};
