import type { Admin, Kafka } from 'kafkajs';
import type { EventStore, RecordedEvent } from '../../kernel/ports/event-store';
import type { ReadStore } from '../../kernel/ports/read-store';
import { createDeclaredIndexes } from '../../kernel/projections/declared-indexes';
import type { EventHandler } from '../../kernel/projections/event-handler';
import { CHECKPOINTS, type Projection } from '../../kernel/projections/projection';
import type { ReadSide } from '../../kernel/projections/read-side';
import { recordVersion } from '../../kernel/projections/projection-versions';
import { renamedStore } from '../../kernel/projections/renamed-store';
import { readCheckpoint, type CheckpointDoc } from './checkpoints';
import { consumerGroupsLag, type TopicLag } from './consumer-lag';
import { KafkaEventRelay, RELAY_CHECKPOINTS } from './event-relay';
import { topicFor } from './event-messages';
import { ensureTopics } from './kafka-client';
import { KafkaProjector } from './kafka-projector';
import { SafePositionTracker } from './safe-position';

export interface KafkaReadSideOptions {
  readonly events: EventStore;
  /**
   * What the relay publishes from: the store as written, personal data sealed (the encrypting store's
   * `undecorated`), so Kafka topics hold ciphertext only and an erasure needs nothing from them. Default `events`.
   */
  readonly relayEvents?: EventStore;
  /** Opens the personal data of events read from Kafka before a projection applies them (the codec). */
  readonly open?: (events: readonly RecordedEvent[]) => Promise<RecordedEvent[]>;
  /** The MongoDB read store: documents, `_checkpoints` and `_relay_checkpoints`. */
  readonly store: ReadStore;
  readonly kafka: Kafka;
  /** Every projection of the platform: read-your-writes waits for all of them, wherever they run. */
  readonly projections: readonly Projection[];
  /** Every process manager (event handler): fed like a projection, its own checkpoint, in the process's consumer group. */
  readonly handlers?: readonly EventHandler[];
  readonly topicPrefix: string;
  readonly groupPrefix: string;
  readonly partitions: number;
  readonly relayName: string;
  /** Run the relay here (exactly one process per event store should). */
  readonly runRelay: boolean;
  /** Run projectors here: for every projection, or for the names in `only`. */
  readonly runProjectors: boolean;
  readonly only?: readonly string[];
  /** What a projection without `categories` consumes. */
  readonly defaultCategories: readonly string[];
  readonly sessionTimeoutMs?: number;
  /** The projector's longest idle fetch (KafkaProjectorOptions.fetchWaitMs). */
  readonly fetchWaitMs?: number;
  /** How often a waiting read-your-writes query re-reads the safe positions. */
  readonly pollIntervalMs?: number;
  readonly log: (message: string, error?: unknown) => void;
}

const REBUILD_SUFFIX = '__rebuild';

/** Consumer lag is asked of the cluster at most this often, however often GET /metrics is scraped. */
const LAG_READ_EVERY_MS = 5_000;

/**
 * A long wait re-reads the stored safe positions at most every this many poll intervals (15 ms -> 60 ms): only a
 * projector in another process needs the read, and one that far behind is not made later by 45 ms more.
 */
const MAX_POLL_BACKOFF = 4;

/**
 * The distributed read side of one process: optionally the relay (event store -> Kafka), optionally a
 * projector (Kafka -> MongoDB, one consumer group for the projections it runs) with the safe-position tracker, and
 * always the API's view: read-your-writes waits until every projection's safe position (in `_checkpoints`,
 * written by whichever projector process runs it) reaches the position asked for.
 */
export class KafkaReadSide implements ReadSide {
  readonly relay: KafkaEventRelay | undefined;
  /** The projector of this process (none when it runs no projections): one consumer group for all it runs. */
  readonly projectors: readonly KafkaProjector[];
  private readonly tracker: SafePositionTracker | undefined;
  private readonly safe = new Map<string, number>();
  private refreshing: Promise<number> | undefined;
  private refresher: NodeJS.Timeout | undefined;
  private readonly waiters = new Set<() => void>();
  private relayFailureCount = 0;
  private lagAdmin: Promise<Admin> | undefined;
  private lagReading: { readonly at: number; readonly lags: Promise<TopicLag[]> } | undefined;

  /** The projections and the event handlers: the read side runs and waits for both. */
  private readonly members: readonly (Projection | EventHandler)[];

  constructor(private readonly options: KafkaReadSideOptions) {
    const { only } = options;
    const members = [...options.projections, ...(options.handlers ?? [])];
    this.members = members;
    const unknown = (only ?? []).filter((name) => !members.some((p) => p.name === name));
    if (unknown.length > 0) throw new Error(`Unknown projection(s) ${unknown.join(', ')}; known: ${this.names.join(', ')}`);
    this.relay = options.runRelay
      ? new KafkaEventRelay({
          events: options.relayEvents ?? options.events,
          store: options.store,
          kafka: options.kafka,
          name: options.relayName,
          topicPrefix: options.topicPrefix,
          partitions: options.partitions,
          onError: (error) => {
            this.relayFailureCount += 1;
            options.log('relay: publishing failed, retrying', error);
          },
          onPublished: (position, { from, topics }) => {
            this.tracker?.notePublished(from, position, topics);
            this.tracker?.nudge();
          },
        })
      : undefined;
    const running = options.runProjectors ? members.filter((p) => !only || only.includes(p.name)) : [];
    const group = this.groupOf(running.map((p) => p.name));
    // One consumer group for every projection this process runs: each record fetched and decoded once for all.
    this.projectors =
      running.length === 0
        ? []
        : [
            new KafkaProjector({
              kafka: options.kafka,
              store: options.store,
              members: running.map((projection) => ({ projection, categories: this.categoriesOf(projection) })),
              groupId: group,
              topicPrefix: options.topicPrefix,
              partitions: options.partitions,
              sessionTimeout: options.sessionTimeoutMs,
              fetchWaitMs: options.fetchWaitMs,
              open: options.open,
              prepared: true,
              onError: (error) => options.log(`projector ${group}: consumer failed, restarting`, error),
              onCommitted: ({ topic, partition, offset, projections }) => {
                for (const name of projections) this.tracker?.noteCommitted(name, topic, partition, offset);
                this.tracker?.nudge();
              },
            }),
          ];
    this.tracker =
      running.length > 0
        ? new SafePositionTracker({
            kafka: options.kafka,
            store: options.store,
            relayName: options.relayName,
            groups: running.map((projection) => ({
              projection: projection.name,
              groupId: group,
              topics: this.categoriesOf(projection).map((c) => topicFor(c, options.topicPrefix)),
            })),
            onError: (error) => options.log('safe positions: Kafka or MongoDB unreachable, retrying', error),
            onAdvanced: (projection, position) => this.advanced(projection, position),
          })
        : undefined;
  }

  get names(): string[] {
    return this.members.map((p) => p.name);
  }

  /** Stream categories a projection or handler consumes: its own, else every known one. */
  categoriesOf(projection: Projection | EventHandler): readonly string[] {
    if (projection.categories && projection.categories.length > 0) return projection.categories;
    const declared = this.members.flatMap((p) => p.categories ?? []);
    return [...new Set([...this.options.defaultCategories, ...declared])];
  }

  /**
   * The consumer group of a process running these projections: `<prefix>all` for every one (the default), else
   * `<prefix><name>[+<name>...]`. Processes running the same set share it and spread its partitions.
   */
  groupOf(names: readonly string[]): string {
    if (names.length === this.members.length) return `${this.options.groupPrefix}all`;
    return `${this.options.groupPrefix}${[...names].sort().join('+')}`;
  }

  async start(): Promise<void> {
    const { store, projections, log } = this.options;
    // Every index a query needs, whether or not this process projects: the API may run alone. (Here, once:
    // the projectors below start `prepared`.)
    await createDeclaredIndexes(store, projections);
    for (const p of this.projectors.flatMap((x) => x.projections)) {
      if (!p.categories?.length) log(`projector ${p.name}: no categories declared, consuming ${this.categoriesOf(p).join(', ')}`);
    }
    if (this.projectors.length > 0) await this.createTopics();
    await this.relay?.start();
    await Promise.all(this.projectors.map((p) => p.start()));
    await this.tracker?.start();
    await this.refresh().catch((error: unknown) => log('read side: safe positions unreadable', error));
    this.refresher = setInterval(() => void this.refresh().catch(() => undefined), 1_000);
    this.refresher.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.refresher);
    await this.tracker?.stop();
    await Promise.all(this.projectors.map((p) => p.stop().catch((error: unknown) => this.options.log('projector stop failed', error))));
    await this.relay?.stop();
    await this.refreshing?.catch(() => undefined);
    const admin = this.lagAdmin;
    this.lagAdmin = undefined;
    await admin?.then((a) => a.disconnect()).catch(() => undefined);
  }

  /** Batches the relay of this process failed to publish (each retried); 0 where the relay runs elsewhere. */
  get relayFailures(): number {
    return this.relayFailureCount;
  }

  /** The last position published to Kafka: the relay's own when it runs here, else its checkpoint as stored. */
  async relayPosition(): Promise<number> {
    return this.relay ? this.relay.position : readCheckpoint(this.options.store, RELAY_CHECKPOINTS, this.options.relayName);
  }

  /**
   * Every projector group's lag per topic, wherever the projectors run (consumer-lag.ts), for GET /metrics: asked of
   * the cluster at most every LAG_READ_EVERY_MS over one admin connection kept for it, so a scrape costs Kafka little.
   */
  consumerLag(): Promise<TopicLag[]> {
    const now = Date.now();
    if (!this.lagReading || now - this.lagReading.at >= LAG_READ_EVERY_MS) {
      const { kafka, groupPrefix, topicPrefix } = this.options;
      this.lagAdmin ??= (async () => {
        const admin = kafka.admin();
        await admin.connect();
        return admin;
      })();
      const admin = this.lagAdmin;
      const lags = admin.then((a) => consumerGroupsLag(a, groupPrefix, topicPrefix));
      // A connection that failed is made again at the next reading.
      lags.catch(() => {
        if (this.lagAdmin === admin) this.lagAdmin = undefined;
        void admin.then((a) => a.disconnect()).catch(() => undefined);
      });
      this.lagReading = { at: now, lags };
    }
    return this.lagReading.lags;
  }

  /** Lowest safe position over every projection, as last read. */
  position(): number {
    return Math.min(...this.names.map((name) => this.safe.get(name) ?? 0));
  }

  /**
   * Safe positions only move forward, so one already known to be reached answers at once. Otherwise the
   * stored positions are re-read (other processes' projectors write them) `pollIntervalMs` after the first
   * read, then at doubling intervals up to `MAX_POLL_BACKOFF` times that, and a safe position this process's
   * own tracker moves wakes the waiters at once. A wake does not read the store: it re-read on every
   * advance of a catch-up (54 of the 270 MongoDB commands of the platform's), while what it brings is already
   * in memory.
   */
  async waitFor(position: number, timeoutMs: number): Promise<boolean> {
    if (this.position() >= position) return true;
    const deadline = Date.now() + timeoutMs;
    const poll = this.options.pollIntervalMs ?? 15;
    let interval = poll;
    let readAt = 0;
    for (;;) {
      if (Date.now() >= readAt) {
        try {
          if ((await this.refresh()) >= position) return true;
        } catch (error) {
          this.options.log('read side: safe positions unreadable', error);
        }
        readAt = Date.now() + interval;
        interval = Math.min(interval * 2, poll * MAX_POLL_BACKOFF);
      }
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await this.nextAdvance(Math.max(0, Math.min(left, readAt - Date.now())));
      if (this.position() >= position) return true;
    }
  }

  /** Resolves when this process's tracker moves a safe position, or after `ms`. */
  private nextAdvance(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.waiters.add(wake);
    });
  }

  private advanced(projection: string, position: number): void {
    this.safe.set(projection, Math.max(this.safe.get(projection) ?? 0, position));
    for (const wake of [...this.waiters]) wake();
  }

  /** Positions and health for the relay and projector processes' /health. */
  health(): { healthy: boolean } & Record<string, unknown> {
    const relay = this.relay ? { healthy: this.relay.healthy, position: this.relay.position } : undefined;
    const projections = Object.fromEntries(
      this.projectors.flatMap((p) =>
        p.projections.map(({ name }) => [name, { group: p.groupId, joined: p.healthy, position: p.positionOf(name), safePosition: this.safe.get(name) ?? 0 }]),
      ),
    );
    const healthy = (relay?.healthy ?? true) && this.projectors.every((p) => p.healthy);
    return { healthy, ...(relay && { relay }), projections };
  }

  /**
   * Blue-green rebuild while the live projector keeps running: replay the event store into
   * `<collection>__rebuild` up to its head H, switch the collections (renameCollection, dropTarget), then
   * replay from H once more into the live name. An event the live projector applied to the old collection
   * between the first replay and the switch has a position above H (or the first replay had it), so the
   * second replay brings it over; anything later reaches the new collection through Kafka. Both paths use
   * the projection's guarded writes, so whichever comes second changes nothing. The consumer group and the
   * safe position are untouched: they never stopped.
   */
  async rebuild(name: string): Promise<{ position: number }> {
    const projection = this.options.projections.find((p) => p.name === name);
    if (!projection && this.options.handlers?.some((h) => h.name === name)) throw new Error(`${name} is an event handler: it owns no read model to rebuild`);
    if (!projection) throw new Error(`Unknown projection ${name}`);
    const { store } = this.options;
    const target = renamedStore(store, (c) => (projection.collections.includes(c) ? `${c}${REBUILD_SUFFIX}` : c));
    for (const c of projection.collections) await store.dropCollection(`${c}${REBUILD_SUFFIX}`);
    await createDeclaredIndexes(target, [projection]);
    let position = await this.replay(projection, target, 0);
    for (const c of projection.collections) {
      // A projection may own a collection it has not written yet: there is nothing to switch.
      if ((await store.listCollections()).includes(`${c}${REBUILD_SUFFIX}`)) await store.renameCollection(`${c}${REBUILD_SUFFIX}`, c);
    }
    position = await this.replay(projection, store, position);
    await recordVersion(store, projection);
    return { position };
  }

  /** Every topic the projectors subscribe to, created once here rather than by each projector concurrently. */
  async createTopics(): Promise<void> {
    const admin = this.options.kafka.admin();
    await admin.connect();
    try {
      await ensureTopics(admin, [...new Set(this.projectors.flatMap((p) => p.subscribedTopics))], this.options.partitions);
    } finally {
      await admin.disconnect();
    }
  }

  private async replay(projection: Projection, target: ReadStore, from: number): Promise<number> {
    let position = from;
    for (;;) {
      const batch = await this.options.events.readAll({ fromPosition: position, limit: 1000 });
      if (batch.length === 0) return position;
      try {
        for (const event of batch) if (projection.eventTypes.includes(event.type)) await projection.apply(event, target);
      } finally {
        await projection.flush?.(target);
      }
      position = batch[batch.length - 1].globalPosition;
    }
  }

  /** Reads every projection's safe position (one query, shared by concurrent waiters). */
  private refresh(): Promise<number> {
    if (!this.refreshing) {
      const reading = this.readSafePositions();
      this.refreshing = reading;
      reading.then(
        () => (this.refreshing = undefined),
        () => (this.refreshing = undefined),
      );
    }
    return this.refreshing;
  }

  private async readSafePositions(): Promise<number> {
    const docs = await this.options.store.collection<CheckpointDoc>(CHECKPOINTS).find({ _id: { $in: this.names } });
    // Never back: the tracker of this process may have stored a higher one while this read was under way.
    for (const doc of docs) this.safe.set(doc._id, Math.max(this.safe.get(doc._id) ?? 0, doc.safePosition ?? 0));
    return this.position();
  }
}
