import type { EventStore, RecordedEvent, Subscription } from '../ports/event-store';
import type { ReadStore, ReadStoreBatch } from '../ports/read-store';
import type { EventHandler } from './event-handler';
import { CHECKPOINTS, type Projection } from './projection';
import type { ReadSide } from './read-side';
import { recordVersion } from './projection-versions';
import { renamedStore } from './renamed-store';
import { subscribersOf, type Subscriber } from './subscriber';
import { createDeclaredIndexes } from './declared-indexes';

type CheckpointDoc = { _id: string; position: number; updatedAt: string };

const REBUILD_SUFFIX = '__rebuild';
const CHECKPOINT_EVERY = 500;
/**
 * At most this many events per delivery (live, deliveries are as small as what arrived meanwhile). A catch-up
 * over a long log writes each touched document once per delivery: 2,000 made the dashboards' catch-up 1.4 x
 * faster than 500 (their rollups are rewritten whole), and one delivery's SQLite transaction stays a few ms.
 */
const DELIVERY_BATCH = 2_000;
const YIELD_EVERY = 20;
const FIRST_RETRY_DELAY_MS = 50;
const MAX_RETRY_DELAY_MS = 5_000;

/** A projection or event handler as the feed drives it: where it is, and whether it is waiting to retry a failure. */
interface Follower {
  readonly subscriber: Subscriber;
  readonly eventTypes: ReadonlySet<string>;
  /** Everything up to here is applied (in memory at least; durable once its batch was written). */
  position: number;
  /** Position of the last checkpoint written. */
  saved: number;
  /** Set after a failure: the feed passes it by until its own retry has caught it up. */
  retry?: { delayMs: number; timer?: NodeJS.Timeout };
}

/**
 * Embedded-mode projector: ONE catch-up subscription to the event log feeds every projection (and every
 * process manager listed with them), so each new event is read and decoded once, not once per subscriber.
 * Each delivery is one read-store batch: every projection's documents, then its checkpoint, made durable
 * in one transaction. Projections keep their own positions; one that fails drops out of the feed and
 * catches up on its own, with backoff, so it never holds the others back.
 */
export class ProjectionRunner implements ReadSide {
  private subscription: Subscription | undefined;
  private readonly followers: Follower[];
  private readonly waiters = new Set<() => void>();
  /** Deliveries, retries and a rebuild's switch run one at a time: they move the same positions. */
  private serial: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly events: EventStore,
    private readonly store: ReadStore,
    projections: readonly Projection[],
    private readonly onError: (projection: string, error: unknown) => void = () => undefined,
    /** Process managers, fed beside the projections with checkpoints of their own. */
    handlers: readonly EventHandler[] = [],
  ) {
    this.followers = subscribersOf(projections, handlers).map((subscriber) => ({
      subscriber,
      eventTypes: new Set(subscriber.eventTypes),
      position: 0,
      saved: 0,
    }));
  }

  get names(): string[] {
    return this.followers.map((f) => f.subscriber.name);
  }

  async start(): Promise<void> {
    this.stopped = false;
    await createDeclaredIndexes(
      this.store,
      this.followers.map((f) => f.subscriber),
    );
    for (const follower of this.followers) {
      const p = follower.subscriber;
      const checkpoint = await this.store.collection<CheckpointDoc>(CHECKPOINTS).findOne({ _id: p.name });
      follower.position = follower.saved = checkpoint?.position ?? 0;
    }
    this.notifyWaiters();
    this.subscription = this.events.subscribeToAll({
      fromPosition: Math.min(...this.followers.map((f) => f.position)),
      batchSize: DELIVERY_BATCH,
      onEvents: (batch) => this.exclusive(() => this.deliver(batch)),
      onError: (error) => this.onError('feed', error),
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const follower of this.followers) clearTimeout(follower.retry?.timer);
    await this.subscription?.stop();
    this.subscription = undefined;
    await this.serial.catch(() => undefined);
  }

  /** Lowest checkpoint over every projection: everything at or below it is visible in every read model. */
  position(): number {
    return Math.min(...this.followers.map((f) => f.position));
  }

  /** Resolves true once every projection has reached `position`, false after `timeoutMs`. */
  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    if (this.position() >= position) return Promise.resolve(true);
    return new Promise((resolve) => {
      const check = () => {
        if (this.position() < position) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        resolve(false);
      }, timeoutMs);
      this.waiters.add(check);
    });
  }

  /**
   * Blue-green rebuild: replay the whole log into fresh collections while the live projection keeps
   * serving, then (with the feed held) catch the new copy up to the head, switch the collections and resume.
   */
  async rebuild(name: string): Promise<{ position: number }> {
    const follower = this.followers.find((f) => f.subscriber.name === name);
    if (!follower) throw new Error(`Unknown projection ${name}`);
    const projection = follower.subscriber.projection;
    if (!projection) throw new Error(`${name} is an event handler: it owns no read model to rebuild`);
    const target = renamedStore(this.store, (c) => (projection.collections.includes(c) ? `${c}${REBUILD_SUFFIX}` : c));
    for (const c of projection.collections) await this.store.dropCollection(`${c}${REBUILD_SUFFIX}`);
    await createDeclaredIndexes(target, [projection]);
    const replayed = await this.replay(follower, target, 0);
    return this.exclusive(async () => {
      const position = await this.replay(follower, target, replayed);
      for (const c of projection.collections) await this.store.renameCollection(`${c}${REBUILD_SUFFIX}`, c);
      await this.saveCheckpoint(this.store, follower, position);
      await recordVersion(this.store, projection);
      clearTimeout(follower.retry?.timer);
      follower.retry = undefined;
      follower.position = position;
      this.notifyWaiters();
      return { position };
    });
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.serial.then(work, work);
    this.serial = run.catch(() => undefined);
    return run;
  }

  /** One delivery of the feed to every projection that is following it, as one read-store batch. */
  private async deliver(batch: readonly RecordedEvent[]): Promise<void> {
    const last = batch[batch.length - 1].globalPosition;
    const reached = new Map<Follower, number>();
    await this.inBatch(async (store) => {
      let applied = 0;
      for (const follower of this.followers) {
        if (follower.retry || follower.position >= last) continue;
        try {
          let changed = false;
          try {
            for (const event of batch) {
              if (event.globalPosition <= follower.position || !follower.eventTypes.has(event.type)) continue;
              await follower.subscriber.deliver(event, store);
              changed = true;
              // The embedded store answers synchronously, so a long batch would run as one chain of
              // microtasks and starve HTTP; yielding to the event loop now and then keeps requests flowing,
              // and so does writing what a long delivery changed as it goes rather than all at its end.
              if (++applied % YIELD_EVERY === 0) {
                store.commitSoFar();
                await new Promise((resolve) => setImmediate(resolve));
              }
            }
          } finally {
            // What the applied events gathered is written in the same batch, even if a later one failed.
            await follower.subscriber.flush(store);
          }
          // Most projections ignore most events: a batch that changed nothing only moves the checkpoint in
          // memory, persisted at most every CHECKPOINT_EVERY events (a restart re-reads those, harmlessly).
          if (changed || last - follower.saved >= CHECKPOINT_EVERY) await this.saveCheckpoint(store, follower, last);
          reached.set(follower, last);
        } catch (error) {
          this.fail(follower, error);
        }
      }
    });
    // Only now durable: the positions move and waiting readers are told.
    for (const [follower, position] of reached) follower.position = position;
    this.notifyWaiters();
  }

  /** A failed projection leaves the feed; its retry replays from its own position, with backoff. */
  private fail(follower: Follower, error: unknown): void {
    this.onError(follower.subscriber.name, error);
    const delayMs = follower.retry ? Math.min(follower.retry.delayMs * 2, MAX_RETRY_DELAY_MS) : FIRST_RETRY_DELAY_MS;
    const retry: NonNullable<Follower['retry']> = { delayMs };
    follower.retry = retry;
    if (this.stopped) return;
    retry.timer = setTimeout(() => {
      void this.exclusive(async () => {
        if (this.stopped || follower.retry !== retry) return;
        try {
          // Up to the head: the feed has passed at most that far, and will not deliver below it again.
          const position = await this.inBatch((store) => this.replay(follower, store, follower.position, true));
          follower.position = position;
          follower.retry = undefined;
          this.notifyWaiters();
        } catch (failure) {
          this.fail(follower, failure);
        }
      });
    }, delayMs);
  }

  /** Applies the log after `from` to one projection up to the head; returns the position reached. */
  private async replay(follower: Follower, target: ReadStore, from: number, checkpoint = false): Promise<number> {
    let position = from;
    for (;;) {
      const batch = await this.events.readAll({ fromPosition: position, limit: 1000 });
      if (batch.length === 0) break;
      try {
        for (const event of batch) if (follower.eventTypes.has(event.type)) await follower.subscriber.deliver(event, target);
      } finally {
        await follower.subscriber.flush(target);
      }
      position = batch[batch.length - 1].globalPosition;
    }
    if (checkpoint && position > from) await this.saveCheckpoint(target, follower, position);
    return position;
  }

  private inBatch<T>(work: (store: ReadStoreBatch) => Promise<T>): Promise<T> {
    return this.store.batch(work);
  }

  private async saveCheckpoint(store: ReadStore, follower: Follower, position: number): Promise<void> {
    follower.saved = position;
    await store
      .collection<CheckpointDoc>(CHECKPOINTS)
      .updateOne({ _id: follower.subscriber.name }, { $set: { position, updatedAt: new Date().toISOString() } }, { upsert: true });
  }

  private notifyWaiters(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}
