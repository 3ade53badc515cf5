export interface OutgoingMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  readonly attachments?: readonly { filename: string; content: Buffer; contentType: string }[];
}

/** Sends mail over SMTP. The dev/test default is an in-process SMTP sink (adapters/smtp). */
export interface Mailer {
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
}
