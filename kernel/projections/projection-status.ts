import type { EventStore } from '../ports/event-store';
import type { ReadStore } from '../ports/read-store';
import { CHECKPOINTS } from './projection';
import type { ReadSide } from './read-side';

export interface ProjectionStatus {
  readonly name: string;
  /** Every event at or below it is in this read model (the safe position in distributed mode). */
  readonly position: number;
  /** Events appended since: how far behind the event store it is. */
  readonly lag: number;
  readonly updatedAt: string | null;
  /** Set while a blue-green rebuild replays into fresh collections. */
  readonly rebuilding: { readonly startedAt: string } | null;
  readonly lastRebuild:
    { readonly finishedAt: string; readonly position: number; readonly ms: number } | { readonly failedAt: string; readonly error: string } | null;
}

type Checkpoint = { _id: string; position?: number; safePosition?: number; updatedAt?: string };

/**
 * The migration dashboard (spec §2): each read model's position and lag, read from the checkpoints the
 * projections keep beside their documents (both modes), and the blue-green rebuilds this process runs.
 */
export class ProjectionDashboard {
  private readonly rebuilding = new Map<string, { startedAt: string }>();
  private readonly finished = new Map<string, ProjectionStatus['lastRebuild']>();

  constructor(
    private readonly readSide: ReadSide,
    private readonly events: EventStore,
    private readonly store: ReadStore,
    private readonly now: () => Date,
  ) {}

  async status(): Promise<{ head: number; items: ProjectionStatus[] }> {
    const [head, checkpoints] = await Promise.all([this.events.headPosition(), this.store.collection<Checkpoint>(CHECKPOINTS).find({})]);
    const byName = new Map(checkpoints.map((c) => [c._id, c]));
    const items = this.readSide.names.map((name) => {
      const c = byName.get(name);
      const position = c?.safePosition ?? c?.position ?? 0;
      return {
        name,
        position,
        lag: Math.max(0, head - position),
        updatedAt: c?.updatedAt ?? null,
        rebuilding: this.rebuilding.get(name) ?? null,
        lastRebuild: this.finished.get(name) ?? null,
      };
    });
    return { head, items };
  }

  /** Starts a rebuild and answers at once; one rebuild per projection at a time. False when one already runs. */
  start(name: string): boolean {
    if (this.rebuilding.has(name)) return false;
    const started = this.now();
    this.rebuilding.set(name, { startedAt: started.toISOString() });
    this.readSide
      .rebuild(name)
      .then(
        ({ position }) => this.finished.set(name, { finishedAt: this.now().toISOString(), position, ms: this.now().getTime() - started.getTime() }),
        (error: unknown) => this.finished.set(name, { failedAt: this.now().toISOString(), error: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => this.rebuilding.delete(name));
    return true;
  }
}
