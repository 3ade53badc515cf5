import { legalVersionsInForce } from '../content/legal-versions';
import { leadStream, type LeadActivity, type LeadContact } from '../../domain/leads/lead';
import { assertProcessingAllowed, profilingAllowed } from '../personal-data/processing-guard';
import { leadDecider } from '../../domain/leads/lead.decide';
import type { CommandMetadata } from '../../domain/shared/event';
import { collaboratorOfUser } from '../../read-models/collaborators/collaborators.queries';
import { handleCommand } from '../command-handling/handle-command';
import type { EventStore } from '../ports/event-store';
import type { ReadStore } from '../ports/read-store';
import { legacyLeadIdFor, type LeadIds } from '../personal-data/lead-ids';
import type { Buyer } from './buyer';


export type ActivityInput = Omit<LeadActivity, 'projectId' | 'unitId' | 'message' | 'preferredContactMethod' | 'preferredTime' | 'consent'> &
  Partial<Omit<LeadActivity, 'consent'>> & {
    /** The consent text the form showed; the versions in force and the instant are added here. */
    consentText?: string;
  };

export class LeadService {
  constructor(
    private readonly events: EventStore,
    private readonly store: ReadStore,
    private readonly ids: LeadIds,
    private readonly log: (message: string, error?: unknown) => void = () => undefined,
  ) {}

  /**
   * One lead per person, by email (application/personal-data/lead-ids.ts): the keyed id, unless the lead
   * was captured under its old unkeyed id and not migrated yet.
   */
  async leadIdOf(email: string): Promise<string> {
    const keyed = this.ids.idFor(email);
    const legacy = legacyLeadIdFor(email);
    if ((await this.events.readStream(leadStream(keyed))).length > 0) return keyed;
    return (await this.events.readStream(leadStream(legacy))).length > 0 ? legacy : keyed;
  }

  async record(contact: LeadContact, activity: ActivityInput, meta: CommandMetadata) {
    // A blocked person's contact data is not processed (recordForBuyer logs and skips the refusal).
    await assertProcessingAllowed(this.events, contact.userId);
    const leadId = await this.leadIdOf(contact.email);
    const { consentText, ...rest } = activity;
    const consent = consentText ? { text: consentText, ...(await legalVersionsInForce(this.events, meta.now)), acceptedAt: meta.now.toISOString() } : null;
    const full: LeadActivity = {
      projectId: null,
      unitId: null,
      message: null,
      preferredContactMethod: null,
      preferredTime: null,
      ...rest,
      consent,
    };
    // An opposition to profiling (Ley 21.719) keeps the lead unscored.
    const profiling = await profilingAllowed(this.events, contact.userId);
    const result = await handleCommand(this.events, leadStream(leadId), leadDecider, { type: 'RecordLeadActivity', leadId, contact, activity: full, profiling }, meta);
    return { leadId, position: result.position };
  }

  /** The person opposed profiling or withdrew it: every lead of theirs stops (or resumes) being scored. */
  async setProfiling(leadIds: readonly string[], profiling: boolean, meta: CommandMetadata): Promise<number> {
    let position = 0;
    for (const leadId of leadIds) {
      if ((await this.events.readStream(leadStream(leadId))).length === 0) continue;
      position = Math.max(position, (await handleCommand(this.events, leadStream(leadId), leadDecider, { type: 'SetLeadProfiling', profiling }, meta)).position);
    }
    return position;
  }

  /** What a signed-in buyer did feeds their lead; a failure there must not undo what they did. */
  async recordForBuyer(buyer: Buyer, activity: ActivityInput, meta: CommandMetadata): Promise<void> {
    try {
      const collaborator = await collaboratorOfUser(this.store, buyer.userId);
      const contact: LeadContact = {
        name: buyer.name,
        dni: buyer.rut,
        email: buyer.email,
        phone: buyer.phone,
        company: collaborator?.companyName ?? null,
        monthlyIncome: null,
        userId: buyer.userId,
      };
      await this.record(contact, activity, meta);
    } catch (error) {
      this.log(`lead activity ${activity.kind} for ${buyer.userId} failed`, error);
    }
  }
}
