import type { DomainEvent } from '../shared/event';

/**
 * Campaign aggregate (stream `campaign-<id>`): a partner company's housing campaign for its collaborators
 * (spec §3). Lifecycle draft -> active (launched) <-> paused -> ended, or eliminated from any live state.
 */
export type CampaignStatus = 'draft' | 'active' | 'paused' | 'ended' | 'eliminated';

export interface CampaignDetails extends Record<string, unknown> {
  campaignId: string;
  companyId: string;
  name: string;
  description: string;
  startDate: string;
  endDate: string | null;
  autoEnrollment: boolean;
  selfEnrollmentByRut: boolean;
}

/** What the back office may change after creation (the company a campaign belongs to stays). */
export type EditableCampaignDetails = Pick<CampaignDetails, 'name' | 'description' | 'startDate' | 'endDate' | 'autoEnrollment' | 'selfEnrollmentByRut'>;

export type CampaignEvent =
  | DomainEvent<'CampaignCreated', CampaignDetails & { createdAt: string }>
  | DomainEvent<
      'CampaignDetailsChanged',
      { campaignId: string; changes: Partial<EditableCampaignDetails>; previous: Partial<EditableCampaignDetails>; changedAt: string }
    >
  | DomainEvent<'CampaignLaunched', { campaignId: string; launchedAt: string }>
  | DomainEvent<'CampaignPaused', { campaignId: string; pausedAt: string }>
  | DomainEvent<'CampaignResumed', { campaignId: string; resumedAt: string }>
  | DomainEvent<'CampaignEnded', { campaignId: string; endedAt: string }>
  | DomainEvent<'CampaignEliminated', { campaignId: string; reason: string; eliminatedAt: string }>
  | DomainEvent<
      'CampaignCollaboratorEnrolled',
      { campaignId: string; collaboratorId: string; rut: string; via: 'auto' | 'self' | 'admin'; enrolledAt: string }
    >;

export type CampaignState = { status: 'none' } | { status: CampaignStatus; details: CampaignDetails; enrolled: readonly string[] };

export const initialCampaignState = (): CampaignState => ({ status: 'none' });

export const evolveCampaign = (state: CampaignState, event: CampaignEvent): CampaignState => {
  if (event.type === 'CampaignCreated') {
    const { createdAt: _at, ...details } = event.data;
    return { status: 'draft', details, enrolled: [] };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'CampaignDetailsChanged':
      return { ...state, details: { ...state.details, ...event.data.changes } };
    case 'CampaignLaunched':
    case 'CampaignResumed':
      return { ...state, status: 'active' };
    case 'CampaignPaused':
      return { ...state, status: 'paused' };
    case 'CampaignEnded':
      return { ...state, status: 'ended' };
    case 'CampaignEliminated':
      return { ...state, status: 'eliminated' };
    case 'CampaignCollaboratorEnrolled':
      return { ...state, enrolled: [...state.enrolled, event.data.collaboratorId] };
  }
};

export const campaignStream = (campaignId: string): string => `campaign-${campaignId}`;
