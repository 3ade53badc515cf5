import { contactDueAt, type LeadEvent } from '../../../domain/leads/lead';
import { leadDecider } from '../../../domain/leads/lead.decide';
import { DeciderSpecification, testMeta } from '../../support/decider-spec';
import { activity, AT, contact } from './fixtures';

describe('Lead workflow (status moves, assignment, the 24-hour promise)', () => {
  const spec = DeciderSpecification(leadDecider);
  const captured: LeadEvent = { type: 'LeadCaptured', data: { leadId: 'l1', ...contact, source: 'contact_request', capturedAt: '2026-11-21T09:00:00.000Z' } };
  const contacted: LeadEvent = {
    type: 'LeadActivityRecorded',
    data: { leadId: 'l1', ...activity('contact_request', 'c1'), contact: {}, recordedAt: '2026-11-21T09:00:00.000Z' },
  };
  const visited: LeadEvent = {
    type: 'LeadActivityRecorded',
    data: { leadId: 'l1', ...activity('website_visit', 'v1'), contact: {}, recordedAt: '2026-11-21T08:00:00.000Z' },
  };
  const moved = (from: string, to: string, manual = true): LeadEvent =>
    ({
      type: 'LeadStatusChanged',
      data: { leadId: 'l1', from, to, reason: 'motivo', changedBy: 'admin-1', changedAt: AT, ...(manual ? { manual: true } : {}) },
    }) as LeadEvent;

  it('moves unfinished -> downloaded -> derivated, each with its reason and marked as a person’s move', () => {
    spec
      .given([captured, contacted])
      .when({ type: 'ChangeLeadStatus', status: 'downloaded', reason: 'motivo' }, testMeta({ actorId: 'admin-1' }))
      .then([moved('unfinished', 'downloaded')]);
    spec
      .given([captured, contacted, moved('unfinished', 'downloaded')])
      .when({ type: 'ChangeLeadStatus', status: 'derivated', reason: 'motivo' }, testMeta({ actorId: 'admin-1' }))
      .then([moved('downloaded', 'derivated')]);
    spec
      .given([captured, contacted, moved('unfinished', 'downloaded')])
      .when({ type: 'ChangeLeadStatus', status: 'rejected', reason: 'motivo' }, testMeta({ actorId: 'admin-1' }))
      .then([moved('downloaded', 'rejected')]);
  });

  it('refuses moving back: downloaded -> unfinished is not allowed (409)', () => {
    spec
      .given([captured, moved('unfinished', 'downloaded')])
      .when({ type: 'ChangeLeadStatus', status: 'unfinished', reason: 'volver' })
      .thenThrows('LEAD_STATUS_NOT_ALLOWED');
  });

  it('derivated and rejected are final: any other move is LEAD_CLOSED; the same status again changes nothing', () => {
    for (const final of ['derivated', 'rejected'] as const) {
      const history = [captured, moved('unfinished', final)];
      for (const to of ['unfinished', 'downloaded', final === 'derivated' ? 'rejected' : 'derivated'] as const)
        spec.given(history).when({ type: 'ChangeLeadStatus', status: to, reason: 'reabrir' }).thenThrows('LEAD_CLOSED');
      spec.given(history).when({ type: 'ChangeLeadStatus', status: final, reason: 'otra vez' }).thenNothingHappens();
      spec.given(history).when({ type: 'AssignLead', advisorId: 'adv-1' }).thenThrows('LEAD_CLOSED');
    }
  });

  it('a closed lead takes no new activity: the next contact opens a new lead (LEAD_CLOSED tells the service)', () => {
    spec
      .given([captured, moved('unfinished', 'rejected')])
      .when({ type: 'RecordLeadActivity', leadId: 'l1', contact, activity: activity('contact_request', 'c2') })
      .thenThrows('LEAD_CLOSED');
    const opened = leadDecider.decide(
      { type: 'RecordLeadActivity', leadId: 'l1-2', contact, activity: activity('contact_request', 'c2'), previousLeadId: 'l1' },
      leadDecider.initialState(),
      testMeta(),
    );
    expect(opened[0]).toMatchObject({ type: 'LeadCaptured', data: { leadId: 'l1-2', previousLeadId: 'l1' } });
  });

  it('a move needs a reason', () => {
    spec.given([captured]).when({ type: 'ChangeLeadStatus', status: 'rejected', reason: '   ' }).thenThrows('VALIDATION_FAILED');
  });

  it('an advisor moves only a lead assigned to them', () => {
    const assigned: LeadEvent = {
      type: 'LeadAssigned',
      data: { leadId: 'l1', advisorId: 'adv-1', previousAdvisorId: null, assignedBy: 'admin-1', assignedAt: AT, contactDueAt: AT },
    };
    spec
      .given([captured, assigned])
      .when({ type: 'ChangeLeadStatus', status: 'rejected', reason: 'motivo', onlyIfAssignedTo: 'adv-2' })
      .thenThrows('NOT_FOUND');
    spec.given([captured]).when({ type: 'ChangeLeadStatus', status: 'rejected', reason: 'motivo', onlyIfAssignedTo: 'adv-1' }).thenThrows('NOT_FOUND');
    spec
      .given([captured, assigned])
      .when({ type: 'ChangeLeadStatus', status: 'rejected', reason: 'motivo', onlyIfAssignedTo: 'adv-1' }, testMeta({ actorId: 'admin-1' }))
      .then([moved('unfinished', 'rejected')]);
  });

  it('assignment: the contact is due 24 hours after the first contact request (after the assignment when there was none)', () => {
    spec
      .given([captured, visited, contacted])
      .when({ type: 'AssignLead', advisorId: 'adv-1' }, testMeta({ actorId: 'admin-1' }))
      .then([
        {
          type: 'LeadAssigned',
          data: { leadId: 'l1', advisorId: 'adv-1', previousAdvisorId: null, assignedBy: 'admin-1', assignedAt: AT, contactDueAt: '2026-11-22T09:00:00.000Z' },
        },
      ]);
    const quoteOnly: LeadEvent = { type: 'LeadCaptured', data: { leadId: 'l1', ...contact, source: 'quote_downloaded', capturedAt: AT } };
    spec
      .given([quoteOnly])
      .when({ type: 'AssignLead', advisorId: 'adv-1' }, testMeta({ actorId: 'admin-1' }))
      .then([
        {
          type: 'LeadAssigned',
          data: { leadId: 'l1', advisorId: 'adv-1', previousAdvisorId: null, assignedBy: 'admin-1', assignedAt: AT, contactDueAt: '2026-11-23T12:00:00.000Z' },
        },
      ]);
    expect(contactDueAt(null, AT)).toBe('2026-11-23T12:00:00.000Z');
  });

  it('assigning to the same advisor again changes nothing; to another names the previous one', () => {
    const assigned: LeadEvent = {
      type: 'LeadAssigned',
      data: { leadId: 'l1', advisorId: 'adv-1', previousAdvisorId: null, assignedBy: 'admin-1', assignedAt: AT, contactDueAt: AT },
    };
    spec.given([captured, assigned]).when({ type: 'AssignLead', advisorId: 'adv-1' }).thenNothingHappens();
    const events = leadDecider.decide(
      { type: 'AssignLead', advisorId: 'adv-2' },
      [captured, assigned].reduce(leadDecider.evolve, leadDecider.initialState()),
      testMeta(),
    );
    expect(events[0]).toMatchObject({ type: 'LeadAssigned', data: { advisorId: 'adv-2', previousAdvisorId: 'adv-1' } });
  });

  it('a lead that does not exist is not found', () => {
    spec.given([]).when({ type: 'AssignLead', advisorId: 'adv-1' }).thenThrows('NOT_FOUND');
    spec.given([]).when({ type: 'PreApproveLead' }).thenThrows('NOT_FOUND');
  });
});
