import type { Clock } from '../../kernel/ports/clock';
import type { ReadStore } from '../../kernel/ports/read-store';
import { every, type PeriodicJob } from '../scheduling/periodic-job';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A retention rule (Ley 21.719, principio de proporcionalidad) on a timer: the read model proposes what has been
 * kept longer than `retentionDays` (0 = off), each candidate is erased in turn, then the read store's freed pages
 * are purged. Erasing twice is a no-op, so two servers may sweep at once. lead-retention.ts and
 * registration-retention.ts say which records and how each is erased.
 */
export abstract class RetentionSweep<Candidate extends { _id: string }> {
  private job: PeriodicJob | null = null;

  protected constructor(
    private readonly name: string,
    private readonly base: { readStore: ReadStore; clock: Clock },
    protected readonly retentionDays: number,
    protected readonly log: (message: string, error?: unknown) => void,
  ) {}

  /** The records kept since before `before` (ISO instant) that the rule erases. */
  protected abstract candidates(before: string): Promise<Candidate[]>;
  /** Erases one candidate and logs it by id (never with its personal data). */
  protected abstract erase(candidate: Candidate, now: Date): Promise<void>;

  async sweep(now: Date = this.base.clock.now()): Promise<string[]> {
    if (this.retentionDays <= 0) return [];
    const stale = await this.candidates(new Date(now.getTime() - this.retentionDays * DAY_MS).toISOString());
    const erased: string[] = [];
    for (const candidate of stale) {
      await this.erase(candidate, now);
      erased.push(candidate._id);
    }
    if (erased.length > 0) await this.base.readStore.purgeDeletedBytes();
    return erased;
  }

  start(intervalMs: number): void {
    if (this.retentionDays <= 0) return;
    this.job = every(
      intervalMs,
      () => this.sweep(),
      (error) => this.log(`${this.name} sweep failed`, error),
    );
  }

  async stop(): Promise<void> {
    await this.job?.stop();
  }
}
