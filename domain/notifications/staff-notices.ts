import type { CommandMetadata, Decider, DomainEvent } from '../shared/event';

/**
 * Work that reached the platform and waits for a staff member (stream `staffnotice-<noticeId>`, one per piece
 * of work): a company registration to review, an unassigned lead, a personal-data request, a mail that could
 * not be delivered. The notice names the people told, those holding the permission at that moment, so a
 * rebuilt notification center tells the same people and the audit shows who knew. It carries no personal data.
 */
export type StaffNotice =
  | { readonly kind: 'registration_submitted'; readonly subjectId: string; readonly companyName: string }
  | { readonly kind: 'lead_captured'; readonly subjectId: string; readonly source: string }
  | { readonly kind: 'data_request_submitted'; readonly subjectId: string; readonly requestKind: string; readonly dueAt: string }
  | { readonly kind: 'mail_failed'; readonly subjectId: string; readonly template: string; readonly attempts: number; readonly bounced: boolean };

export type StaffNoticeKind = StaffNotice['kind'];

export type StaffNoticeEvent = DomainEvent<'StaffNoticeSent', StaffNotice & { noticeId: string; recipientIds: string[]; sentAt: string }>;

export type StaffNoticeCommand = { type: 'SendStaffNotice'; noticeId: string; notice: StaffNotice; recipientIds: readonly string[] };

export interface StaffNoticeState {
  readonly sent: boolean;
}

export const staffNoticeDecider: Decider<StaffNoticeCommand, StaffNoticeState, StaffNoticeEvent> = {
  initialState: () => ({ sent: false }),
  evolve: () => ({ sent: true }),
  // Once per piece of work however often its event is delivered; nobody holding the permission means nobody to tell.
  decide: (command, state, meta: CommandMetadata) =>
    state.sent || command.recipientIds.length === 0
      ? []
      : [
          {
            type: 'StaffNoticeSent',
            data: { ...command.notice, noticeId: command.noticeId, recipientIds: [...new Set(command.recipientIds)].sort(), sentAt: meta.now.toISOString() },
          },
        ],
};

export const staffNoticeStream = (noticeId: string): string => `staffnotice-${noticeId}`;
