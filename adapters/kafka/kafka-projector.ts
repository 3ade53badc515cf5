import type { Consumer, EachBatchPayload, Kafka, KafkaMessage } from 'kafkajs';
import type { RecordedEvent } from '../../kernel/ports/event-store';
import type { EventHandler } from '../../kernel/projections/event-handler';
import { CHECKPOINTS, type Projection } from '../../kernel/projections/projection';
import { createDeclaredIndexes } from '../../kernel/projections/declared-indexes';
import { subscriberOf, type Subscriber } from '../../kernel/projections/subscriber';
import type { ReadStore } from '../../kernel/ports/read-store';
import { advanceCheckpoint, readCheckpoints } from './checkpoints';
import { DEFAULT_TOPIC_PREFIX, fromMessage, topicFor } from './event-messages';
import { ensureTopics } from './kafka-client';

/**
 * A partition's share of one fetch. A backlog of 20,000 small events (one guarded upsert each) drained at 27,000-31,000
 * events/s with kafkajs's 1 MiB, 42,000-56,000 with this (tests/bench/distributed.ts, 2026-11-29).
 */
const MAX_BYTES_PER_PARTITION = 8 * 1024 * 1024;

/** A projection (or event handler) the projector feeds, with the stream categories whose topics it reads. */
export interface ProjectorMember {
  readonly projection: Projection | EventHandler;
  /** Stream categories whose topics feed it (`events.<category>`). */
  readonly categories: readonly string[];
}

export interface KafkaProjectorOptions {
  readonly kafka: Kafka;
  readonly store: ReadStore;
  /**
   * Projections and event handlers (process managers: no collections, same checkpointed delivery), fed by one
   * consumer group over the union of their topics: each record is fetched and decoded once for all of them.
   */
  readonly members: readonly ProjectorMember[];
  /** Defaults to `projection.<name>` (several members: their names joined by `+`): every process running them joins it. */
  readonly groupId?: string;
  readonly topicPrefix?: string;
  /** Kafka's floor is 6 s (group.min.session.timeout.ms): how long a dead member holds its partitions. */
  readonly sessionTimeout?: number;
  readonly heartbeatInterval?: number;
  /**
   * The longest an idle fetch waits for records (default 1 s). It also bounds how long stop() waits for that
   * fetch: a shorter wait stops sooner at the cost of more idle fetches.
   */
  readonly fetchWaitMs?: number;
  /**
   * The most a fetch brings of one partition (default 8 MiB; kafkajs's own is 1 MiB). kafkajs fetches, hands the
   * batches over, and only then fetches again: a backlog came in 1 MiB rounds, each waiting on the one before.
   */
  readonly maxBytesPerPartition?: number;
  /** Partitions for a category topic this projector has to create (it may start before the relay). */
  readonly partitions?: number;
  /** How long a rebalance waits for members to rejoin. */
  readonly rebalanceTimeout?: number;
  /**
   * The topics and the projections' indexes exist already (the read side creates them once before starting
   * the projector): start skips creating them, an admin connection and a round of requests each.
   */
  readonly prepared?: boolean;
  /** Opens sealed personal data before `apply` (a failure is a failing apply: retried). */
  readonly open?: (events: readonly RecordedEvent[]) => Promise<RecordedEvent[]>;
  readonly onError?: (error: unknown) => void;
  /**
   * Called after a batch's offsets were committed, with the partition, the offset committed (the next to
   * consume) and the members reading that topic: the safe-position tracker notes it and checks at once.
   */
  readonly onCommitted?: (committed: { topic: string; partition: number; offset: number; projections: readonly string[] }) => void;
  /** Streams of one batch applied at once per member (each stream's events still one after the other). Default 32. */
  readonly streamConcurrency?: number;
  /** Partitions whose batches are handled at once. Default 3. */
  readonly partitionsConsumedConcurrently?: number;
}

/** A member as the projector runs it: what it subscribes to and how far it has applied. */
interface Fed {
  readonly subscriber: Subscriber;
  /** Its event types, looked up for every record of every batch (25 members: a list scanned 25 times per record). */
  readonly types: ReadonlySet<string>;
  readonly projection: Projection | EventHandler;
  readonly topics: readonly string[];
  applied: number;
}

/** One member's part of a batch: the events it takes, which of the batch it is done with, and how it ended. */
interface Share {
  readonly fed: Fed;
  readonly wanted: number[];
  readonly done: boolean[];
  failed: boolean;
  failure?: unknown;
  /** False when the member's writes for the batch could not be made durable: none of them counts. */
  written: boolean;
}

/**
 * Runs projections as one Kafka consumer group over the union of their category topics. Each record is
 * fetched, decoded and opened once, then handed to every member that takes its type (members at once, each
 * through its own batch view of the read store). Per batch: apply (in order within each stream; different
 * streams at once, as different partitions or projector processes would anyway: delivery is ordered per
 * stream only), then advance each member's checkpoint in `_checkpoints`, then commit the Kafka offsets of the
 * prefix every member is done with (STYLE.md 7). A crash anywhere in between redelivers events; every write
 * is guarded by revision/position (STYLE.md 6), so a redelivered event changes nothing.
 *
 * One group rather than one per projection: with 25 groups Kafka served every record up to 25 times and Node
 * decoded it as often, which bounded the distributed catch-up. The cost: a member that keeps failing holds
 * back the commit of the others in its group (they apply on, their redelivery changes nothing).
 *
 * A checkpoint is the highest global position the member applied. With several partitions it is not a
 * low-water mark (another partition may still be behind it); "caught up" means zero consumer-group lag.
 */
export class KafkaProjector {
  private consumer: Consumer | undefined;
  private readonly topics: string[];
  private readonly fed: Fed[];
  private joined = false;

  constructor(private readonly options: KafkaProjectorOptions) {
    if (options.members.length === 0) throw new Error('A projector needs at least one projection');
    const prefix = options.topicPrefix ?? DEFAULT_TOPIC_PREFIX;
    this.fed = options.members.map((m) => ({
      subscriber: subscriberOf(m.projection),
      types: new Set(m.projection.eventTypes),
      projection: m.projection,
      topics: m.categories.map((category) => topicFor(category, prefix)),
      applied: 0,
    }));
    this.topics = [...new Set(this.fed.flatMap((f) => f.topics))];
  }

  get groupId(): string {
    return this.options.groupId ?? `projection.${this.fed.map((f) => f.subscriber.name).join('+')}`;
  }

  /** The members, in the order given. */
  get projections(): readonly (Projection | EventHandler)[] {
    return this.fed.map((f) => f.projection);
  }

  /** Every topic the group reads (the union of the members'). */
  get subscribedTopics(): readonly string[] {
    return this.topics;
  }

  /** The topics one member reads. */
  topicsOf(name: string): readonly string[] {
    return this.fed.find((f) => f.subscriber.name === name)?.topics ?? [];
  }

  /** Highest global position this process has applied and checkpointed for a member. */
  positionOf(name: string): number {
    return this.fed.find((f) => f.subscriber.name === name)?.applied ?? 0;
  }

  get healthy(): boolean {
    return this.consumer !== undefined && this.joined;
  }

  async start(): Promise<void> {
    if (this.consumer) return;
    const { store } = this.options;
    const subscribers = this.fed.map((f) => f.subscriber);
    if (!this.options.prepared) await createDeclaredIndexes(store, subscribers);
    const names = subscribers.map((s) => s.name);
    const stored = await readCheckpoints(store, CHECKPOINTS, names);
    for (const f of this.fed) f.applied = stored.get(f.subscriber.name) ?? 0;
    const maxBytesPerPartition = this.options.maxBytesPerPartition ?? MAX_BYTES_PER_PARTITION;
    const consumer = this.options.kafka.consumer({
      groupId: this.groupId,
      sessionTimeout: this.options.sessionTimeout ?? 10_000,
      heartbeatInterval: this.options.heartbeatInterval ?? 1_000,
      rebalanceTimeout: this.options.rebalanceTimeout ?? 30_000,
      allowAutoTopicCreation: false,
      maxWaitTimeInMs: this.options.fetchWaitMs ?? 1_000,
      maxBytesPerPartition,
      // A fetch may then bring every partition's share; Kafka's own cap on a fetch answer (fetch.max.bytes) is 55 MiB.
      maxBytes: 4 * maxBytesPerPartition,
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
   * The batch's records decoded once; the events any member takes opened at once (events travel sealed: no
   * personal data in Kafka); then every member applies its share at the same time. Only the prefix of the
   * batch that every member is done with (applied, or not its type) is resolved and committed: after a
   * failure, or a stop, the rest comes back, and what of it was applied already changes nothing.
   */
  private async handleBatch(payload: EachBatchPayload): Promise<void> {
    const { batch, resolveOffset, heartbeat, isRunning, isStale, commitOffsetsIfNecessary, uncommittedOffsets } = payload;
    const messages = batch.messages;
    const events = messages.map((message) => this.decode(message));
    const shares: Share[] = this.fed
      .filter((fed) => fed.topics.includes(batch.topic))
      .map((fed) => {
        const done = events.map((event) => !event || !fed.types.has(event.type));
        const wanted = done.flatMap((isDone, i) => (isDone ? [] : [i]));
        return { fed, wanted, done, failed: false, written: true };
      });
    let opened = true;
    let openFailure: unknown;
    try {
      const taken = [...new Set(shares.flatMap((s) => s.wanted))].sort((a, b) => a - b);
      if (this.options.open && taken.length > 0) {
        const open = await this.options.open(taken.map((i) => events[i]!));
        taken.forEach((i, k) => (events[i] = open[k]));
      }
    } catch (error) {
      [opened, openFailure] = [false, error];
    }
    if (opened) await Promise.all(shares.filter((s) => s.wanted.length > 0).map((share) => this.applyShare(share, events, { heartbeat, isRunning, isStale })));
    // Also after a failing apply: what every member applied in order is kept and committed; the rest comes back.
    let prefix = 0;
    if (opened) {
      await this.checkpoint(shares, events);
      while (prefix < messages.length && shares.every((s) => s.written && s.done[prefix])) prefix++;
    }
    if (prefix > 0) {
      resolveOffset(messages[prefix - 1].offset);
      await commitOffsetsIfNecessary(uncommittedOffsets());
      // kafkajs skips the commit of a consumer that is stopping: tell only of an offset it no longer has to commit.
      const offset = Number(messages[prefix - 1].offset) + 1;
      const pending = uncommittedOffsets().topics.some((t) => t.topic === batch.topic && t.partitions.some((p) => p.partition === batch.partition));
      const projections = shares.map((s) => s.fed.subscriber.name);
      if (!pending) this.options.onCommitted?.({ topic: batch.topic, partition: batch.partition, offset, projections });
    }
    if (!opened) throw openFailure;
    const failed = shares.find((s) => s.failed);
    if (failed) throw failed.failure;
  }

  /**
   * One member's events of the batch, grouped by stream (or by its `orderKey`); up to `streamConcurrency`
   * groups at once, each group's events in offset order, through the store's batch view: on MongoDB a
   * write-behind view, so the guarded writes go in one ordered bulkWrite per collection when the batch
   * settles (a projection's reads first send what they need).
   */
  private async applyShare(
    share: Share,
    events: (RecordedEvent | undefined)[],
    control: Pick<EachBatchPayload, 'heartbeat' | 'isRunning' | 'isStale'>,
  ): Promise<void> {
    const { subscriber } = share.fed;
    const byKey = new Map<string, number[]>();
    for (const i of share.wanted) {
      const key = subscriber.orderKey(events[i]!);
      const chain = byKey.get(key);
      if (chain) chain.push(i);
      else byKey.set(key, [i]);
    }
    const chains = [...byKey.values()];
    const worker = async (view: ReadStore) => {
      for (let chain = chains.shift(); chain; chain = chains.shift()) {
        for (const i of chain) {
          if (share.failed || !control.isRunning() || control.isStale()) return;
          try {
            await subscriber.deliver(events[i]!, view);
          } catch (error) {
            if (!share.failed) [share.failed, share.failure] = [true, error];
            return;
          }
          share.done[i] = true;
          await control.heartbeat();
        }
      }
    };
    const workers = async (view: ReadStore) => {
      try {
        await Promise.all(Array.from({ length: Math.min(chains.length, this.options.streamConcurrency ?? 32) }, () => worker(view)));
      } finally {
        // What the applied events gathered goes with the batch's other writes, even after a failing apply.
        await subscriber.flush(view);
      }
    };
    const { store } = this.options;
    try {
      await store.batch(workers);
    } catch (error) {
      // The batch's writes could not all be made durable: none of its events counts as applied.
      share.written = false;
      if (!share.failed) [share.failed, share.failure] = [true, error];
    }
  }

  /**
   * Each member's checkpoint moves to the highest position of the prefix it is done with. Stored only when the
   * batch held events of its types: read-your-writes waits on the safe position (committed offsets), never
   * on this one, and most batches hold none of most members' types. Nor when this process already stored one at
   * least as high (another partition's batch got there first): the store's guard would refuse it, and MongoDB
   * answers a refused upsert with a duplicate key, which costs a read to tell from a real collision (13 of a
   * catch-up's 270 commands). The members' checkpoints go in one request where the store has a write-behind
   * view (MongoDB: one bulkWrite instead of one update per member).
   */
  private async checkpoint(shares: readonly Share[], events: readonly (RecordedEvent | undefined)[]): Promise<void> {
    const advanced: { fed: Fed; highest: number; stored: boolean }[] = [];
    for (const share of shares) {
      if (!share.written) continue;
      let highest = 0;
      for (let i = 0; i < events.length && share.done[i]; i++) highest = Math.max(highest, events[i]?.globalPosition ?? 0);
      if (highest > 0) advanced.push({ fed: share.fed, highest, stored: share.wanted.length > 0 && highest > share.fed.applied });
    }
    const write = async (store: ReadStore) => {
      for (const { fed, highest, stored } of advanced) if (stored) await advanceCheckpoint(store, CHECKPOINTS, fed.subscriber.name, highest);
    };
    const { store } = this.options;
    if (advanced.some((a) => a.stored)) await store.batch(write);
    for (const { fed, highest } of advanced) fed.applied = Math.max(fed.applied, highest);
  }
}
