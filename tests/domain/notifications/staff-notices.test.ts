import { rolesHolding } from '../../../domain/access/permissions';
import { staffNoticeDecider, type StaffNoticeCommand } from '../../../domain/notifications/staff-notices';
import { DeciderSpecification } from '../../support/decider-spec';

const spec = DeciderSpecification(staffNoticeDecider);
const command = (recipientIds: string[]): StaffNoticeCommand => ({
  type: 'SendStaffNotice',
  noticeId: 'lead-l1',
  notice: { kind: 'lead_captured', subjectId: 'l1', source: 'contact_request' },
  recipientIds,
});

describe('staff notice', () => {
  it('names the people told, each once, in a stable order', () =>
    spec
      .given([])
      .when(command(['u2', 'u1', 'u2']))
      .then([
        {
          type: 'StaffNoticeSent',
          data: {
            kind: 'lead_captured',
            subjectId: 'l1',
            source: 'contact_request',
            noticeId: 'lead-l1',
            recipientIds: ['u1', 'u2'],
            sentAt: '2026-11-22T12:00:00.000Z',
          },
        },
      ]));

  it('is sent once however often its event is delivered, and not at all when nobody holds the permission', () => {
    const [sent] = staffNoticeDecider.decide(command(['u1']), staffNoticeDecider.initialState(), {
      now: new Date(),
      actorId: 'system',
      actorRoles: [],
      correlationId: 'c',
    });
    spec
      .given([sent])
      .when(command(['u1', 'u3']))
      .thenNothingHappens();
    spec.given([]).when(command([])).thenNothingHappens();
  });

  it('is addressed by permission: the super-admin holds every one, the officer only the data requests', () => {
    expect(rolesHolding('data-requests:manage').sort()).toEqual(['data-protection-officer', 'super-admin']);
    expect(rolesHolding('leads:assign').sort()).toEqual(['admin', 'super-admin']);
  });
});
