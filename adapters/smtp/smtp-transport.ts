import nodemailer, { type Transporter } from 'nodemailer';
import type { DeliverableMail, MailTransport, TransportSettings } from '../../application/ports/mailer';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/**
 * SMTP with nodemailer, one pooled connection per settings in force: a change in the back office makes a
 * new transport on the next delivery (no restart), and the old one is closed.
 */
export class SmtpTransport implements MailTransport {
  private current: { key: string; transport: Transporter } | null = null;

  async deliver(mail: DeliverableMail, settings: TransportSettings): Promise<{ messageId: string }> {
    const info = await this.transportFor(settings).sendMail({
      from: { name: settings.fromName, address: settings.fromEmail },
      replyTo: settings.replyTo || undefined,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? undefined,
      messageId: mail.messageId,
      attachments: mail.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
    });
    return { messageId: info.messageId };
  }

  async verify(settings: TransportSettings): Promise<void> {
    const probe = nodemailer.createTransport(options(settings));
    try {
      await probe.verify();
    } finally {
      probe.close();
    }
  }

  close(): void {
    this.current?.transport.close();
    this.current = null;
  }

  private transportFor(settings: TransportSettings): Transporter {
    const key = JSON.stringify(settings);
    if (this.current?.key !== key) {
      this.current?.transport.close();
      this.current = { key, transport: nodemailer.createTransport(options(settings)) };
    }
    return this.current.transport;
  }
}

const options = (s: TransportSettings) => ({
  host: s.host,
  port: s.port,
  secure: s.security === 'ssl',
  requireTLS: s.security === 'starttls',
  // Without a security type the session stays plain: on loopback (the dev sink) never upgrade.
  ignoreTLS: s.security === 'none' && LOOPBACK.has(s.host),
  auth: s.username ? { user: s.username, pass: s.password ?? '' } : undefined,
  connectionTimeout: s.timeoutMs,
  greetingTimeout: s.timeoutMs,
  socketTimeout: s.timeoutMs,
});
