import type { ConsumerConfig, Kafka } from 'kafkajs';
import { loadConfig } from '../../adapters/config';
import { openDatabase } from '../../adapters/embedded/sqlite-database';
import { SqliteEventStore } from '../../adapters/embedded/sqlite-event-store';
import { SqliteReadStore } from '../../adapters/embedded/sqlite-read-store';
import { KafkaReadSide } from '../../adapters/kafka/kafka-read-side';
import { reservationsProjection } from '../../read-models/reservations/reservations.projection';

/**
 * KAFKA_FETCH_WAIT_MS reaches the projector's consumer as kafkajs's maxWaitTimeInMs: how long an idle fetch
 * waits for records, and so how long stopping the projector waits for that fetch. (Kafka itself is exercised by
 * tests/distributed; here a stand-in records the consumer's settings and refuses to connect.)
 */
const consumerSettings = async (env: Record<string, string>): Promise<ConsumerConfig> => {
  const settings = loadConfig({ MODE: 'distributed', DATA_DIR: '/tmp/unused', ...env }).distributed!;
  let asked: ConsumerConfig | undefined;
  const kafka = {
    consumer: (config: ConsumerConfig) => {
      asked = config;
      return {
        events: { GROUP_JOIN: 'consumer.group_join', CRASH: 'consumer.crash' },
        on: () => undefined,
        connect: () => Promise.reject(new Error('no broker here')),
        disconnect: () => Promise.resolve(),
      };
    },
  } as unknown as Kafka;
  const readSide = new KafkaReadSide({
    events: SqliteEventStore.open(':memory:'),
    store: new SqliteReadStore(openDatabase(':memory:')),
    kafka,
    projections: [reservationsProjection],
    topicPrefix: 'events.',
    groupPrefix: 'projection.',
    partitions: 1,
    relayName: 'relay',
    runRelay: false,
    runProjectors: true,
    defaultCategories: ['reservation'],
    sessionTimeoutMs: settings.sessionTimeoutMs,
    fetchWaitMs: settings.fetchWaitMs,
    log: () => undefined,
  });
  await expect(readSide.projectors[0].start()).rejects.toThrow('no broker here');
  return asked!;
};

describe('the projector fetch wait', () => {
  it('is one second unless configured', async () => {
    expect((await consumerSettings({})).maxWaitTimeInMs).toBe(1_000);
  });

  it('KAFKA_FETCH_WAIT_MS sets it', async () => {
    expect((await consumerSettings({ KAFKA_FETCH_WAIT_MS: '100' })).maxWaitTimeInMs).toBe(100);
  });
});
