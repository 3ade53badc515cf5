import type { Consumer, EachBatchPayload, Kafka, KafkaMessage } from 'kafkajs';
import type { RecordedEvent } from '../../application/ports/event-store';
import type { EventHandler } from '../../application/projections/event-handler';
import { CHECKPOINTS, type Projection } from '../../application/projections/projection';
import { subscriberOf, type Subscriber } from '../../application/projections/subscriber';
import type { ReadStore } from '../../application/ports/read-store';
import { advanceCheckpoint, readCheckpoint } from './checkpoints';
import { DEFAULT_TOPIC_PREFIX, fromMessage, topicFor } from './event-messages';
import { ensureTopics } from './kafka-client';

export interface KafkaProjectorOptions {
  readonly kafka: Kafka;
  readonly store: ReadStore;
  /** A projection, or an event handler (a process manager: no collections, same checkpointed delivery). */
  readonly projection: Projection | EventHandler;
  /** Stream categories whose topics feed the projection (`events.<category>`). */
  readonly categories: readonly string[];
  /** Defaults to `projection.<name>`: every process running this projection joins the same group. */
  readonly groupId?: string;
  readonly topicPrefix?: string;
  /** Kafka's floor is 6 s (group.min.session.timeout.ms): how long a dead member holds its partitions. */
  readonly sessionTimeout?: number;
  readonly heartbeatInterval?: number;
  /** Partitions for a category topic this projector has to create (it may start before the relay). */
  readonly partitions?: number;
  /** How long a rebalance waits for members to rejoin. */
  readonly rebalanceTimeout?: number;
  /**
   * The topics and the projection's indexes exist already (the read side starting many projectors creates
   * them once for all): start skips creating them, an admin connection and a round of requests each.
   */
  readonly prepared?: boolean;
  /** Opens sealed personal data before `apply` (a failure is a failing apply: retried). */
  readonly open?: (events: readonly RecordedEvent[]) => Promise<RecordedEvent[]>;
  readonly onError?: (error: unknown) => void;
  /**
   * Called after a batch's offsets were committed, with the partition and the offset committed (the next to
   * consume): the safe-position tracker notes it and checks at once.
   */
  readonly onCommitted?: (committed: { topic: string; partition: number; offset: number }) => void;
  /** Streams of one batch applied at once (each stream's events still one after the other). Default 32. */
  readonly streamConcurrency?: number;
  /** Partitions whose batches are handled at once. Default 3. */
  readonly partitionsConsumedConcurrently?: number;
}

/**
 * Runs one projection as a Kafka consumer group over the category topics. Per batch: apply its events to
 * the read store (in order within each stream; different streams at once, as different partitions or
 * projector processes would anyway: delivery is ordered per stream only), then advance the projection's checkpoint in `_checkpoints`, then commit the Kafka
 * offsets (STYLE.md 7). A crash anywhere in between redelivers events; the projection guards every write
 * by revision/position (STYLE.md 6), so a redelivered event changes nothing.
 *
 * The checkpoint is the highest global position applied. With several partitions it is not a low-water
 * mark (another partition may still be behind it); "caught up" means zero consumer-group lag (consumerGroupLag).
 */
export class KafkaProjector {
  private consumer: Consumer | undefined;
  private readonly topics: string[];
  private applied = 0;
  private joined = false;
  private readonly subscriber: Subscriber;

  constructor(private readonly options: KafkaProjectorOptions) {
    this.subscriber = subscriberOf(options.projection);
    const prefix = options.topicPrefix ?? DEFAULT_TOPIC_PREFIX;
    this.topics = options.categories.map((category) => topicFor(category, prefix));
  }

  get groupId(): string {
    return this.options.groupId ?? `projection.${this.options.projection.name}`;
  }

  get projection(): Projection | EventHandler {
    return this.options.projection;
  }

  get subscribedTopics(): readonly string[] {
    return this.topics;
  }

  /** Highest global position this process has applied and checkpointed. */
  get position(): number {
    return this.applied;
  }

  get healthy(): boolean {
    return this.consumer !== undefined && this.joined;
  }

  async start(): Promise<void> {
    if (this.consumer) return;
    const { store } = this.options;
    const projection = this.subscriber;
    if (!this.options.prepared) for (const index of projection.indexes ?? []) await store.collection(index.collection).createIndex(index);
    this.applied = await readCheckpoint(store, CHECKPOINTS, projection.name);
    const consumer = this.options.kafka.consumer({
      groupId: this.groupId,
      sessionTimeout: this.options.sessionTimeout ?? 10_000,
      heartbeatInterval: this.options.heartbeatInterval ?? 1_000,
      rebalanceTimeout: this.options.rebalanceTimeout ?? 30_000,
      allowAutoTopicCreation: false,
      // The longest an idle fetch waits for data; it also bounds how long stop() waits for that fetch.
      maxWaitTimeInMs: 1_000,
    });
    consumer.on(consumer.events.GROUP_JOIN, () => (this.joined = true));
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      this.joined = false;
      this.options.onError?.(payload.error);
    });
    try {
      if (!this.options.prepared) await this.ensureTopics();
      await consumer.connect();
      await consumer.subscribe({ topics: this.topics, fromBeginning: true });
      await consumer.run({
        autoCommit: false,
        eachBatchAutoResolve: false,
        partitionsConsumedConcurrently: this.options.partitionsConsumedConcurrently ?? 3,
        eachBatch: (payload) => this.handleBatch(payload),
      });
    } catch (error) {
      await consumer.disconnect().catch(() => undefined);
      throw error;
    }
    this.consumer = consumer;
  }

  /** Leaves the group cleanly: unprocessed offsets are not committed, the next owner gets them. */
  async stop(): Promise<void> {
    const consumer = this.consumer;
    this.consumer = undefined;
    this.joined = false;
    await consumer?.disconnect();
  }

  /** Subscribing to a missing topic fails, and the relay may not have created it yet: create it here too. */
  private async ensureTopics(): Promise<void> {
    const admin = this.options.kafka.admin();
    await admin.connect();
    try {
      await ensureTopics(admin, this.topics, this.options.partitions ?? 3);
    } finally {
      await admin.disconnect();
    }
  }

  /**
   * A record that is not a recorded event can never be projected: report it and move past it, rather
   * than block its partition forever. (A failing apply, by contrast, is retried.)
   */
  private decode(message: KafkaMessage): RecordedEvent | undefined {
    try {
      return fromMessage(message);
    } catch (error) {
      this.options.onError?.(new Error(`Skipped Kafka record at offset ${message.offset}: ${String(error)}`));
      return undefined;
    }
  }

  /**
   * The batch's events grouped by stream (or by the projection's `orderKey`); up to `streamConcurrency`
   * groups are applied at once, each group's events in offset order, through the store's batch view: on MongoDB a write-behind view, so the
   * guarded writes of the whole batch go in one ordered bulkWrite per collection when the batch settles
   * (a projection's reads first send what they need). Only then, and only if that write succeeded, is the
   * prefix of the batch whose every event was applied (or needs no apply) resolved, checkpointed and
   * committed: after a failure, or a stop, the rest comes back, and what of it was applied already changes
   * nothing (every write is guarded by the stream's revision).
   */
  private async handleBatch(payload: EachBatchPayload): Promise<void> {
    const { batch, resolveOffset, heartbeat, isRunning, isStale, commitOffsetsIfNecessary, uncommittedOffsets } = payload;
    const { store } = this.options;
    const projection = this.subscriber;
    const messages = batch.messages;
    const events = messages.map((message) => this.decode(message));
    const done = events.map((event) => !event || !projection.eventTypes.includes(event.type));
    const chains: number[][] = [];
    let failed = false;
    let failure: unknown;
    let written = true;
    const wanted = events.flatMap((_, i) => (done[i] ? [] : [i]));
    try {
      // Events travel sealed (no personal data in Kafka): the batch's are opened at once, just before they are applied.
      if (this.options.open && wanted.length > 0) {
        const opened = await this.options.open(wanted.map((i) => events[i]!));
        wanted.forEach((i, k) => (events[i] = opened[k]));
      }
      const byKey = new Map<string, number[]>();
      for (const i of wanted) {
        const key = projection.orderKey(events[i]!);
        const chain = byKey.get(key);
        if (chain) chain.push(i);
        else byKey.set(key, [i]);
      }
      chains.push(...byKey.values());
      const worker = async (view: ReadStore) => {
        for (let chain = chains.shift(); chain; chain = chains.shift()) {
          for (const i of chain) {
            if (failed || !isRunning() || isStale()) return;
            try {
              await projection.deliver(events[i]!, view);
            } catch (error) {
              if (!failed) [failed, failure] = [true, error];
              return;
            }
            done[i] = true;
            await heartbeat();
          }
        }
      };
      const workers = async (view: ReadStore) => {
        try {
          await Promise.all(Array.from({ length: Math.min(chains.length, this.options.streamConcurrency ?? 32) }, () => worker(view)));
        } finally {
          // What the applied events gathered goes with the batch's other writes, even after a failing apply.
          await projection.flush(view);
        }
      };
      try {
        await (store.batch ? store.batch(workers) : workers(store));
      } catch (error) {
        // The batch's writes could not all be made durable: none of its events counts as applied.
        written = false;
        if (!failed) [failed, failure] = [true, error];
      }
    } catch (error) {
      // Opening failed: nothing was applied.
      written = false;
      [failed, failure] = [true, error];
    } finally {
      // Also after a failing apply: what was applied in order is kept and committed; the rest comes back.
      let prefix = 0;
      let highest = 0;
      if (written) for (; prefix < messages.length && done[prefix]; prefix++) highest = Math.max(highest, events[prefix]?.globalPosition ?? 0);
      if (highest > 0) {
        // Stored only when this batch applied something: read-your-writes waits on the safe position (committed
        // offsets), never on this one, and most batches reach most projections with none of their events (with
        // 25 consumer groups, these writes were a third of the MongoDB commands of a catch-up).
        if (wanted.length > 0) await advanceCheckpoint(store, CHECKPOINTS, projection.name, highest);
        this.applied = Math.max(this.applied, highest);
      }
      if (prefix > 0) {
        resolveOffset(messages[prefix - 1].offset);
        await commitOffsetsIfNecessary(uncommittedOffsets());
        // kafkajs skips the commit of a consumer that is stopping: tell only of an offset it no longer has to commit.
        const offset = Number(messages[prefix - 1].offset) + 1;
        const pending = uncommittedOffsets().topics.some((t) => t.topic === batch.topic && t.partitions.some((p) => p.partition === batch.partition));
        if (!pending) this.options.onCommitted?.({ topic: batch.topic, partition: batch.partition, offset });
      }
    }
    if (failed) throw failure;
  }
}
