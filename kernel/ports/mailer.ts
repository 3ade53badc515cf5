import type { MailTemplateKey } from '../../domain/mail/outgoing-mail';
import type { SmtpSecurity } from '../../domain/mail/email-configuration';

/**
 * A mail the platform decides to send: which of its templates (application/mail/built-in-templates.ts,
 * editable in the back office) with which values; the outbox renders it when it queues it.
 */
export interface OutgoingMail {
  readonly to: string;
  readonly variables: Readonly<Record<string, string | number>>;
  readonly attachments?: readonly { filename: string; content: Buffer; contentType: string }[];
  /** Whose personal data the mail is (its content is sealed with their key, and shredded with it). */
  readonly subjectId: string;
  /** The template: which of the platform's mails this is (history, analytics). */
  readonly template: MailTemplateKey;
  /** The same key queues the mail once (a retried request, a redelivered event): becomes its mail id. */
  readonly idempotencyKey?: string;
}

/** A mail as its builder writes it; whose it is comes from the use case that sends it. */
export type MailDraft = Omit<OutgoingMail, 'subjectId'>;

/**
 * How use cases send mail: the mail is recorded in the outbox (events) and `send` resolves then; the
 * delivery worker delivers it, retrying an unreachable relay (application/mail).
 */
export interface Mailer {
  send(mail: OutgoingMail): Promise<{ mailId: string }>;
}

/** The relay as the delivery worker reaches it: the settings in force, the password in clear. */
export interface TransportSettings {
  readonly host: string;
  readonly port: number;
  readonly security: SmtpSecurity;
  readonly username: string;
  readonly password: string | null;
  readonly fromName: string;
  readonly fromEmail: string;
  readonly replyTo: string;
  readonly timeoutMs: number;
}

export interface DeliverableMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string | null;
  readonly attachments: readonly { filename: string; content: Buffer; contentType: string }[];
  /** The Message-ID header: the same mail delivered again carries the same one. */
  readonly messageId: string;
}

/** One SMTP exchange (nodemailer in adapters/smtp). */
export interface MailTransport {
  deliver(mail: DeliverableMail, settings: TransportSettings): Promise<{ messageId: string }>;
  /** Connects and authenticates without sending ("probar conexión"); throws what the relay answered. */
  verify(settings: TransportSettings): Promise<void>;
}

/**
 * A relay failure as the transport reports it: a Spanish reason fit for the admin and the history, never the
 * other end's own words (pointed at another service, those would be its banner), and the SMTP reply code when
 * an SMTP server refused (5xx is final).
 */
export class MailRelayError extends Error {
  constructor(
    message: string,
    readonly kind: 'address_refused' | 'unreachable' | 'authentication' | 'refused',
    readonly responseCode?: number,
  ) {
    super(message);
    this.name = 'MailRelayError';
  }
}
