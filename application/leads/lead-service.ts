import { legalVersionsInForce } from '../content/legal-versions';
import { isFinalLeadStatus, leadStream, type LeadActivity, type LeadContact, type LeadStatus } from '../../domain/leads/lead';
import { DomainError } from '../../domain/shared/errors';
import { assertProcessingAllowed, profilingAllowed } from '../personal-data/processing-guard';
import { leadDecider } from '../../domain/leads/lead.decide';
import type { CommandMetadata } from '../../domain/shared/event';
import { collaboratorOfUser } from '../../read-models/collaborators/collaborators.queries';
import { handleCommand } from '../../kernel/command-handling/handle-command';
import { loadStream } from '../../kernel/command-handling/decided-state';
import type { EventStore } from '../../kernel/ports/event-store';
import type { ReadStore } from '../../kernel/ports/read-store';
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
    return (await this.openLeadOf(email)).leadId;
  }

  /**
   * The person's open lead. Derivated and rejected leads are closed: the next contact opens the next lead
   * of the chain `<id>`, `<id>-2`, `<id>-3`... (each names the one before it).
   */
  private async openLeadOf(email: string): Promise<{ leadId: string; previousLeadId: string | null }> {
    const keyed = this.ids.idFor(email);
    const legacy = legacyLeadIdFor(email);
    // Folded from the state kept per stream (decided-state.ts): a buyer's lead grows with every activity, and
    // reading (and decrypting) it whole on each one was most of a reservation's personal-data work.
    const keyedLead = await loadStream(this.events, leadStream(keyed), leadDecider);
    let first = keyed;
    if (keyedLead.revision === -1 && (await this.events.readStream(leadStream(legacy))).length > 0) first = legacy;
    let previous: string | null = null;
    let current = first;
    for (let n = 2; ; n++) {
      const { state } = current === keyed ? keyedLead : await loadStream(this.events, leadStream(current), leadDecider);
      if (state.status === 'none' || !isFinalLeadStatus(state.status)) return { leadId: current, previousLeadId: previous };
      previous = current;
      current = `${first}-${n}`;
    }
  }

  async record(contact: LeadContact, activity: ActivityInput, meta: CommandMetadata) {
    // A blocked person's contact data is not processed (recordForBuyer logs and skips the refusal).
    await assertProcessingAllowed(this.events, contact.userId);
    try {
      return await this.recordOnOpenLead(contact, activity, meta);
    } catch (error) {
      // The lead was closed between the look-up and the append: the activity opens the next one.
      if (error instanceof DomainError && error.code === 'LEAD_CLOSED') return this.recordOnOpenLead(contact, activity, meta);
      throw error;
    }
  }

  private async recordOnOpenLead(contact: LeadContact, activity: ActivityInput, meta: CommandMetadata) {
    const { leadId, previousLeadId } = await this.openLeadOf(contact.email);
    const { consentText } = activity;
    const consent = consentText ? { text: consentText, ...(await legalVersionsInForce(this.events, meta.now)), acceptedAt: meta.now.toISOString() } : null;
    // Field by field, not `{ ...defaults, ...rest }` of an object rest: a literal keeps one hidden class (docs/architecture.md).
    const full: LeadActivity = {
      activityId: activity.activityId,
      kind: activity.kind,
      projectId: activity.projectId ?? null,
      unitId: activity.unitId ?? null,
      message: activity.message ?? null,
      preferredContactMethod: activity.preferredContactMethod ?? null,
      preferredTime: activity.preferredTime ?? null,
      consent,
    };
    // An opposition to profiling (Ley 21.719) keeps the lead unscored.
    const profiling = await profilingAllowed(this.events, contact.userId);
    const result = await handleCommand(
      this.events,
      leadStream(leadId),
      leadDecider,
      { type: 'RecordLeadActivity', leadId, contact, activity: full, previousLeadId, profiling },
      meta,
    );
    return { leadId, position: result.position };
  }

  /** The person opposed profiling or withdrew it: every lead of theirs stops (or resumes) being scored. */
  async setProfiling(leadIds: readonly string[], profiling: boolean, meta: CommandMetadata): Promise<number> {
    let position = 0;
    for (const leadId of leadIds) {
      if ((await this.events.readStream(leadStream(leadId))).length === 0) continue;
      position = Math.max(
        position,
        (await handleCommand(this.events, leadStream(leadId), leadDecider, { type: 'SetLeadProfiling', profiling }, meta)).position,
      );
    }
    return position;
  }

  /** A person of the sales team moves the lead (the lead decides which moves are allowed). */
  async changeStatus(leadId: string, status: LeadStatus, reason: string, meta: CommandMetadata, onlyIfAssignedTo?: string) {
    await this.mustExist(leadId);
    return handleCommand(
      this.events,
      leadStream(leadId),
      leadDecider,
      { type: 'ChangeLeadStatus', status, reason, ...(onlyIfAssignedTo ? { onlyIfAssignedTo } : {}) },
      meta,
    );
  }

  async assign(leadId: string, advisorId: string, meta: CommandMetadata) {
    await this.mustExist(leadId);
    return handleCommand(this.events, leadStream(leadId), leadDecider, { type: 'AssignLead', advisorId }, meta);
  }

  async preApprove(leadId: string, meta: CommandMetadata) {
    await this.mustExist(leadId);
    return handleCommand(this.events, leadStream(leadId), leadDecider, { type: 'PreApproveLead' }, meta);
  }

  /** No command ever creates a lead from the back office: an unknown id is not found (and nothing is appended). */
  private async mustExist(leadId: string): Promise<void> {
    if ((await this.events.readStream(leadStream(leadId))).length === 0) throw new DomainError('NOT_FOUND', 'lead');
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
