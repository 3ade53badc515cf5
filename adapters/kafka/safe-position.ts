import type { Admin, Kafka } from 'kafkajs';
import { CHECKPOINTS } from '../../kernel/projections/projection';
import type { ReadStore } from '../../kernel/ports/read-store';
import { advanceSafePosition, readCheckpoint, type CheckpointDoc } from './checkpoints';
import { RELAY_CHECKPOINTS } from './event-relay';

/** A projection's consumer group and the topics it reads. */
export interface TrackedGroup {
  readonly projection: string;
  readonly groupId: string;
  readonly topics: readonly string[];
}

export interface SafePositionTrackerOptions {
  readonly kafka: Kafka;
  /** Where the relay's checkpoint is read and the projections' safe positions are written (`_checkpoints`). */
  readonly store: ReadStore;
  readonly relayName: string;
  readonly groups: readonly TrackedGroup[];
  /** How often to check while idle; a projector's commit or the relay's publish checks at once (nudge). */
  readonly intervalMs?: number;
  readonly onError?: (error: unknown) => void;
  /** Called as soon as a projection's safe position moves forward (read-your-writes waiters in this process wake); it is stored after. */
  readonly onAdvanced?: (projection: string, position: number) => void;
}

/** `topic/partition` -> an offset. */
type Offsets = Map<string, number>;

/**
 * Computes, for each projection, a SAFE position: every event at or below it is in the read model, on
 * whatever partition it travelled. The highest position a projection applied is not that: Kafka orders per
 * partition only, so position 90 (partition 0) may be applied while 80 (partition 1) still waits.
 *
 * One check: (1) read the relay checkpoint R (every event <= R was acknowledged by Kafka: the relay writes R
 * after the ack, and acks=all answers once the records are below the high watermark); (2) then read the
 * high watermarks of the projection's topics; (3) then its group's committed offsets. Offsets are committed
 * only after the MongoDB writes, so committed >= high watermark on every partition means every record that
 * existed at (2), hence every event <= R, has been applied: safePosition := R.
 *
 * Under continuous load the group may never be at zero lag at the instant of a check, so each check also
 * keeps (R, high watermarks) as a snapshot: once the committed offsets pass the snapshot's watermarks, its R
 * is safe, and a new snapshot is taken. Safe positions only move forward (several processes may compute them).
 */
export class SafePositionTracker {
  private admin: Admin | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private failing = false;
  private readonly safe = new Map<string, number>();
  /** Projections whose safe position this process knows but has not written to the store yet (end of check, or a failed write). */
  private readonly unstored = new Set<string>();
  private readonly snapshots = new Map<string, { relay: number; ends: Offsets }>();
  /** Per projection, the group's committed offsets as last read, or as committed by this process (a lower bound). */
  private readonly committed = new Map<string, Offsets>();
  /** What this process's relay published (notePublished), until a check has used it. */
  private publishes: { from: number; to: number; topics: readonly string[] }[] = [];
  /** The watermarks read for relay checkpoint `relay`. */
  private watermarks: { relay: number; ends: Offsets; lows: Offsets } | undefined;

  constructor(private readonly options: SafePositionTrackerOptions) {}

  /** The safe position this process last computed or read, per projection. */
  positionOf(projection: string): number {
    return this.safe.get(projection) ?? 0;
  }

  async start(): Promise<void> {
    if (!this.stopped) return;
    const names = this.options.groups.map((g) => g.projection);
    const docs = await this.options.store.collection<CheckpointDoc>(CHECKPOINTS).find({ _id: { $in: names } });
    for (const doc of docs) this.safe.set(doc._id, doc.safePosition ?? 0);
    this.stopped = false;
    this.schedule(0);
  }

  /**
   * A projector of this process committed `offset` (the next to consume) on a partition of `projection`'s
   * group. The group's committed offset is at least that from now on (offsets only move forward), so the
   * next check need not ask Kafka for it.
   */
  noteCommitted(projection: string, topic: string, partition: number, offset: number): void {
    const known = this.committed.get(projection) ?? new Map<string, number>();
    const key = `${topic}/${partition}`;
    known.set(key, Math.max(known.get(key) ?? -1, offset));
    this.committed.set(projection, known);
  }

  /**
   * The relay of this process published the events after `from` up to `to` (its checkpoint moved from one to
   * the other) to `topics`. Any other topic received no event in that range, so the watermarks read for
   * `from` still cover every record <= `to` there: the next check reads only these topics' (carried).
   */
  notePublished(from: number, to: number, topics: readonly string[]): void {
    this.publishes.push({ from, to, topics });
    if (this.publishes.length > 1_000) this.publishes.splice(0, this.publishes.length - 1_000);
  }

  /**
   * Watermarks for relay checkpoint `relay` from those read for an earlier one, when this process's relay
   * published the whole range in between: those of the topics it published to are dropped (read again).
   */
  private carried(watermarks: { relay: number; ends: Offsets; lows: Offsets } | undefined, relay: number) {
    if (!watermarks || relay < watermarks.relay) return undefined;
    const touched = new Set<string>();
    for (let at = watermarks.relay; at !== relay;) {
      const next = this.publishes.find((p) => p.from === at);
      if (!next || next.to > relay) return undefined;
      for (const topic of next.topics) touched.add(topic);
      at = next.to;
    }
    this.publishes = this.publishes.filter((p) => p.from >= relay);
    const keep = (offsets: Offsets) => new Map([...offsets].filter(([key]) => !touched.has(key.slice(0, key.lastIndexOf('/')))));
    return { relay, ends: keep(watermarks.ends), lows: keep(watermarks.lows) };
  }

  /** Something moved (a batch was committed, the relay published): check now rather than at the next tick. */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    const admin = this.admin;
    this.admin = undefined;
    await admin?.disconnect().catch(() => undefined);
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), ms);
    this.timer.unref();
  }

  private tick(): void {
    if (this.stopped || this.running) return;
    this.running = this.check()
      .then(() => {
        this.failing = false;
      })
      .catch(async (error: unknown) => {
        // Report an outage once, not on every tick; drop the admin connection so the next check reconnects.
        if (!this.failing) this.options.onError?.(error);
        this.failing = true;
        const admin = this.admin;
        this.admin = undefined;
        await admin?.disconnect().catch(() => undefined);
      })
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        const soon = this.again;
        this.again = false;
        this.schedule(soon ? 0 : this.failing ? 1_000 : (this.options.intervalMs ?? 100));
      });
  }

  /** One check; the safe positions it moved (and any a failed write left) are written once it is done, together. */
  private async check(): Promise<void> {
    try {
      await this.checkGroups();
    } finally {
      await this.storeUnstored();
    }
  }

  private async checkGroups(): Promise<void> {
    const { store, relayName, groups } = this.options;
    const relay = await readCheckpoint(store, RELAY_CHECKPOINTS, relayName);
    const pending = groups.filter((g) => this.positionOf(g.projection) < relay);
    if (pending.length === 0) return;
    const admin = await this.connectedAdmin();
    // Watermarks read after reading R cover every record <= R; while R has not moved, those of the last
    // check still do, so the check after a projector's commit (same R as the one after the relay's publish)
    // asks Kafka for none (two requests per topic, the costliest part of a check).
    if (this.watermarks?.relay !== relay) this.watermarks = this.carried(this.watermarks, relay) ?? { relay, ends: new Map(), lows: new Map() };
    const { ends, lows } = this.watermarks;
    const topics = [...new Set(pending.flatMap((g) => g.topics))].filter((t) => ![...ends.keys()].some((key) => key.startsWith(`${t}/`)));
    await Promise.all(
      topics.map(async (topic) => {
        for (const p of await admin.fetchTopicOffsets(topic)) {
          ends.set(`${topic}/${p.partition}`, Number(p.high));
          lows.set(`${topic}/${p.partition}`, Number(p.low));
        }
      }),
    );
    // Projections sharing a consumer group (one projector feeding several) share one request for its offsets.
    const asked = new Map<string, ReturnType<Admin['fetchOffsets']>>();
    const offsetsOf = (groupId: string) => {
      let answer = asked.get(groupId);
      if (!answer) {
        const topicsOfGroup = [...new Set(pending.filter((g) => g.groupId === groupId).flatMap((g) => g.topics))];
        answer = admin.fetchOffsets({ groupId, topics: topicsOfGroup });
        asked.set(groupId, answer);
      }
      return answer;
    };
    await Promise.all(
      pending.map(async (group) => {
        const own = new Map([...ends].filter(([key]) => group.topics.some((t) => key.startsWith(`${t}/`))));
        const reachedBy = (committed: Offsets, target: Offsets) => [...target].every(([key, end]) => (committed.get(key) ?? lows.get(key) ?? 0) >= end);
        // Committed offsets only move forward: if those seen last time already reach the watermarks (the
        // group's topics received nothing since), they still do, and the group is not asked again. After a
        // publish to one category, only the groups reading it cost a Kafka request.
        const known = this.committed.get(group.projection);
        if (known && reachedBy(known, own)) {
          this.snapshots.delete(group.projection);
          await this.advance(group.projection, relay);
          return;
        }
        const committed: Offsets = new Map();
        for (const t of await offsetsOf(group.groupId)) {
          if (!group.topics.includes(t.topic)) continue;
          for (const p of t.partitions) {
            const key = `${t.topic}/${p.partition}`;
            const offset = Number(p.offset);
            // -1: nothing committed yet, i.e. positioned at the start of the partition.
            committed.set(key, offset >= 0 ? offset : (lows.get(key) ?? 0));
          }
        }
        // What this process committed meanwhile may be ahead of what was read.
        for (const [key, offset] of this.committed.get(group.projection) ?? []) committed.set(key, Math.max(committed.get(key) ?? -1, offset));
        this.committed.set(group.projection, committed);
        const reached = (target: Offsets) => reachedBy(committed, target);
        const snapshot = this.snapshots.get(group.projection);
        if (reached(own)) {
          this.snapshots.delete(group.projection);
          await this.advance(group.projection, relay);
        } else if (!snapshot) {
          this.snapshots.set(group.projection, { relay, ends: own });
        } else if (reached(snapshot.ends)) {
          this.snapshots.set(group.projection, { relay, ends: own });
          await this.advance(group.projection, snapshot.relay);
        }
      }),
    );
  }

  /**
   * The position is safe as soon as computed: this process's waiters are told at once, and the store (where
   * other processes read it) is written after, off their path, at the end of the check.
   */
  private async advance(projection: string, position: number): Promise<void> {
    if (position <= this.positionOf(projection)) return;
    this.safe.set(projection, position);
    this.options.onAdvanced?.(projection, position);
    this.unstored.add(projection);
  }

  /**
   * The safe positions not written yet, in one request where the store sends a batch's writes together (MongoDB: one
   * bulkWrite). A relay publish reached by every projection of a group used to cost one update per projection (25).
   * A write that failed is made again by the next check.
   */
  private async storeUnstored(): Promise<void> {
    if (this.unstored.size === 0) return;
    const projections = [...this.unstored];
    this.unstored.clear();
    const write = async (store: ReadStore) => {
      for (const projection of projections) await advanceSafePosition(store, CHECKPOINTS, projection, this.positionOf(projection));
    };
    try {
      await this.options.store.batch(write);
    } catch (error) {
      for (const projection of projections) this.unstored.add(projection);
      throw error;
    }
  }

  private async connectedAdmin(): Promise<Admin> {
    if (!this.admin) {
      const admin = this.options.kafka.admin();
      await admin.connect();
      this.admin = admin;
    }
    return this.admin;
  }
}
