import type { DomainEvent } from '../shared/event';

/**
 * One mail the platform decided to send (stream `mail-<mailId>`): recorded first, delivered after
 * by the delivery worker (spec §4 email history: sent, then delivered, then opened/clicked; or bounced/
 * failed, failed retried one by one or all at once). The mail id is the delivery's idempotency key: it
 * becomes the Message-ID, so a delivery repeated after a crash is the same message to the receiving server.
 */
export const MAIL_TEMPLATES = [
  'verification',
  'password_reset',
  'quote',
  'reservation_receipt',
  'availability_alert',
  'registration_received',
  'registration_rejected',
  'company_invitation',
  'team_invitation',
  'test',
  'notification',
  'digest',
] as const;
export type MailTemplateKey = (typeof MAIL_TEMPLATES)[number];

export const MAIL_STATUSES = ['queued', 'sending', 'retrying', 'sent', 'delivered', 'opened', 'clicked', 'bounced', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export type MailAttachment = { filename: string; contentType: string; contentBase64: string };

/** What the mail says and to whom: personal data, sealed with the key of `subjectId` (the person it concerns). */
export type MailContent = {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: MailAttachment[];
  /** Why its template could not be rendered: the mail is recorded failed with this reason, never dropped. */
  renderError?: string;
};

type Of = { mailId: string };

export type OutgoingMailEvent =
  | DomainEvent<'MailQueued', Of & MailContent & { subjectId: string; template: MailTemplateKey; queuedAt: string }>
  | DomainEvent<'MailDeliveryStarted', Of & { attempt: number; leaseUntil: string; startedAt: string }>
  | DomainEvent<'MailSent', Of & { attempt: number; messageId: string; sentAt: string }>
  /** `permanent`: the relay refused the mail for good (a 5xx answer such as an unknown recipient): bounced, not retried. */
  | DomainEvent<'MailDeliveryFailed', Of & { attempt: number; error: string; retryAt: string | null; failedAt: string; permanent?: boolean }>
  | DomainEvent<'MailRetryRequested', Of & { requestedBy: string; requestedAt: string }>
  | DomainEvent<'MailOpened', Of & { openedAt: string }>
  | DomainEvent<'MailClicked', Of & { url: string; clickedAt: string }>;

export type OutgoingMailState =
  | { readonly status: 'none' }
  | {
      readonly status: Exclude<MailStatus, 'delivered'>;
      readonly mailId: string;
      /** Attempts made so far, and how many of them count against the retry budget (a manual retry resets it). */
      readonly attempts: number;
      readonly budgetUsed: number;
      /** When the next attempt may start (queued or retrying), or the current attempt's lease ends (sending). */
      readonly dueAt: string;
    };

export const outgoingMailStream = (mailId: string) => `mail-${mailId}`;

export const outgoingMailEvolve = (state: OutgoingMailState, event: OutgoingMailEvent): OutgoingMailState => {
  const e = event;
  switch (e.type) {
    case 'MailQueued':
      return { status: 'queued', mailId: e.data.mailId, attempts: 0, budgetUsed: 0, dueAt: e.data.queuedAt };
    case 'MailDeliveryStarted':
      if (state.status === 'none') return state;
      return { ...state, status: 'sending', attempts: e.data.attempt, budgetUsed: state.budgetUsed + 1, dueAt: e.data.leaseUntil };
    case 'MailSent':
      return state.status === 'none' ? state : { ...state, status: 'sent' };
    case 'MailDeliveryFailed':
      if (state.status === 'none') return state;
      if (e.data.retryAt !== null) return { ...state, status: 'retrying', dueAt: e.data.retryAt };
      return { ...state, status: e.data.permanent ? 'bounced' : 'failed', dueAt: e.data.failedAt };
    case 'MailRetryRequested':
      return state.status === 'none' ? state : { ...state, status: 'retrying', budgetUsed: 0, dueAt: e.data.requestedAt };
    case 'MailOpened':
      return state.status === 'none' || state.status === 'clicked' ? state : { ...state, status: 'opened' };
    case 'MailClicked':
      return state.status === 'none' ? state : { ...state, status: 'clicked' };
  }
};
