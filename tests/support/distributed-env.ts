import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { logLevel } from 'kafkajs';
import { MongoClient, type Document } from 'mongodb';
import { RELAY_CHECKPOINTS } from '../../adapters/kafka/event-relay';
import { createKafka } from '../../adapters/kafka/kafka-client';
import type { TemplateEngines } from './seeded-template';

/**
 * TEST_MODE=distributed (set by jest.distributed.config.js) runs the API tests against Kafka and the
 * MongoDB-protocol server of engines/up.sh, with the event store on a SQLite file shared by the app's processes.
 */
export const distributedTests = (): boolean => process.env.TEST_MODE === 'distributed';

const KAFKA_BROKERS = process.env.KAFKA_BROKERS ?? '127.0.0.1:19092';
const MONGODB_URL = process.env.MONGODB_URL ?? 'mongodb://127.0.0.1:17017';

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
  // An idle projector's fetch waits this long, and stopping the app waits for that fetch (1 s by default).
  KAFKA_FETCH_WAIT_MS: '100',
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
  await withMongo(env.MONGODB_URL, (client) => client.db().dropDatabase());
  await releaseKafka(env);
};

const withMongo = async <T>(url: string, work: (client: MongoClient) => Promise<T>): Promise<T> => {
  const client = await MongoClient.connect(url, { serverSelectionTimeoutMS: 5_000 });
  try {
    return await work(client);
  } finally {
    await client.close();
  }
};

/** The settings of distributedEnv that name an app's own engine resources. */
const PER_APP_RESOURCES = ['MONGODB_URL', 'KAFKA_TOPIC_PREFIX', 'KAFKA_GROUP_PREFIX', 'RELAY_NAME'] as const;

/** `env` with engine resources of its own (for the app that seeds a template). */
export const withOwnResources = (env: Record<string, string>): Record<string, string> => {
  const own = distributedEnv();
  return { ...env, ...Object.fromEntries(PER_APP_RESOURCES.map((name) => [name, own[name]])) };
};

interface TemplateMeta {
  readonly mongodbUrl: string;
  readonly relayName: string;
}
const TEMPLATE_META = 'template-engines.json';
const metaOf = (template: string): TemplateMeta => JSON.parse(fs.readFileSync(path.join(template, TEMPLATE_META), 'utf8')) as TemplateMeta;

/**
 * After the app that seeded a template stopped: its topics and consumer groups go (an app copied from it
 * publishes afresh into its own), its MongoDB database stays, named in the template's directory.
 */
export const keepAsTemplate = async (env: Record<string, string>, templateDir: string): Promise<void> => {
  await releaseKafka(env);
  const meta: TemplateMeta = { mongodbUrl: env.MONGODB_URL, relayName: env.RELAY_NAME };
  fs.writeFileSync(path.join(templateDir, TEMPLATE_META), JSON.stringify(meta));
};

/**
 * Distributed test apps start from a template too (tests/support/seeded-template.ts): seeding the demo data and
 * projecting it through Kafka into MongoDB was ~5-8 s of each distributed app's start. The template is the event
 * store's directory and the read models' database, both as the seeding app left them caught up; an app gets a copy
 * of each. Its relay's checkpoint is the template relay's (every seed event counts as published), so its new,
 * empty topics carry only what happens after; the projections' checkpoints and safe positions, copied, are at the
 * seed's head, so the app is caught up at once. (A rebuild replays from the event store, not from Kafka.)
 */
export const distributedTemplate: TemplateEngines = {
  perApp: PER_APP_RESOURCES,
  metaFile: TEMPLATE_META,
  async copy(template, env) {
    const meta = metaOf(template);
    return withMongo(env.MONGODB_URL, async (client) => {
      const from = client.db(new URL(meta.mongodbUrl).pathname.slice(1));
      const relay = await from.collection<Document>(RELAY_CHECKPOINTS).findOne({ _id: meta.relayName as never });
      if (!relay) return false;
      const to = client.db();
      for (const { name } of await from.listCollections({}, { nameOnly: true }).toArray()) {
        const docs = await from.collection(name).find().toArray();
        const own = name === RELAY_CHECKPOINTS ? docs.map((d) => ((d._id as unknown) === meta.relayName ? { ...d, _id: env.RELAY_NAME as never } : d)) : docs;
        if (own.length > 0) await to.collection(name).insertMany(own);
      }
      return true;
    });
  },
  async discard(template) {
    const meta = metaOf(template);
    await withMongo(meta.mongodbUrl, (client) => client.db().dropDatabase()).catch(() => undefined);
  },
};

const releaseKafka = async (env: Record<string, string>): Promise<void> => {
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
