import { LEADS, scrubErasedLead, type LeadDoc } from '../../read-models/leads/leads.queries';
import type { Clock } from '../ports/clock';
import type { EventStore } from '../ports/event-store';
import type { KeyStore } from '../ports/key-store';
import type { ReadStore } from '../ports/read-store';
import { eraseSubject } from './erase-subject';
import { SHREDDED_TEXT } from './pii-codec';
import { every, type PeriodicJob } from '../scheduling/periodic-job';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Retention (Ley 21.719, principio de proporcionalidad): a lead that never converted (no account, no
 * reservation) and showed no activity for `retentionDays` is erased through the same mechanism as a
 * person's erasure request: its key shredded, `PersonalDataErased` recorded, its read-model copy
 * scrubbed; each erasure is logged with the lead id and its last activity (no personal data in the log).
 * The read model only proposes candidates; erasing twice is a no-op, so two servers may sweep at once.
 */
export class LeadRetention {
  private job: PeriodicJob | null = null;

  constructor(
    private readonly deps: { events: EventStore; keys: KeyStore; readStore: ReadStore; clock: Clock },
    private readonly retentionDays: number,
    private readonly log: (message: string, error?: unknown) => void = () => undefined,
  ) {}

  async sweep(now: Date = this.deps.clock.now()): Promise<string[]> {
    if (this.retentionDays <= 0) return [];
    const before = new Date(now.getTime() - this.retentionDays * DAY_MS).toISOString();
    const stale = await this.deps.readStore
      .collection<LeadDoc>(LEADS)
      .find(
        { lastActivityAt: { $lt: before }, userId: null, reservations: 0, email: { $ne: SHREDDED_TEXT } },
        { sort: { lastActivityAt: 1, _id: 1 }, limit: 500 },
      );
    const erased: string[] = [];
    for (const lead of stale) {
      const meta = { now, actorId: 'system:lead-retention', actorRoles: [], correlationId: `lead-retention-${lead._id}` };
      await eraseSubject(this.deps, lead._id, meta);
      await scrubErasedLead(this.deps.readStore, lead._id);
      this.log(`lead retention: lead ${lead._id} erased (unconverted, last activity ${lead.lastActivityAt}, retention ${this.retentionDays} days)`);
      erased.push(lead._id);
    }
    if (erased.length > 0) await this.deps.readStore.purgeDeletedBytes?.();
    return erased;
  }

  start(intervalMs: number): void {
    if (this.retentionDays <= 0) return;
    this.job = every(
      intervalMs,
      () => this.sweep(),
      (error) => this.log('lead retention sweep failed', error),
    );
  }

  async stop(): Promise<void> {
    await this.job?.stop();
  }
}
