import { DomainError, type FieldError } from '../shared/errors';
import type { CommandMetadata, Decider } from '../shared/event';
import {
  evolveCampaign,
  initialCampaignState,
  type CampaignDetails,
  type CampaignEvent,
  type CampaignState,
  type CampaignStatus,
  type EditableCampaignDetails,
} from './campaign';

export type CampaignCommand =
  | ({ type: 'CreateCampaign' } & CampaignDetails)
  | { type: 'ChangeCampaignDetails'; changes: Partial<EditableCampaignDetails> }
  | { type: 'LaunchCampaign' }
  | { type: 'PauseCampaign' }
  | { type: 'ResumeCampaign' }
  | { type: 'EndCampaign' }
  | { type: 'EliminateCampaign'; reason: string }
  | { type: 'EnrollCollaborator'; collaboratorId: string; rut: string; via: 'auto' | 'self' | 'admin' };

type Live = Exclude<CampaignState, { status: 'none' }>;

const existing = (state: CampaignState): Live => {
  if (state.status === 'none') throw new DomainError('NOT_FOUND', 'campaign');
  return state;
};

/** Which states each transition may start from; anything else is a business-rule refusal. */
const requireStatus = (state: Live, allowed: readonly CampaignStatus[]): void => {
  if (!allowed.includes(state.status)) throw new DomainError('BUSINESS_RULE_VIOLATION', `campaign is ${state.status}`);
};

const decide = (command: CampaignCommand, state: CampaignState, meta: CommandMetadata): CampaignEvent[] => {
  const at = meta.now.toISOString();
  switch (command.type) {
    case 'CreateCampaign': {
      if (state.status !== 'none') return []; // the same creation retried
      const { type: _type, ...details } = command;
      const missing: FieldError[] = (['name', 'description'] as const).filter((f) => !details[f].trim()).map((field) => ({ field, code: 'REQUIRED' }));
      if (details.endDate !== null && details.endDate < details.startDate) missing.push({ field: 'endDate', code: 'INVALID_DATE' });
      if (missing.length) throw new DomainError('VALIDATION_FAILED', 'campaign', missing);
      return [{ type: 'CampaignCreated', data: { ...details, createdAt: at } }];
    }
    case 'ChangeCampaignDetails': {
      const s = existing(state);
      requireStatus(s, ['draft', 'active', 'paused']);
      const proposed = { ...s.details, ...command.changes };
      const errors: FieldError[] = (['name', 'description'] as const).filter((f) => !String(proposed[f]).trim()).map((field) => ({ field, code: 'REQUIRED' }));
      if (proposed.endDate !== null && proposed.endDate < proposed.startDate)
        errors.push({ field: 'endDate', code: 'INVALID_DATE', message: 'El término no puede ser anterior al inicio.' });
      if (errors.length) throw new DomainError('VALIDATION_FAILED', 'campaign', errors);
      const changes: Record<string, unknown> = {};
      const previous: Record<string, unknown> = {};
      for (const key of Object.keys(command.changes) as (keyof EditableCampaignDetails)[])
        if (proposed[key] !== s.details[key]) [changes[key], previous[key]] = [proposed[key], s.details[key]];
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'CampaignDetailsChanged', data: { campaignId: s.details.campaignId, changes, previous, changedAt: at } }];
    }
    case 'LaunchCampaign': {
      const s = existing(state);
      if (s.status === 'active') return [];
      requireStatus(s, ['draft']);
      return [{ type: 'CampaignLaunched', data: { campaignId: s.details.campaignId, launchedAt: at } }];
    }
    case 'PauseCampaign': {
      const s = existing(state);
      if (s.status === 'paused') return [];
      requireStatus(s, ['active']);
      return [{ type: 'CampaignPaused', data: { campaignId: s.details.campaignId, pausedAt: at } }];
    }
    case 'ResumeCampaign': {
      const s = existing(state);
      if (s.status === 'active') return [];
      requireStatus(s, ['paused']);
      return [{ type: 'CampaignResumed', data: { campaignId: s.details.campaignId, resumedAt: at } }];
    }
    case 'EndCampaign': {
      const s = existing(state);
      if (s.status === 'ended') return [];
      requireStatus(s, ['active', 'paused']);
      return [{ type: 'CampaignEnded', data: { campaignId: s.details.campaignId, endedAt: at } }];
    }
    case 'EliminateCampaign': {
      const s = existing(state);
      if (s.status === 'eliminated') return [];
      return [{ type: 'CampaignEliminated', data: { campaignId: s.details.campaignId, reason: command.reason, eliminatedAt: at } }];
    }
    case 'EnrollCollaborator': {
      const s = existing(state);
      if (s.enrolled.includes(command.collaboratorId)) return [];
      requireStatus(s, ['active']);
      if (command.via === 'self' && !s.details.selfEnrollmentByRut) throw new DomainError('BUSINESS_RULE_VIOLATION', 'self enrolment closed');
      if (command.via === 'auto' && !s.details.autoEnrollment) throw new DomainError('BUSINESS_RULE_VIOLATION', 'no auto enrolment');
      const { collaboratorId, rut, via } = command;
      return [{ type: 'CampaignCollaboratorEnrolled', data: { campaignId: s.details.campaignId, collaboratorId, rut, via, enrolledAt: at } }];
    }
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown command ${(exhaustive as { type: string }).type}`);
    }
  }
};

export const campaignDecider: Decider<CampaignCommand, CampaignState, CampaignEvent> = {
  initialState: initialCampaignState,
  evolve: evolveCampaign,
  decide,
};
