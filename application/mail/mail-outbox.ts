import { hash } from 'node:crypto';
import { outgoingMailDecider } from '../../domain/mail/outgoing-mail.decide';
import { outgoingMailStream } from '../../domain/mail/outgoing-mail';
import { handleCommand } from '../../kernel/command-handling/handle-command';
import type { Clock, IdGenerator } from '../../kernel/ports/clock';
import type { EventStore } from '../../kernel/ports/event-store';
import type { Mailer, OutgoingMail } from '../../kernel/ports/mailer';
import type { MailTemplatesService } from './mail-templates-service';

/** A stable mail id from an idempotency key (uuid-shaped, so it reads like the others). */
const mailIdFor = (key: string): string => {
  const h = hash('sha256', `mail:${key}`, 'hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
};

/**
 * The Mailer use cases call: the mail is rendered from its template, then recorded (MailQueued on its own stream, its content sealed
 * with the key of the person it concerns), and delivered after by the delivery worker. Nothing is lost when
 * the relay is down or the process dies: what is recorded is delivered once it can be.
 */
export class MailOutbox implements Mailer {
  constructor(
    private readonly events: EventStore,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly templates: MailTemplatesService,
  ) {}

  private onQueued: (position: number) => void = () => undefined;

  /** Told the position of each queued mail: the worker in this process delivers it without waiting for its next look. */
  whenQueued(listener: (position: number) => void): void {
    this.onQueued = listener;
  }

  /** The mail's content; a template that cannot be rendered gives an empty mail with the reason. */
  private async rendered(mail: OutgoingMail): Promise<{ subject: string; text: string; html: string; renderError?: string }> {
    try {
      return await this.templates.render(mail.template, mail.variables);
    } catch (error) {
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
      return { subject: 'Correo no generado', text: '', html: '', renderError: `No se pudo generar el correo con su plantilla: ${reason}` };
    }
  }

  async send(mail: OutgoingMail): Promise<{ mailId: string }> {
    const mailId = mail.idempotencyKey ? mailIdFor(mail.idempotencyKey) : this.ids.newId();
    const content = {
      to: mail.to,
      ...(await this.rendered(mail)),
      attachments: (mail.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, contentBase64: a.content.toString('base64') })),
    };
    const result = await handleCommand(
      this.events,
      outgoingMailStream(mailId),
      outgoingMailDecider,
      { type: 'QueueMail', mailId, subjectId: mail.subjectId, template: mail.template, content },
      {
        now: this.clock.now(),
        actorId: 'system:mail',
        actorRoles: [],
        correlationId: `mail-${mailId}`,
      },
    );
    if (result.events.length > 0) this.onQueued(result.position);
    return { mailId };
  }
}
