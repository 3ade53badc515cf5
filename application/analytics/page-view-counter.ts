import { pageViewsStream, type PageViewEvent } from '../../domain/analytics/page-views';
import { toEventsToAppend } from '../command-handling/handle-command';
import type { EventStore } from '../ports/event-store';

/**
 * Project page views without an fsync per view: each view only adds to a counter in memory; every interval
 * the counts gathered are recorded as ONE event (`ProjectPageViewsCounted`, stream `pageviews-<instance>`),
 * and the sales analytics projection adds them to each project's day. A crash loses at most one interval of
 * views (they are analytics, not transactions); a failed append keeps the counts for the next flush.
 */
export class PageViewCounter {
  private counts = new Map<string, number>();
  private since: Date;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<number> | null = null;

  constructor(
    private readonly events: EventStore,
    private readonly instanceId: string,
    private readonly now: () => Date,
    private readonly log: (message: string, error?: unknown) => void = () => undefined,
  ) {
    this.since = now();
  }

  /** One view of a project's page: a map increment, nothing else. */
  view(projectId: string): void {
    this.counts.set(projectId, (this.counts.get(projectId) ?? 0) + 1);
  }

  start(intervalMs: number): void {
    this.timer = setInterval(() => void this.flush().catch((error: unknown) => this.log('page views: flush failed', error)), intervalMs);
    this.timer.unref();
  }

  /** Records what was counted since the last flush (nothing when nothing was); answers the event's position (0 when none). */
  async flush(): Promise<number> {
    while (this.flushing) await this.flushing.catch(() => undefined);
    if (this.counts.size === 0) return 0;
    const counts = this.counts;
    const from = this.since;
    this.counts = new Map();
    this.since = this.now();
    const event: PageViewEvent = { type: 'ProjectPageViewsCounted', data: { counts: Object.fromEntries(counts), from: from.toISOString(), to: this.since.toISOString() } };
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

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush().catch((error: unknown) => this.log('page views: last flush failed', error));
  }
}
