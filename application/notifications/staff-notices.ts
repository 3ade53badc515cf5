import { rolesHolding, type Permission } from '../../domain/access/permissions';
import type { CompanyRegistrationEvent } from '../../domain/companies/company-registration';
import type { LeadEvent } from '../../domain/leads/lead';
import type { OutgoingMailEvent } from '../../domain/mail/outgoing-mail';
import { staffNoticeDecider, staffNoticeStream, type StaffNotice } from '../../domain/notifications/staff-notices';
import type { DataRequestEvent } from '../../domain/personal-data/data-request';
import { enabledUsersWithRoles } from '../../read-models/users/users.queries';
import { handleCommand } from '../../kernel/command-handling/handle-command';
import type { Clock } from '../../kernel/ports/clock';
import type { EventStore } from '../../kernel/ports/event-store';
import type { ReadStore } from '../../kernel/ports/read-store';
import type { EventHandler, RecordedEventOf } from '../../kernel/projections/event-handler';

type NoticeDrivingEvent =
  | Extract<CompanyRegistrationEvent, { type: 'CompanyRegistrationSubmitted' }>
  | Extract<LeadEvent, { type: 'LeadCaptured' }>
  | Extract<DataRequestEvent, { type: 'DataRequestSubmitted' }>
  | Extract<OutgoingMailEvent, { type: 'MailDeliveryFailed' }>;

/** Who acts on each kind of work: the holders of this permission when the work arrives. */
const ACTED_ON_WITH: Readonly<Record<StaffNotice['kind'], Permission>> = {
  registration_submitted: 'company-registrations:review',
  lead_captured: 'leads:assign',
  data_request_submitted: 'data-requests:manage',
  mail_failed: 'email:manage',
};

/**
 * Mail about notifications is not reported as a notification: with the relay down, each report would be mailed
 * and fail in turn. A test mail's failure is shown to the person who sent it, on the spot.
 */
const UNREPORTED_TEMPLATES = new Set(['notification', 'digest', 'test']);

/**
 * Work older than this when the handler first sees it is not news: on its first start over an existing event
 * log the handler reads the whole history, and must not tell staff of every lead and request ever received.
 * A catch-up after a few days' stop still tells them.
 */
const STAFF_NOTICE_WINDOW_MS = 7 * 24 * 3_600_000;

export interface StaffNoticesDeps {
  readonly events: EventStore;
  readonly readStore: ReadStore;
  readonly clock: Clock;
  readonly log: (message: string, error?: unknown) => void;
}

/**
 * Staff are told of the work that is theirs (issue 46): a submitted company registration, a new (unassigned)
 * lead, a personal-data request, a mail that failed for good. An event handler, as the data-request reminders
 * are a timer: it names the people holding the permission now in a `StaffNoticeSent`, and the notification
 * center derives one notification per person from it. The advisor hears of a lead when it is assigned to them
 * (LeadAssigned), the officer of a request again near its due date (DataRequestDueSoon).
 */
export const staffNoticesHandler = (deps: StaffNoticesDeps): EventHandler<NoticeDrivingEvent> => {
  const noticeOf = async (event: RecordedEventOf<NoticeDrivingEvent>): Promise<{ id: string; notice: StaffNotice } | null> => {
    switch (event.type) {
      case 'CompanyRegistrationSubmitted': {
        const registrationId = event.data.registrationId;
        const started = (await deps.events.readStream(event.streamId)).find((e) => e.type === 'CompanyRegistrationStarted');
        const company = started?.data.company as { name?: string } | undefined;
        return {
          id: `registration-${registrationId}`,
          notice: { kind: 'registration_submitted', subjectId: registrationId, companyName: company?.name ?? '' },
        };
      }
      case 'LeadCaptured':
        return { id: `lead-${event.data.leadId}`, notice: { kind: 'lead_captured', subjectId: event.data.leadId, source: event.data.source } };
      case 'DataRequestSubmitted':
        return {
          id: `datarequest-${event.data.requestId}`,
          notice: { kind: 'data_request_submitted', subjectId: event.data.requestId, requestKind: event.data.kind, dueAt: event.data.dueAt },
        };
      case 'MailDeliveryFailed': {
        // Only the failure that ends the mail's attempts; a retry may still deliver it.
        if (event.data.retryAt !== null) return null;
        const queued = (await deps.events.readStream(event.streamId)).find((e) => e.type === 'MailQueued');
        const template = String(queued?.data.template ?? '');
        if (UNREPORTED_TEMPLATES.has(template)) return null;
        return {
          // A mail retried by hand and failed again is news again.
          id: `mail-${event.data.mailId}-${event.revision}`,
          notice: { kind: 'mail_failed', subjectId: event.data.mailId, template, attempts: event.data.attempt, bounced: event.data.permanent === true },
        };
      }
    }
  };
  return {
    name: 'staff-notices',
    categories: ['company', 'lead', 'datarequest', 'mail'],
    eventTypes: ['CompanyRegistrationSubmitted', 'LeadCaptured', 'DataRequestSubmitted', 'MailDeliveryFailed'],
    handle: async (event) => {
      if (deps.clock.now().getTime() - Date.parse(event.metadata.occurredAt) > STAFF_NOTICE_WINDOW_MS) return;
      const found = await noticeOf(event);
      if (!found) return;
      const recipientIds = await enabledUsersWithRoles(deps.readStore, rolesHolding(ACTED_ON_WITH[found.notice.kind]));
      await handleCommand(
        deps.events,
        staffNoticeStream(found.id),
        staffNoticeDecider,
        { type: 'SendStaffNotice', noticeId: found.id, notice: found.notice, recipientIds },
        {
          now: deps.clock.now(),
          actorId: 'system:staff-notices',
          actorRoles: [],
          correlationId: event.metadata.correlationId,
          causationId: `${event.streamId}@${event.revision}`,
        },
      );
      if (recipientIds.length === 0) deps.log(`staff notice ${found.id}: nobody holds ${ACTED_ON_WITH[found.notice.kind]}`);
    },
  };
};
