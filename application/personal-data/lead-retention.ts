import { LEADS, scrubErasedLead, type LeadDoc } from '../../read-models/leads/leads.queries';
import type { Clock } from '../../kernel/ports/clock';
import type { EventStore } from '../../kernel/ports/event-store';
import type { KeyStore } from '../../kernel/ports/key-store';
import type { ReadStore } from '../../kernel/ports/read-store';
import { eraseSubject } from './erase-subject';
import { SHREDDED_TEXT } from '../../kernel/personal-data/pii-codec';
import { RetentionSweep } from './retention-sweep';

/**
 * Retention (Ley 21.719, principio de proporcionalidad): a lead that never converted (no account, no
 * reservation) and showed no activity for `retentionDays` is erased through the same mechanism as a
 * person's erasure request: its key shredded, `PersonalDataErased` recorded, its read-model copy
 * scrubbed; each erasure is logged with the lead id and its last activity (no personal data in the log).
 */
export class LeadRetention extends RetentionSweep<LeadDoc> {
  constructor(
    private readonly deps: { events: EventStore; keys: KeyStore; readStore: ReadStore; clock: Clock },
    retentionDays: number,
    log: (message: string, error?: unknown) => void = () => undefined,
  ) {
    super('lead retention', deps, retentionDays, log);
  }

  protected candidates(before: string): Promise<LeadDoc[]> {
    return this.deps.readStore
      .collection<LeadDoc>(LEADS)
      .find(
        { lastActivityAt: { $lt: before }, userId: null, reservations: 0, email: { $ne: SHREDDED_TEXT } },
        { sort: { lastActivityAt: 1, _id: 1 }, limit: 500 },
      );
  }

  protected async erase(lead: LeadDoc, now: Date): Promise<void> {
    const meta = { now, actorId: 'system:lead-retention', actorRoles: [], correlationId: `lead-retention-${lead._id}` };
    await eraseSubject(this.deps, lead._id, meta);
    await scrubErasedLead(this.deps.readStore, lead._id);
    this.log(`lead retention: lead ${lead._id} erased (unconverted, last activity ${lead.lastActivityAt}, retention ${this.retentionDays} days)`);
  }
}
