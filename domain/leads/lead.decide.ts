import { DomainError } from '../shared/errors';
import type { CommandMetadata, Decider } from '../shared/event';
import {
  contactDueAt,
  evolveLead,
  initialLeadState,
  isFinalLeadStatus,
  LEAD_STATUS_MOVES,
  leadScore,
  type LeadActivity,
  type LeadContact,
  type LeadEvent,
  type LeadState,
  type LeadStatus,
} from './lead';

export type LeadCommand =
  /**
   * Creates the lead on the person's first activity; later ones add to it. A closed lead takes none (LEAD_CLOSED).
   * `profiling`: whether the person allows profiling (lead scoring); null when unknown (a visitor not
   * signed in), which keeps the lead's current choice.
   */
  | { type: 'RecordLeadActivity'; leadId: string; contact: LeadContact; activity: LeadActivity; previousLeadId?: string | null; profiling?: boolean | null }
  /** The person opposed profiling, or withdrew the opposition (Ley 21.719). */
  | { type: 'SetLeadProfiling'; profiling: boolean }
  /** A person moves the lead (LEAD_STATUS_MOVES) and says why. */
  | { type: 'ChangeLeadStatus'; status: LeadStatus; reason: string; onlyIfAssignedTo?: string }
  /** Gives the lead to an advisor, who owes the person a contact within 24 hours of the assignment. */
  | { type: 'AssignLead'; advisorId: string }
  | { type: 'PreApproveLead' };

/**
 * The filled contact fields that differ from what the lead holds: filled ones overwrite older ones, a missing
 * value never erases a known one, and an unchanged one is not written again. Each field is sealed personal data
 * (application/personal-data): a buyer's tenth reservation need not store their name and email a tenth time, and
 * the activity says what changed.
 */
const changedFields = (known: LeadContact, contact: LeadContact): Partial<LeadContact> => {
  const changed: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(contact))
    if (value !== null && value !== '' && value !== known[field as keyof LeadContact]) changed[field] = value;
  return changed as Partial<LeadContact>;
};

/**
 * The activity as the event records it: its own fields and nothing else the caller's object may carry; `consent`
 * only when the activity has it.
 */
const activityFields = (activity: LeadActivity): LeadActivity => {
  const fields: LeadActivity = {
    activityId: activity.activityId,
    kind: activity.kind,
    projectId: activity.projectId,
    unitId: activity.unitId,
    message: activity.message,
    preferredContactMethod: activity.preferredContactMethod,
    preferredTime: activity.preferredTime,
  };
  if (activity.consent !== undefined) fields.consent = activity.consent;
  return fields;
};

const rescored = (before: LeadState, events: LeadEvent[], meta: CommandMetadata): LeadEvent[] => {
  const after = events.reduce(evolveLead, before);
  if (after.status === 'none' || !after.profiled) return events;
  const score = leadScore(after.counters, after.contact, after.preApproved);
  return score === after.score ? events : [...events, { type: 'LeadScored', data: { leadId: after.leadId, score, scoredAt: meta.now.toISOString() } }];
};

const statusChange = (leadId: string, from: LeadStatus, to: LeadStatus, reason: string, meta: CommandMetadata, manual = false): LeadEvent => ({
  type: 'LeadStatusChanged',
  data: { leadId, from, to, reason, changedBy: meta.actorId, changedAt: meta.now.toISOString(), ...(manual ? { manual: true } : {}) },
});

const decide = (command: LeadCommand, state: LeadState, meta: CommandMetadata): LeadEvent[] => {
  const at = meta.now.toISOString();
  switch (command.type) {
    case 'RecordLeadActivity': {
      const { leadId, contact, activity } = command;
      if (state.status !== 'none' && state.activityIds.includes(activity.activityId)) return [];
      if (state.status !== 'none' && isFinalLeadStatus(state.status)) throw new DomainError('LEAD_CLOSED', `lead ${state.status}`);
      const events: LeadEvent[] = [];
      if (state.status === 'none')
        events.push({
          type: 'LeadCaptured',
          data: { leadId, ...contact, source: activity.kind, capturedAt: at, ...(command.previousLeadId ? { previousLeadId: command.previousLeadId } : {}) },
        });
      const profiled = state.status === 'none' ? true : state.profiled;
      if (command.profiling === false && profiled) events.push({ type: 'LeadProfilingStopped', data: { leadId, stoppedAt: at } });
      if (command.profiling === true && !profiled) events.push({ type: 'LeadProfilingResumed', data: { leadId, resumedAt: at } });
      events.push({
        type: 'LeadActivityRecorded',
        data: { leadId, ...activityFields(activity), contact: state.status === 'none' ? {} : changedFields(state.contact, contact), recordedAt: at },
      });
      const status = state.status === 'none' ? 'unfinished' : state.status;
      if (status === 'unfinished' && (activity.kind === 'quote_downloaded' || activity.kind === 'quote_emailed'))
        events.push(statusChange(leadId, status, 'downloaded', 'Cotización descargada', meta));
      return rescored(state, events, meta);
    }
    case 'ChangeLeadStatus': {
      // An advisor moves only the leads assigned to them; another's lead is, for them, not there.
      if (state.status === 'none' || (command.onlyIfAssignedTo !== undefined && state.advisorId !== command.onlyIfAssignedTo))
        throw new DomainError('NOT_FOUND', 'lead');
      const to = command.status;
      if (state.status === to) return [];
      if (isFinalLeadStatus(state.status)) throw new DomainError('LEAD_CLOSED', `lead ${state.status}`);
      if (!LEAD_STATUS_MOVES[state.status].includes(to)) throw new DomainError('LEAD_STATUS_NOT_ALLOWED', `${state.status} -> ${to}`);
      const reason = command.reason.trim();
      if (!reason)
        throw new DomainError('VALIDATION_FAILED', 'reason', [{ field: 'reason', code: 'REQUIRED', message: 'Indique el motivo del cambio de estado.' }]);
      return [statusChange(state.leadId, state.status, to, reason, meta, true)];
    }
    case 'AssignLead': {
      if (state.status === 'none') throw new DomainError('NOT_FOUND', 'lead');
      if (isFinalLeadStatus(state.status)) throw new DomainError('LEAD_CLOSED', `lead ${state.status}`);
      if (state.advisorId === command.advisorId) return [];
      const due = contactDueAt(state.promisedAt, at);
      return [
        {
          type: 'LeadAssigned',
          data: {
            leadId: state.leadId,
            advisorId: command.advisorId,
            previousAdvisorId: state.advisorId,
            assignedBy: meta.actorId,
            assignedAt: at,
            contactDueAt: due,
          },
        },
      ];
    }
    case 'SetLeadProfiling': {
      if (state.status === 'none') throw new DomainError('NOT_FOUND', 'lead');
      if (command.profiling === state.profiled) return [];
      if (!command.profiling) return [{ type: 'LeadProfilingStopped', data: { leadId: state.leadId, stoppedAt: at } }];
      return rescored(state, [{ type: 'LeadProfilingResumed', data: { leadId: state.leadId, resumedAt: at } }], meta);
    }
    case 'PreApproveLead': {
      if (state.status === 'none') throw new DomainError('NOT_FOUND', 'lead');
      if (state.preApproved) return [];
      return rescored(state, [{ type: 'LeadPreApproved', data: { leadId: state.leadId, preApprovedBy: meta.actorId, preApprovedAt: at } }], meta);
    }
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown command ${(exhaustive as { type: string }).type}`);
    }
  }
};

export const leadDecider: Decider<LeadCommand, LeadState, LeadEvent> = { initialState: initialLeadState, evolve: evolveLead, decide };
