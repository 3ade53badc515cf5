import { DomainError } from '../shared/errors';
import type { CommandMetadata, Decider } from '../shared/event';
import { evolveLead, initialLeadState, leadScore, type LeadActivity, type LeadContact, type LeadEvent, type LeadState, type LeadStatus } from './lead';

export type LeadCommand =
  /** Creates the lead on the person's first activity; later ones add to it. */
  /**
   * `profiling`: whether the person allows profiling (lead scoring); null when unknown (a visitor not
   * signed in), which keeps the lead's current choice.
   */
  | { type: 'RecordLeadActivity'; leadId: string; contact: LeadContact; activity: LeadActivity; profiling?: boolean | null }
  /** The person opposed profiling, or withdrew the opposition (Ley 21.719). */
  | { type: 'SetLeadProfiling'; profiling: boolean }
  | { type: 'DeriveLead'; reason: string }
  | { type: 'RejectLead'; reason: string }
  | { type: 'PreApproveLead' };

/** Filled contact fields overwrite older ones; a missing value never erases a known one. */
const knownFields = (contact: LeadContact): Partial<LeadContact> =>
  Object.fromEntries(Object.entries(contact).filter(([, v]) => v !== null && v !== '')) as Partial<LeadContact>;

const rescored = (before: LeadState, events: LeadEvent[], meta: CommandMetadata): LeadEvent[] => {
  const after = events.reduce(evolveLead, before);
  if (after.status === 'none' || !after.profiled) return events;
  const score = leadScore(after.counters, after.contact, after.preApproved);
  return score === after.score ? events : [...events, { type: 'LeadScored', data: { leadId: after.leadId, score, scoredAt: meta.now.toISOString() } }];
};

const statusChange = (leadId: string, from: LeadStatus, to: LeadStatus, reason: string, meta: CommandMetadata): LeadEvent => ({
  type: 'LeadStatusChanged',
  data: { leadId, from, to, reason, changedBy: meta.actorId, changedAt: meta.now.toISOString() },
});

const decide = (command: LeadCommand, state: LeadState, meta: CommandMetadata): LeadEvent[] => {
  const at = meta.now.toISOString();
  switch (command.type) {
    case 'RecordLeadActivity': {
      const { leadId, contact, activity } = command;
      if (state.status !== 'none' && state.activityIds.includes(activity.activityId)) return [];
      const events: LeadEvent[] = [];
      if (state.status === 'none') events.push({ type: 'LeadCaptured', data: { leadId, ...contact, source: activity.kind, capturedAt: at } });
      const profiled = state.status === 'none' ? true : state.profiled;
      if (command.profiling === false && profiled) events.push({ type: 'LeadProfilingStopped', data: { leadId, stoppedAt: at } });
      if (command.profiling === true && !profiled) events.push({ type: 'LeadProfilingResumed', data: { leadId, resumedAt: at } });
      events.push({ type: 'LeadActivityRecorded', data: { leadId, ...activity, contact: state.status === 'none' ? {} : knownFields(contact), recordedAt: at } });
      const status = state.status === 'none' ? 'unfinished' : state.status;
      if (status === 'unfinished' && (activity.kind === 'quote_downloaded' || activity.kind === 'quote_emailed'))
        events.push(statusChange(leadId, status, 'downloaded', 'Cotización descargada', meta));
      return rescored(state, events, meta);
    }
    case 'DeriveLead':
    case 'RejectLead': {
      if (state.status === 'none') throw new DomainError('NOT_FOUND', 'lead');
      const to: LeadStatus = command.type === 'DeriveLead' ? 'derivated' : 'rejected';
      if (state.status === to) return [];
      if (state.status === 'rejected') throw new DomainError('BUSINESS_RULE_VIOLATION', 'lead rejected');
      return [statusChange(state.leadId, state.status, to, command.reason, meta)];
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
