import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer, OutgoingMail } from '../../application/ports/mailer';

/** Mail over real SMTP (nodemailer): to the in-process sink in dev/tests, to any relay in production. */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtp: { host: string; port: number; secure: boolean; user?: string; pass?: string },
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      auth: smtp.user ? { user: smtp.user, pass: smtp.pass } : undefined,
      // The dev sink speaks plain SMTP on loopback; a real relay negotiates STARTTLS when it offers it.
      ignoreTLS: smtp.host === '127.0.0.1' && !smtp.secure,
      connectionTimeout: 10_000,
    });
  }

  async send(mail: OutgoingMail): Promise<{ messageId: string }> {
    const info = await this.transport.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments?.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
    });
    return { messageId: info.messageId };
  }

  close(): void {
    this.transport.close();
  }
}
