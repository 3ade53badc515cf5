import { Partitioners, type Admin, type Kafka, type Producer } from 'kafkajs';
import type { EventStore, RecordedEvent, Subscription } from '../../kernel/ports/event-store';
import type { ReadStore } from '../../kernel/ports/read-store';
import { advanceCheckpoint, readCheckpoint } from './checkpoints';
import { DEFAULT_TOPIC_PREFIX, categoryOf, toMessage, topicFor } from './event-messages';
import { ensureTopics } from './kafka-client';

export const RELAY_CHECKPOINTS = '_relay_checkpoints';

export interface EventRelayOptions {
  readonly events: EventStore;
  readonly store: ReadStore;
  readonly kafka: Kafka;
  /** Checkpoint id in `_relay_checkpoints`; one per relay (there is normally one). */
  readonly name?: string;
  readonly topicPrefix?: string;
  /** Partitions of the topics the relay creates: the ceiling on projector parallelism per category. */
  readonly partitions?: number;
  readonly batchSize?: number;
  readonly onError?: (error: unknown) => void;
  /**
   * Called with the new checkpoint after each batch Kafka acknowledged and the checkpoint recorded, with the
   * checkpoint before it and the topics the batch went to (every event between the two went to those).
   */
  readonly onPublished?: (position: number, batch: { from: number; topics: readonly string[] }) => void;
}

/**
 * Publishes every event of the store to Kafka (STYLE.md 5: from a subscription, never from a command
 * handler). Topic per stream category, key = stream id. At least once: the checkpoint (last published
 * global position) is written only after Kafka acknowledged the whole batch (idempotent producer, acks=all),
 * so a crash between the two republishes that batch on restart, and never skips one.
 */
export class KafkaEventRelay {
  private readonly name: string;
  private readonly prefix: string;
  private readonly knownTopics = new Set<string>();
  private producer: Producer | undefined;
  private admin: Admin | undefined;
  private subscription: Subscription | undefined;
  private published = 0;
  private lastError: unknown;

  constructor(private readonly options: EventRelayOptions) {
    this.name = options.name ?? 'relay';
    this.prefix = options.topicPrefix ?? DEFAULT_TOPIC_PREFIX;
  }

  /** Last global position acknowledged by Kafka and checkpointed. */
  get position(): number {
    return this.published;
  }

  /** False while publishing fails (Kafka unreachable): for health checks. */
  get healthy(): boolean {
    return this.subscription !== undefined && this.lastError === undefined;
  }

  async start(): Promise<void> {
    if (this.subscription) return;
    this.published = await readCheckpoint(this.options.store, RELAY_CHECKPOINTS, this.name);
    this.subscription = this.options.events.subscribeToAll({
      fromPosition: this.published,
      batchSize: this.options.batchSize ?? 500,
      onEvents: (events) => this.publish(events),
      onError: (error) => {
        this.lastError = error;
        this.options.onError?.(error);
      },
    });
  }

  async stop(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = undefined;
    await subscription?.stop();
    await this.disconnect();
  }

  private async publish(events: readonly RecordedEvent[]): Promise<void> {
    const byTopic = new Map<string, RecordedEvent[]>();
    for (const event of events) {
      const topic = topicFor(categoryOf(event.streamId), this.prefix);
      byTopic.set(topic, [...(byTopic.get(topic) ?? []), event]);
    }
    try {
      await this.ensureTopics([...byTopic.keys()]);
      const producer = await this.connectedProducer();
      await producer.sendBatch({
        acks: -1,
        topicMessages: [...byTopic].map(([topic, batch]) => ({ topic, messages: batch.map(toMessage) })),
      });
    } catch (error) {
      // A producer that failed mid-send may hold a stale sequence number: start the retry with a new one.
      await this.disconnect();
      throw error;
    }
    const last = events[events.length - 1].globalPosition;
    const from = this.published;
    await advanceCheckpoint(this.options.store, RELAY_CHECKPOINTS, this.name, last);
    this.published = last;
    this.lastError = undefined;
    this.options.onPublished?.(last, { from, topics: [...byTopic.keys()] });
  }

  private async connectedProducer(): Promise<Producer> {
    if (!this.producer) {
      const producer = this.options.kafka.producer({
        idempotent: true,
        maxInFlightRequests: 1,
        allowAutoTopicCreation: false,
        createPartitioner: Partitioners.DefaultPartitioner,
        // Give up on a send within seconds: the subscription then redelivers the batch to a fresh producer,
        // which keeps the relay responsive to stop() and its health check honest while Kafka is away.
        retry: { retries: 3, initialRetryTime: 300, maxRetryTime: 2_000 },
      });
      await producer.connect();
      this.producer = producer;
    }
    return this.producer;
  }

  private async ensureTopics(topics: readonly string[]): Promise<void> {
    const missing = topics.filter((t) => !this.knownTopics.has(t));
    if (missing.length === 0) return;
    if (!this.admin) {
      const admin = this.options.kafka.admin();
      await admin.connect();
      this.admin = admin;
    }
    await ensureTopics(this.admin, missing, this.options.partitions ?? 3);
    for (const t of missing) this.knownTopics.add(t);
  }

  private async disconnect(): Promise<void> {
    const [producer, admin] = [this.producer, this.admin];
    this.producer = undefined;
    this.admin = undefined;
    await producer?.disconnect().catch(() => undefined);
    await admin?.disconnect().catch(() => undefined);
  }
}
