import type { Projection } from '../../kernel/projections/projection';
import { guardedUpsert } from '../../kernel/projections/guarded-writes';
import { PERSONAL_DATA_CATEGORY, PERSONAL_DATA_ERASED } from '../../kernel/personal-data/personal-data-erased';
import { SHREDDED_TEXT } from '../../kernel/personal-data/pii-codec';
import type { MailStatus, MailTemplateKey, OutgoingMailEvent } from '../../domain/mail/outgoing-mail';
import type { PersonalDataErased } from '../../kernel/personal-data/personal-data-erased';

export const OUTGOING_MAILS = 'outgoing_mails';

/** One row of the email history (spec §3 email history) and the worker's to-do list (status + dueAt). */
export interface OutgoingMailDoc {
  _id: string;
  [key: string]: unknown;
  subjectId: string;
  template: MailTemplateKey;
  to: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  queuedAt: string;
  /** When the worker may next try (queued, retrying) or the running attempt's lease ends (sending). */
  dueAt: string;
  sentAt: string | null;
  failedAt: string | null;
  lastError: string | null;
  openedAt: string | null;
  clickedAt: string | null;
}

const EVENTS: readonly OutgoingMailEvent['type'][] = [
  'MailQueued',
  'MailDeliveryStarted',
  'MailSent',
  'MailDeliveryFailed',
  'MailRetryRequested',
  'MailOpened',
  'MailClicked',
];

/** The email history and delivery queue: one document per mail, updates guarded by the mail stream's revision. */
export const outgoingMailsProjection: Projection<OutgoingMailEvent | PersonalDataErased> = {
  name: 'outgoing-mails',
  collections: [OUTGOING_MAILS],
  categories: ['mail', PERSONAL_DATA_CATEGORY],
  eventTypes: [...EVENTS, PERSONAL_DATA_ERASED],
  indexes: [
    { collection: OUTGOING_MAILS, keys: { status: 1, dueAt: 1 } },
    { collection: OUTGOING_MAILS, keys: { queuedAt: -1 } },
    { collection: OUTGOING_MAILS, keys: { sentAt: -1 } },
    { collection: OUTGOING_MAILS, keys: { subjectId: 1 } },
  ],
  async apply(recorded, store) {
    const mails = store.collection<OutgoingMailDoc>(OUTGOING_MAILS);
    if (recorded.type === PERSONAL_DATA_ERASED) {
      const erased = recorded.data.subjectId;
      await mails.updateMany({ subjectId: erased }, { $set: { to: SHREDDED_TEXT, subject: SHREDDED_TEXT } });
      return;
    }
    const event: OutgoingMailEvent = recorded;
    const set = (fields: Record<string, unknown>) => guardedUpsert(mails, event.data.mailId, recorded, { $set: fields });
    switch (event.type) {
      case 'MailQueued': {
        const { subjectId, template, to, subject, queuedAt } = event.data;
        await set({
          subjectId,
          template,
          to,
          subject,
          status: 'queued',
          attempts: 0,
          queuedAt,
          dueAt: queuedAt,
          sentAt: null,
          failedAt: null,
          lastError: null,
          openedAt: null,
          clickedAt: null,
        });
        return;
      }
      case 'MailDeliveryStarted':
        await set({ status: 'sending', attempts: event.data.attempt, dueAt: event.data.leaseUntil });
        return;
      case 'MailSent':
        await set({ status: 'sent', sentAt: event.data.sentAt, lastError: null });
        return;
      case 'MailDeliveryFailed': {
        const { retryAt, error, failedAt, permanent } = event.data;
        await set(
          retryAt === null
            ? { status: permanent ? 'bounced' : 'failed', failedAt, lastError: error, dueAt: failedAt }
            : { status: 'retrying', lastError: error, dueAt: retryAt },
        );
        return;
      }
      case 'MailRetryRequested':
        await set({ status: 'retrying', dueAt: event.data.requestedAt, failedAt: null });
        return;
      case 'MailOpened':
        await set({ status: 'opened', openedAt: event.data.openedAt });
        return;
      case 'MailClicked':
        await set({ status: 'clicked', clickedAt: event.data.clickedAt });
        return;
    }
  },
};
