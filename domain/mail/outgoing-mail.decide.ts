import { DomainError } from '../shared/errors';
import type { CommandMetadata, Decider } from '../shared/event';
import { outgoingMailEvolve, type MailContent, type MailTemplateKey, type OutgoingMailEvent, type OutgoingMailState } from './outgoing-mail';

export type OutgoingMailCommand =
  | { type: 'QueueMail'; mailId: string; subjectId: string; template: MailTemplateKey; content: MailContent }
  | { type: 'StartDelivery'; leaseMs: number }
  | { type: 'RecordSent'; attempt: number; messageId: string }
  | { type: 'RecordDeliveryFailure'; attempt: number; error: string; maxRetries: number; retryDelayMs: number; permanent?: boolean }
  | { type: 'RequestRetry' }
  | { type: 'RecordOpened' }
  | { type: 'RecordClicked'; url: string };

/** Delay before attempt n+1 after n failed ones: the configured delay doubled each time, at most a day. */
export const backoffMs = (retryDelayMs: number, failedAttempts: number): number => Math.min(retryDelayMs * 2 ** Math.max(0, failedAttempts - 1), 86_400_000);

const refuse = (detail: string): never => {
  throw new DomainError('BUSINESS_RULE_VIOLATION', detail);
};

const decide = (command: OutgoingMailCommand, state: OutgoingMailState, meta: CommandMetadata): OutgoingMailEvent[] => {
  const at = meta.now.toISOString();
  if (command.type === 'QueueMail') {
    // The same mail decided twice (a redelivered event, a retried request) is queued once.
    if (state.status !== 'none') return [];
    const { mailId, subjectId, template, content } = command;
    const queued: OutgoingMailEvent = { type: 'MailQueued', data: { mailId, subjectId, template, ...content, queuedAt: at } };
    // A mail whose template failed to render is in the history as failed, with the reason (issue 47.5).
    if (content.renderError)
      return [queued, { type: 'MailDeliveryFailed', data: { mailId, attempt: 0, error: content.renderError.slice(0, 500), retryAt: null, failedAt: at } }];
    return [queued];
  }
  if (state.status === 'none') throw new DomainError('NOT_FOUND', 'mail');
  const { mailId } = state;
  switch (command.type) {
    case 'StartDelivery': {
      // One delivery at a time: another worker holds the lease, or the mail is not due yet, or it is done.
      const due = state.status === 'queued' || state.status === 'retrying' || state.status === 'sending';
      if (!due || state.dueAt > at) return refuse('mail not due');
      const leaseUntil = new Date(meta.now.getTime() + command.leaseMs).toISOString();
      return [{ type: 'MailDeliveryStarted', data: { mailId, attempt: state.attempts + 1, leaseUntil, startedAt: at } }];
    }
    case 'RecordSent':
      if (state.status !== 'sending' || state.attempts !== command.attempt) return [];
      return [{ type: 'MailSent', data: { mailId, attempt: command.attempt, messageId: command.messageId, sentAt: at } }];
    case 'RecordDeliveryFailure': {
      if (state.status !== 'sending' || state.attempts !== command.attempt) return [];
      // A permanent refusal (the relay's 5xx) is final at once: retrying would be refused the same way.
      const final = command.permanent === true || state.budgetUsed > command.maxRetries;
      const retryAt = final ? null : new Date(meta.now.getTime() + backoffMs(command.retryDelayMs, state.budgetUsed)).toISOString();
      return [
        {
          type: 'MailDeliveryFailed',
          data: {
            mailId,
            attempt: command.attempt,
            error: command.error.slice(0, 500),
            retryAt,
            failedAt: at,
            ...(command.permanent ? { permanent: true } : {}),
          },
        },
      ];
    }
    case 'RequestRetry':
      // Spec §4: failed mails are retried one by one or all at once; one waiting for its next attempt goes now.
      if (state.status !== 'failed' && state.status !== 'retrying' && state.status !== 'bounced')
        return refuse('only a failed, bounced or waiting mail is retried');
      return [{ type: 'MailRetryRequested', data: { mailId, requestedBy: meta.actorId, requestedAt: at } }];
    case 'RecordOpened':
      return state.status === 'sent' ? [{ type: 'MailOpened', data: { mailId, openedAt: at } }] : [];
    case 'RecordClicked':
      return state.status === 'sent' || state.status === 'opened' || state.status === 'clicked'
        ? [{ type: 'MailClicked', data: { mailId, url: command.url, clickedAt: at } }]
        : [];
  }
};

export const outgoingMailDecider: Decider<OutgoingMailCommand, OutgoingMailState, OutgoingMailEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: outgoingMailEvolve,
  decide,
};
