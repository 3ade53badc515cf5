import { pageViewsStream, type PageViewEvent } from '../../domain/analytics/page-views';
import { toEventsToAppend } from '../../kernel/command-handling/handle-command';
import type { EventStore } from '../../kernel/ports/event-store';
import type { CommandMetadata } from '../../domain/shared/event';
import type { Buyer } from '../leads/buyer';

/** A signed-in buyer's visits of a project feed their lead (one website visit per project and day). */
export type VisitRecorder = (buyer: Buyer, projectId: string, meta: CommandMetadata) => Promise<void>;

/**
 * Project page views without an fsync per view: each view only adds to a counter in memory; every interval
 * the counts gathered are recorded as ONE event (`ProjectPageViewsCounted`, stream `pageviews-<instance>`),
 * and the sales analytics projection adds them to each project's day. A crash loses at most one interval of
 * views (they are analytics, not transactions); a failed append keeps the counts for the next flush.
 */
export class PageViewCounter {
  private counts = new Map<string, number>();
  private visits = new Map<string, { buyer: Buyer; projectIds: Set<string> }>();
  private since: Date;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<number> | null = null;

  constructor(
    private readonly events: EventStore,
    private readonly instanceId: string,
    private readonly now: () => Date,
    private readonly log: (message: string, error?: unknown) => void = () => undefined,
    private readonly recordVisit?: VisitRecorder,
  ) {
    this.since = now();
  }

  /** One view of a project's page: a map increment (and, for a signed-in buyer, a set insert), nothing else. */
  view(projectId: string, visitor?: Buyer): void {
    this.counts.set(projectId, (this.counts.get(projectId) ?? 0) + 1);
    if (visitor && this.recordVisit) {
      const entry = this.visits.get(visitor.userId) ?? { buyer: visitor, projectIds: new Set<string>() };
      entry.projectIds.add(projectId);
      this.visits.set(visitor.userId, entry);
    }
  }

  start(intervalMs: number): void {
    this.timer = setInterval(() => void this.flush().catch((error: unknown) => this.log('page views: flush failed', error)), intervalMs);
    this.timer.unref();
  }

  /** Records what was counted since the last flush (nothing when nothing was); answers the event's position (0 when none). */
  async flush(): Promise<number> {
    while (this.flushing) await this.flushing.catch(() => undefined);
    await this.flushVisits();
    if (this.counts.size === 0) return 0;
    const counts = this.counts;
    const from = this.since;
    this.counts = new Map();
    this.since = this.now();
    const event: PageViewEvent = {
      type: 'ProjectPageViewsCounted',
      data: { counts: Object.fromEntries(counts), from: from.toISOString(), to: this.since.toISOString() },
    };
    const meta = { now: this.since, actorId: 'system', actorRoles: [], correlationId: `page-views-${this.since.getTime()}` };
    this.flushing = this.events.append(pageViewsStream(this.instanceId), toEventsToAppend([event], meta), 'any').then((r) => r.lastGlobalPosition);
    try {
      return await this.flushing;
    } catch (error) {
      for (const [projectId, n] of counts) this.counts.set(projectId, (this.counts.get(projectId) ?? 0) + n);
      throw error;
    } finally {
      this.flushing = null;
    }
  }

  private async flushVisits(): Promise<void> {
    if (this.visits.size === 0 || !this.recordVisit) return;
    const visits = [...this.visits.values()];
    this.visits = new Map();
    const now = this.now();
    const meta = { now, actorId: 'system', actorRoles: [], correlationId: `project-visits-${now.getTime()}` };
    for (const { buyer, projectIds } of visits)
      for (const projectId of projectIds)
        await this.recordVisit(buyer, projectId, meta).catch((error: unknown) => this.log('page views: a visit was not recorded', error));
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush().catch((error: unknown) => this.log('page views: last flush failed', error));
  }
}
