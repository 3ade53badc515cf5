import { randomUUID } from 'node:crypto';
import { logLevel } from 'kafkajs';
import { MongoClient } from 'mongodb';
import { createKafka } from '../../adapters/kafka/kafka-client';

/**
 * TEST_MODE=distributed (set by jest.distributed.config.js) runs the API tests against Kafka and the
 * MongoDB-protocol server of engines/up.sh, with the event store on a SQLite file shared by the app's processes.
 */
export const distributedTests = (): boolean => process.env.TEST_MODE === 'distributed';

const KAFKA_BROKERS = process.env.KAFKA_BROKERS ?? '127.0.0.1:39092';
const MONGODB_URL = process.env.MONGODB_URL ?? 'mongodb://127.0.0.1:37017';

/** The server part of a MongoDB URL (no database, no options). */
const mongoServer = (url: string): string => /^(mongodb(?:\+srv)?:\/\/[^/?]+)/.exec(url)?.[1] ?? url;

/**
 * Environment for one test app in distributed mode: a MongoDB database, topic prefix, consumer-group prefix
 * and relay name of its own, so that apps never see each other's events or documents. Every process of the
 * same app gets the same environment (and DATA_DIR, hence the same SQLite event store and secret).
 */
export const distributedEnv = (id = randomUUID().slice(0, 8)): Record<string, string> => ({
  MODE: 'distributed',
  KAFKA_BROKERS,
  MONGODB_URL: `${mongoServer(MONGODB_URL)}/api_${id}`,
  KAFKA_TOPIC_PREFIX: `api.${id}.events.`,
  KAFKA_GROUP_PREFIX: `api.${id}.projection.`,
  RELAY_NAME: `relay-${id}`,
  TOPIC_PARTITIONS: '3',
  // Kafka's floor: how long a killed process's consumers hold their partitions.
  KAFKA_SESSION_TIMEOUT_MS: '6000',
});

/** Drops what an app created in the engines: its database, topics and consumer groups. */
export const releaseDistributed = async (env: Record<string, string>): Promise<void> => {
  if (env.MODE !== 'distributed') return;
  // Best effort: a leftover (a group Kafka has not emptied yet) is named in the log, never fails a suite.
  await releaseResources(env).catch((error: unknown) => {
    const groups = (error as { groups?: { groupId: string; error?: { type?: string } }[] }).groups?.map((g) => `${g.groupId}: ${g.error?.type}`);
    console.warn(`[test app] engine resources of ${env.KAFKA_TOPIC_PREFIX} not all removed: ${String(error)} ${groups?.join(', ') ?? ''}`);
  });
};

const releaseResources = async (env: Record<string, string>): Promise<void> => {
  const client = await MongoClient.connect(env.MONGODB_URL, { serverSelectionTimeoutMS: 5_000 });
  try {
    await client.db().dropDatabase();
  } finally {
    await client.close();
  }
  const admin = createKafka(KAFKA_BROKERS.split(','), 'test-cleanup', { logLevel: logLevel.NOTHING }).admin({ retry: { retries: 1 } });
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter((t) => t.startsWith(env.KAFKA_TOPIC_PREFIX));
    if (topics.length > 0) await admin.deleteTopics({ topics });
    let groups = (await admin.listGroups()).groups.map((g) => g.groupId).filter((g) => g.startsWith(env.KAFKA_GROUP_PREFIX));
    // A group whose last member has only just left may still count as non-empty for a moment.
    for (let attempt = 1; groups.length > 0; attempt++) {
      try {
        await admin.deleteGroups(groups);
        groups = [];
      } catch (error) {
        // GROUP_ID_NOT_FOUND: gone already (Kafka removes an empty group whose offsets expired), which is the aim.
        const failed = (error as { groups?: { groupId: string; error?: { type?: string } }[] }).groups;
        if (!failed) throw error;
        groups = failed.filter((g) => g.error?.type !== 'GROUP_ID_NOT_FOUND').map((g) => g.groupId);
        if (groups.length > 0 && attempt >= 5) throw error;
        if (groups.length > 0) await new Promise((resolve) => setTimeout(resolve, 300 * attempt));
      }
    }
  } finally {
    await admin.disconnect();
  }
};
