import { Kafka, logLevel, type Admin, type KafkaConfig, type logCreator } from 'kafkajs';
import { createLogger, type Logger } from '../logging/logger';

const LEVELS: Record<string, logLevel> = {
  NOTHING: logLevel.NOTHING,
  ERROR: logLevel.ERROR,
  WARN: logLevel.WARN,
  INFO: logLevel.INFO,
  DEBUG: logLevel.DEBUG,
};

/**
 * kafkajs's console logger, minus one warning: the relay's idempotent producer keeps kafkajs's bounded
 * retries on purpose (a send that gives up is retried by the subscription with a fresh producer), and
 * kafkajs warns about that on every producer it creates. Delivery is at least once, never claimed exactly once.
 */
const quietLogCreator: logCreator = (level) => {
  const log = logCreatorConsole(level);
  return (entry) => {
    // kafkajs 2.2 logs it as namespace "Producer" + this message (older versions prefixed "[Producer] ").
    if (entry.log.message?.includes('Limiting retries for the idempotent producer')) return;
    // A topic just created is unknown to the broker's metadata for a moment; ensureTopics polls until it
    // is known (and throws if it never is), so each poll's refusal is not an error worth a log line.
    if (entry.namespace === 'Connection' && entry.log.error === 'This server does not host this topic-partition') return;
    log(entry);
  };
};

/** kafkajs's lines as the process's other JSON lines (pino), at their own level; kafkajs filters by its logLevel first. */
let kafkaLog: Logger | undefined;
const logCreatorConsole: logCreator =
  () =>
  ({ namespace, level, log }) => {
    const { message, ...extra } = log;
    kafkaLog ??= createLogger({ level: 'trace', format: 'json' }).child({ logger: 'kafkajs' });
    const line = { namespace, ...extra };
    if (level <= logLevel.ERROR) kafkaLog.error(line, message);
    else if (level === logLevel.WARN) kafkaLog.warn(line, message);
    else if (level === logLevel.INFO) kafkaLog.info(line, message);
    else kafkaLog.debug(line, message);
  };

export function createKafka(brokers: readonly string[], clientId: string, overrides: Partial<KafkaConfig> = {}): Kafka {
  return new Kafka({
    clientId,
    brokers: [...brokers],
    connectionTimeout: 3_000,
    requestTimeout: 30_000,
    // Retry a request for a few seconds, then surface the error: the relay's subscription and the
    // consumer's restart-on-failure retry again from there, and health checks see the outage.
    retry: { initialRetryTime: 300, maxRetryTime: 2_000, retries: 5 },
    logLevel: LEVELS[process.env.KAFKAJS_LOG_LEVEL ?? 'WARN'] ?? logLevel.WARN,
    logCreator: quietLogCreator,
    ...overrides,
  });
}

/**
 * Creates the topics that do not exist yet. The relay and every projector call this (whichever starts
 * first), so a concurrent creation ("already exists") counts as success.
 */
export async function ensureTopics(admin: Admin, topics: readonly string[], numPartitions: number): Promise<void> {
  const existing = new Set(await admin.listTopics());
  const toCreate = topics.filter((t) => !existing.has(t));
  let creationError: unknown;
  if (toCreate.length > 0) {
    try {
      // Not kafkajs's waitForLeaders: it retries only LEADER_NOT_AVAILABLE, while a broker whose metadata
      // lags the controller answers UNKNOWN_TOPIC_OR_PARTITION for a moment. Our own wait tolerates both.
      await admin.createTopics({ waitForLeaders: false, topics: toCreate.map((topic) => ({ topic, numPartitions })) });
    } catch (error) {
      creationError = error;
    }
  }
  try {
    await leadersElected(admin, topics);
  } catch (error) {
    throw creationError ?? error;
  }
}

/**
 * A topic another process has just created is listed before its partitions have leaders; subscribing to it
 * then fails (UNKNOWN_TOPIC_OR_PARTITION). Waits, bounded, until every partition has one.
 */
async function leadersElected(admin: Admin, topics: readonly string[], timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const { topics: described } = await admin.fetchTopicMetadata({ topics: [...topics] });
      if (described.length === topics.length && described.every((t) => t.partitions.length > 0 && t.partitions.every((p) => p.leader >= 0))) return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    if (Date.now() > deadline) throw new Error(`Kafka topics without partition leaders after ${timeoutMs} ms: ${topics.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
