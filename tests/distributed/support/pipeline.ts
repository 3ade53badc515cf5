import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { logLevel, type Admin } from 'kafkajs';
import { SqliteEventStore } from '../../../adapters/embedded/sqlite-event-store';
import { openDatabase } from '../../../adapters/embedded/sqlite-database';
import { readCheckpoint } from '../../../adapters/kafka/checkpoints';
import { consumerGroupLag } from './consumer-lag';
import { KafkaEventRelay, RELAY_CHECKPOINTS } from '../../../adapters/kafka/event-relay';
import { createKafka } from '../../../adapters/kafka/kafka-client';
import { KafkaProjector } from '../../../adapters/kafka/kafka-projector';
import { MongoReadStore } from '../../../adapters/mongodb/mongo-read-store';
import type { EventToAppend, RecordedEvent } from '../../../kernel/ports/event-store';
import type { ReadStore } from '../../../kernel/ports/read-store';
import { countingProjection, type StreamCount } from './counting-projection';
import { KAFKA_BROKERS } from './engines';
import { eventually } from '../../support/eventually';
import { mongoDatabases } from './mongo';

export const CATEGORIES = ['unit', 'project'] as const;

/** The pipeline tests' event: its number, and any `extra` data (a test that needs big events pads them). */
export const counted = (n: number, extra: Record<string, unknown> = {}): EventToAppend => ({
  type: 'Counted',
  data: { n, ...extra },
  metadata: {
    correlationId: `corr-${n}`,
    actorId: 'test',
    actorRoles: ['system'],
    occurredAt: '2025-03-01T12:00:00.000Z',
    schemaVersion: 1,
  },
});

/**
 * SQLite event store -> relay -> Kafka -> projector -> MongoDB, isolated per test: its own SQLite file,
 * Mongo database, topic prefix, relay name and consumer group (Kafka keeps data across runs).
 */
export async function createPipeline(label: string) {
  const runId = `${label}-${randomUUID().slice(0, 6)}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `pipeline-${label}-`));
  const sqlite = openDatabase(path.join(dir, 'events.sqlite'));
  const events = new SqliteEventStore(sqlite);
  const databases = mongoDatabases('pipeline');
  const { db, drop } = await databases.fresh();
  const store = new MongoReadStore(db);
  // Quiet by default (the fault tests provoke connection errors on purpose); KAFKAJS_LOG_LEVEL=WARN shows them.
  const kafka = createKafka(KAFKA_BROKERS.split(','), `test-${runId}`, {
    logLevel: logLevel[(process.env.KAFKAJS_LOG_LEVEL ?? 'NOTHING') as keyof typeof logLevel] ?? logLevel.NOTHING,
  });
  const topicPrefix = `test.${runId}.events.`;
  const topics = CATEGORIES.map((c) => `${topicPrefix}${c}`);
  const groupId = `projection.${runId}`;
  const running: { stop(): Promise<void> }[] = [];
  const appended = new Map<string, number>();
  let admin: Admin | undefined;

  const connectedAdmin = async (): Promise<Admin> => {
    if (!admin) {
      const created = kafka.admin();
      await created.connect();
      admin = created;
    }
    return admin;
  };
  /** Admin calls that survive a broker restart: a failed call drops the connection, the next one reconnects. */
  const withAdmin = async <T>(call: (a: Admin) => Promise<T>): Promise<T> => {
    try {
      return await call(await connectedAdmin());
    } catch (error) {
      const stale = admin;
      admin = undefined;
      await stale?.disconnect().catch(() => undefined);
      throw error;
    }
  };

  /** Kafka keeps topics and groups across runs: delete this test's, those that exist (a missing one costs retries). */
  const removeKafkaLeftovers = async () => {
    const cleaner = kafka.admin({ retry: { retries: 1 } });
    await cleaner.connect();
    try {
      const existing = (await cleaner.listTopics()).filter((t) => t.startsWith(topicPrefix));
      if (existing.length > 0) await cleaner.deleteTopics({ topics: existing });
      const groups = (await cleaner.listGroups()).groups.map((g) => g.groupId).filter((g) => g.includes(runId));
      if (groups.length > 0) await cleaner.deleteGroups(groups);
    } finally {
      await cleaner.disconnect();
    }
  };

  const pipeline = {
    runId,
    events,
    store,
    kafka,
    db,
    topicPrefix,
    topics,
    groupId,
    projectionName: `counts-${runId}`,

    relay(options: { name?: string; store?: ReadStore; onError?: (e: unknown) => void } = {}) {
      const relay = new KafkaEventRelay({
        events,
        store: options.store ?? store,
        kafka,
        name: options.name ?? `relay-${runId}`,
        topicPrefix,
        partitions: 3,
        batchSize: 50,
        onError: options.onError,
      });
      running.push(relay);
      return relay;
    },

    projector(onError?: (e: unknown) => void, beforeApply?: Parameters<typeof countingProjection>[1], orderKey?: (event: RecordedEvent) => string) {
      const projector = new KafkaProjector({
        kafka,
        store,
        members: [{ projection: { ...countingProjection(pipeline.projectionName, beforeApply), ...(orderKey && { orderKey }) }, categories: [...CATEGORIES] }],
        groupId,
        topicPrefix,
        sessionTimeout: 6_000,
        rebalanceTimeout: 8_000,
        onError,
      });
      running.push(projector);
      return projector;
    },

    /** Appends `perStream` Counted events to each stream, `chunk` events per append. */
    async append(streams: readonly string[], perStream: number, chunk = 5): Promise<void> {
      for (let done = 0; done < perStream; done += chunk) {
        for (const stream of streams) {
          const from = appended.get(stream) ?? 0;
          const size = Math.min(chunk, perStream - done);
          const batch = Array.from({ length: size }, (_, i) => counted(from + i));
          await events.append(stream, batch, from === 0 ? 'no_stream' : from - 1);
          appended.set(stream, from + size);
        }
      }
    },

    /** How many events each stream holds in the event store: the expected counts. */
    expectedCounts(): Record<string, number> {
      return Object.fromEntries([...appended].sort());
    },

    async projectedCounts(): Promise<Record<string, number>> {
      const docs = await store.collection<StreamCount>('stream_counts').find({}, { sort: { _id: 1 } });
      return Object.fromEntries(docs.map((d) => [d._id, d.count]));
    },

    async deliveries(): Promise<number> {
      return (await store.collection<{ _id: string; n: number }>('deliveries').findOne({ _id: pipeline.projectionName }))?.n ?? 0;
    },

    /** Records in this test's topics (duplicates included). */
    async messagesInKafka(): Promise<number> {
      return withAdmin(async (a) => {
        let total = 0;
        for (const topic of topics) for (const p of await a.fetchTopicOffsets(topic)) total += Number(p.high) - Number(p.low);
        return total;
      });
    },

    async relayCheckpoint(name = `relay-${runId}`): Promise<number> {
      return readCheckpoint(store, RELAY_CHECKPOINTS, name);
    },

    async waitForRelay(name = `relay-${runId}`): Promise<void> {
      const head = await events.headPosition();
      await eventually(
        () => pipeline.relayCheckpoint(name),
        (p) => p >= head,
        { what: `relay checkpoint >= ${head}` },
      );
    },

    /** Caught up: the relay has published the head and the group has committed everything (offsets follow the writes). */
    async waitForProjector(): Promise<void> {
      await pipeline.waitForRelay();
      await eventually(
        () => withAdmin((a) => consumerGroupLag(a, groupId, topics)),
        (lag) => lag === 0,
        {
          what: `zero lag for ${groupId}`,
        },
      );
    },

    async cleanup(): Promise<void> {
      for (const component of running.splice(0).reverse()) await component.stop().catch(() => undefined);
      await admin?.disconnect().catch(() => undefined);
      await removeKafkaLeftovers().catch(() => undefined);
      await events.close();
      sqlite.close();
      await drop().catch(() => undefined);
      await databases.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return pipeline;
}

export type Pipeline = Awaited<ReturnType<typeof createPipeline>>;

export const streams = (category: string, count: number, runId: string): string[] => Array.from({ length: count }, (_, i) => `${category}-${runId}-${i}`);
