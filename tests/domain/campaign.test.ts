import type { CampaignEvent } from '../../domain/campaigns/campaign';
import { campaignDecider, type CampaignCommand } from '../../domain/campaigns/campaign.decide';
import { DeciderSpecification } from '../support/decider-spec';

const spec = DeciderSpecification(campaignDecider);
const details = {
  campaignId: 'c1',
  companyId: 'banco-andino',
  name: 'Vivienda 2026',
  description: 'Aporte al pie',
  startDate: '2026-01-01',
  endDate: null,
  autoEnrollment: true,
  selfEnrollmentByRut: false,
};
const created: CampaignEvent = { type: 'CampaignCreated', data: { ...details, createdAt: 'x' } };
const launched: CampaignEvent = { type: 'CampaignLaunched', data: { campaignId: 'c1', launchedAt: 'x' } };
const paused: CampaignEvent = { type: 'CampaignPaused', data: { campaignId: 'c1', pausedAt: 'x' } };
const enrol = (via: 'auto' | 'self' | 'admin'): CampaignCommand => ({ type: 'EnrollCollaborator', collaboratorId: 'col-1', rut: '12345678-5', via });
const at = '2026-11-22T12:00:00.000Z';

describe('Campaign decider', () => {
  it('creates a draft, refusing a missing name or description and an end before the start', () => {
    spec
      .given([])
      .when({ type: 'CreateCampaign', ...details })
      .then([{ type: 'CampaignCreated', data: { ...details, createdAt: at } }]);
    spec
      .given([])
      .when({ type: 'CreateCampaign', ...details, name: ' ' })
      .thenThrows('VALIDATION_FAILED');
    spec
      .given([])
      .when({ type: 'CreateCampaign', ...details, endDate: '2025-01-01' })
      .thenThrows('VALIDATION_FAILED');
  });

  it('launches a draft, pauses and resumes an active one, ends it; wrong order is refused', () => {
    spec
      .given([created])
      .when({ type: 'LaunchCampaign' })
      .then([{ type: 'CampaignLaunched', data: { campaignId: 'c1', launchedAt: at } }]);
    spec
      .given([created, launched])
      .when({ type: 'PauseCampaign' })
      .then([{ type: 'CampaignPaused', data: { campaignId: 'c1', pausedAt: at } }]);
    spec
      .given([created, launched, paused])
      .when({ type: 'ResumeCampaign' })
      .then([{ type: 'CampaignResumed', data: { campaignId: 'c1', resumedAt: at } }]);
    spec
      .given([created, launched, paused])
      .when({ type: 'EndCampaign' })
      .then([{ type: 'CampaignEnded', data: { campaignId: 'c1', endedAt: at } }]);
    spec.given([created]).when({ type: 'PauseCampaign' }).thenThrows('BUSINESS_RULE_VIOLATION');
    spec.given([created]).when({ type: 'EndCampaign' }).thenThrows('BUSINESS_RULE_VIOLATION');
    spec.given([created, launched]).when({ type: 'LaunchCampaign' }).thenNothingHappens();
  });

  it('enrols a collaborator once, only while active and only through an open channel', () => {
    spec
      .given([created, launched])
      .when(enrol('auto'))
      .then([{ type: 'CampaignCollaboratorEnrolled', data: { campaignId: 'c1', collaboratorId: 'col-1', rut: '12345678-5', via: 'auto', enrolledAt: at } }]);
    const enrolled: CampaignEvent = {
      type: 'CampaignCollaboratorEnrolled',
      data: { campaignId: 'c1', collaboratorId: 'col-1', rut: '12345678-5', via: 'auto', enrolledAt: 'x' },
    };
    spec.given([created, launched, enrolled]).when(enrol('admin')).thenNothingHappens();
    spec.given([created]).when(enrol('admin')).thenThrows('BUSINESS_RULE_VIOLATION');
    spec.given([created, launched]).when(enrol('self')).thenThrows('BUSINESS_RULE_VIOLATION');
    spec.given([created, launched, paused]).when(enrol('admin')).thenThrows('BUSINESS_RULE_VIOLATION');
  });

  it('may be eliminated from any state, once', () => {
    spec
      .given([created, launched])
      .when({ type: 'EliminateCampaign', reason: 'error' })
      .then([{ type: 'CampaignEliminated', data: { campaignId: 'c1', reason: 'error', eliminatedAt: at } }]);
    spec.given([]).when({ type: 'LaunchCampaign' }).thenThrows('NOT_FOUND');
  });

  it('changes what may change, records before and after, and nothing once ended or eliminated', () => {
    spec
      .given([created, launched])
      .when({ type: 'ChangeCampaignDetails', changes: { name: 'Vivienda 2027', description: 'Aporte al pie' } })
      .then([
        { type: 'CampaignDetailsChanged', data: { campaignId: 'c1', changes: { name: 'Vivienda 2027' }, previous: { name: 'Vivienda 2026' }, changedAt: at } },
      ]);
    spec
      .given([created])
      .when({ type: 'ChangeCampaignDetails', changes: { name: 'Vivienda 2026' } })
      .thenNothingHappens();
    spec
      .given([created])
      .when({ type: 'ChangeCampaignDetails', changes: { endDate: '2025-12-31' } })
      .thenThrows('VALIDATION_FAILED');
    const ended: CampaignEvent = { type: 'CampaignEnded', data: { campaignId: 'c1', endedAt: 'x' } };
    spec
      .given([created, launched, ended])
      .when({ type: 'ChangeCampaignDetails', changes: { name: 'Otra' } })
      .thenThrows('BUSINESS_RULE_VIOLATION');
  });
});
