import { createHash } from 'node:crypto';
import { leadStream, type LeadActivity, type LeadContact } from '../../domain/leads/lead';
import { leadDecider } from '../../domain/leads/lead.decide';
import type { CommandMetadata } from '../../domain/shared/event';
import { collaboratorOfUser } from '../../read-models/collaborators/collaborators.queries';
import { handleCommand } from '../command-handling/handle-command';
import type { EventStore } from '../ports/event-store';
import type { ReadStore } from '../ports/read-store';
import type { Buyer } from './buyer';

/** One lead per person: its id derives from the email, so every channel adds to the same lead without a lookup. */
export const leadIdFor = (email: string): string => createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);

export type ActivityInput = Omit<LeadActivity, 'projectId' | 'unitId' | 'message' | 'preferredContactMethod' | 'preferredTime'> & Partial<LeadActivity>;

export class LeadService {
  constructor(
    private readonly events: EventStore,
    private readonly store: ReadStore,
    private readonly log: (message: string, error?: unknown) => void = () => undefined,
  ) {}

  async record(contact: LeadContact, activity: ActivityInput, meta: CommandMetadata) {
    const leadId = leadIdFor(contact.email);
    const full: LeadActivity = {
      projectId: null,
      unitId: null,
      message: null,
      preferredContactMethod: null,
      preferredTime: null,
      ...activity,
    };
    const result = await handleCommand(this.events, leadStream(leadId), leadDecider, { type: 'RecordLeadActivity', leadId, contact, activity: full }, meta);
    return { leadId, position: result.position };
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
