import type { EventStore, RecordedEvent, Subscription } from '../ports/event-store';
import type { ReadStore } from '../ports/read-store';
import { CHECKPOINTS, type Projection } from './projection';
import type { ReadSide } from './read-side';
import { renamedStore } from './renamed-store';

type CheckpointDoc = { _id: string; position: number; updatedAt: string };

const REBUILD_SUFFIX = '__rebuild';
const CHECKPOINT_EVERY = 500;
const YIELD_EVERY = 20;

/**
 * Embedded-mode projector: one catch-up subscription per projection, pulling from the event log by
 * global position. The checkpoint lives in the read store beside the documents and is written after them.
 */
export class ProjectionRunner implements ReadSide {
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly positions = new Map<string, number>();
  private readonly saved = new Map<string, number>();
  private readonly waiters = new Set<() => void>();

  constructor(
    private readonly events: EventStore,
    private readonly store: ReadStore,
    private readonly projections: readonly Projection[],
    private readonly onError: (projection: string, error: unknown) => void = () => undefined,
  ) {}

  get names(): string[] {
    return this.projections.map((p) => p.name);
  }

  async start(): Promise<void> {
    for (const p of this.projections) {
      for (const index of p.indexes ?? []) await this.store.collection(index.collection).createIndex(index);
      await this.startOne(p);
    }
  }

  async stop(): Promise<void> {
    await Promise.all([...this.subscriptions.values()].map((s) => s.stop()));
    this.subscriptions.clear();
  }

  /** Lowest checkpoint over every projection: everything at or below it is visible in every read model. */
  position(): number {
    return Math.min(...this.projections.map((p) => this.positions.get(p.name) ?? 0));
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
   * serving, then stop it, catch the new copy up to the head, switch the collections and resume.
   */
  async rebuild(name: string): Promise<{ position: number }> {
    const projection = this.projections.find((p) => p.name === name);
    if (!projection) throw new Error(`Unknown projection ${name}`);
    const target = renamedStore(this.store, (c) => (projection.collections.includes(c) ? `${c}${REBUILD_SUFFIX}` : c));
    for (const c of projection.collections) await this.store.dropCollection(`${c}${REBUILD_SUFFIX}`);
    for (const index of projection.indexes ?? []) await target.collection(index.collection).createIndex(index);
    let position = await this.replay(projection, target, 0);
    await this.subscriptions.get(name)?.stop();
    this.subscriptions.delete(name);
    position = await this.replay(projection, target, position);
    for (const c of projection.collections) await this.store.renameCollection(`${c}${REBUILD_SUFFIX}`, c);
    await this.saveCheckpoint(name, position);
    await this.startOne(projection);
    return { position };
  }

  private async replay(projection: Projection, target: ReadStore, from: number): Promise<number> {
    let position = from;
    for (;;) {
      const batch = await this.events.readAll({ fromPosition: position, limit: 1000 });
      if (batch.length === 0) return position;
      for (const event of batch) if (projection.eventTypes.includes(event.type)) await projection.apply(event, target);
      position = batch[batch.length - 1].globalPosition;
    }
  }

  private async startOne(p: Projection): Promise<void> {
    const checkpoint = await this.store.collection<CheckpointDoc>(CHECKPOINTS).findOne({ _id: p.name });
    this.saved.set(p.name, checkpoint?.position ?? 0);
    this.advance(p.name, checkpoint?.position ?? 0);
    const subscription = this.events.subscribeToAll({
      fromPosition: checkpoint?.position ?? 0,
      batchSize: 500,
      onError: (error) => this.onError(p.name, error),
      onEvents: async (batch: readonly RecordedEvent[]) => {
        let applied = 0;
        for (const event of batch) {
          if (!p.eventTypes.includes(event.type)) continue;
          await p.apply(event, this.store);
          // The embedded store answers synchronously, so a long batch would run as one chain of
          // microtasks and starve HTTP; yielding to the event loop now and then keeps requests flowing.
          if (++applied % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
        }
        const last = batch[batch.length - 1].globalPosition;
        // Most projections ignore most events: a batch that changed nothing only moves the checkpoint in
        // memory, and is persisted at most every CHECKPOINT_EVERY events (a restart re-reads those, harmlessly).
        if (applied > 0 || last - (this.saved.get(p.name) ?? 0) >= CHECKPOINT_EVERY) await this.saveCheckpoint(p.name, last);
        this.advance(p.name, last);
      },
    });
    this.subscriptions.set(p.name, subscription);
  }

  private async saveCheckpoint(name: string, position: number): Promise<void> {
    this.saved.set(name, position);
    await this.store
      .collection<CheckpointDoc>(CHECKPOINTS)
      .updateOne({ _id: name }, { $set: { position, updatedAt: new Date().toISOString() } }, { upsert: true });
  }

  private advance(name: string, position: number): void {
    this.positions.set(name, position);
    for (const waiter of [...this.waiters]) waiter();
  }
}
