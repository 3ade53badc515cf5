import { outgoingMailDecider } from '../../domain/mail/outgoing-mail.decide';
import { outgoingMailStream, type OutgoingMailEvent } from '../../domain/mail/outgoing-mail';
import { DomainError } from '../../domain/shared/errors';
import type { CommandMetadata } from '../../domain/shared/event';
import { dueMails, sentSince } from '../../read-models/mail/outgoing-mails.queries';
import { handleCommand } from '../../kernel/command-handling/handle-command';
import { isShredded } from '../../kernel/personal-data/pii-codec';
import type { Clock } from '../../kernel/ports/clock';
import { WrongExpectedRevisionError, type EventStore } from '../../kernel/ports/event-store';
import type { MailTransport } from '../../kernel/ports/mailer';
import type { ReadStore } from '../../kernel/ports/read-store';
import type { EmailSettingsService } from './email-settings-service';
import type { MailTracking } from './mail-tracking';

const HOUR_MS = 3_600_000;

export interface DeliveryOutcome {
  readonly sent: boolean;
  readonly messageId: string;
  /** What the relay answered when it refused, or why the mail was not attempted. */
  readonly error: string | null;
}

const NOT_TAKEN: DeliveryOutcome = { sent: false, messageId: '', error: 'El correo no estaba pendiente de envío.' };

export interface DeliveryWorkerOptions {
  /** How often the queue is looked at when nobody nudges. */
  readonly pollMs: number;
  /** How long an attempt may run before another worker may take the mail over (a crashed worker's lease). */
  readonly leaseMs: number;
  /** Host part of the Message-ID. */
  readonly messageIdDomain: string;
  /** Waits until the read side has reached a position (the queued mail is then in the queue). */
  readonly reached?: (position: number) => Promise<unknown>;
  /** Adds the open pixel and click links when the delivery settings ask for them. */
  readonly tracking?: MailTracking;
}

/**
 * Delivers the outbox (spec §4 email history): takes each due mail with a lease (MailDeliveryStarted, appended
 * at the revision read: of two workers only one wins an attempt), hands it to the relay under a Message-ID
 * made of its mail id, and records MailSent, or MailDeliveryFailed with the next attempt after an
 * exponential backoff (max retries and retry delay of the settings in force), or final. A worker killed
 * mid-delivery leaves the lease to expire; the next attempt sends the same Message-ID again, so a receiving
 * server that dedupes on it gets the mail once. Hourly and daily limits of the delivery settings hold the
 * queue back, never drop it.
 */
export class MailDeliveryWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly deps: { events: EventStore; readStore: ReadStore; transport: MailTransport; settings: EmailSettingsService; clock: Clock },
    private readonly options: DeliveryWorkerOptions,
    private readonly log: (message: string, error?: unknown) => void = () => undefined,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** A mail was queued at `position`: look as soon as the queue shows it. */
  nudge(position: number): void {
    if (this.stopped) return;
    void Promise.resolve(this.options.reached?.(position))
      .catch(() => undefined)
      .then(() => this.kick());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** One pass over what is due now; answers how many mails it delivered. Tests call it directly. */
  async pass(): Promise<number> {
    const now = this.deps.clock.now();
    const delivery = await this.deps.settings.delivery();
    const [lastHour, lastDay] = await Promise.all([
      sentSince(this.deps.readStore, new Date(now.getTime() - HOUR_MS).toISOString()),
      sentSince(this.deps.readStore, new Date(now.getTime() - 24 * HOUR_MS).toISOString()),
    ]);
    const allowance = Math.min(delivery.maxPerHour - lastHour, delivery.maxPerDay - lastDay, 50);
    if (allowance <= 0) return 0;
    let delivered = 0;
    for (const mail of await dueMails(this.deps.readStore, now.toISOString(), allowance)) {
      if (this.stopped) break;
      if ((await this.deliver(mail._id)).sent) delivered++;
    }
    return delivered;
  }

  private kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.pass()
      .then(() => undefined)
      .catch((error) => this.log('mail delivery pass failed', error))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        } else this.schedule(this.options.pollMs);
      });
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.kick(), ms);
    this.timer.unref();
  }

  private meta(mailId: string): CommandMetadata {
    return { now: this.deps.clock.now(), actorId: 'system:mail-delivery', actorRoles: [], correlationId: `mail-${mailId}` };
  }

  /** Delivers one mail now, whatever the queue's order (the back office's test mail). */
  deliverNow(mailId: string): Promise<DeliveryOutcome> {
    return this.deliver(mailId);
  }

  /** One attempt at one mail; not sent when another worker holds it, it is no longer due, or the relay refused. */
  private async deliver(mailId: string): Promise<DeliveryOutcome> {
    const stream = outgoingMailStream(mailId);
    let attempt: number;
    try {
      const started = await handleCommand(
        this.deps.events,
        stream,
        outgoingMailDecider,
        { type: 'StartDelivery', leaseMs: this.options.leaseMs },
        this.meta(mailId),
        { retries: 0 },
      );
      const event = started.events[0] as Extract<OutgoingMailEvent, { type: 'MailDeliveryStarted' }> | undefined;
      if (!event) return NOT_TAKEN;
      attempt = event.data.attempt;
    } catch (error) {
      if (error instanceof DomainError || error instanceof WrongExpectedRevisionError) return NOT_TAKEN;
      throw error;
    }
    const settings = await this.deps.settings.smtp();
    const queued = (await this.deps.events.readStream(stream)).find((e) => e.type === 'MailQueued')?.data as
      Extract<OutgoingMailEvent, { type: 'MailQueued' }>['data'] | undefined;
    if (!queued || isShredded(queued.to)) {
      // The person was erased before the mail went out: there is nobody to send it to any more.
      const error = 'Titular suprimido: el correo no se envía.';
      await handleCommand(
        this.deps.events,
        stream,
        outgoingMailDecider,
        { type: 'RecordDeliveryFailure', attempt, error, maxRetries: -1, retryDelayMs: 0 },
        this.meta(mailId),
      );
      return { sent: false, messageId: '', error };
    }
    if (queued.renderError) {
      // Retried by hand: its content was never made, there is nothing to deliver.
      await handleCommand(
        this.deps.events,
        stream,
        outgoingMailDecider,
        { type: 'RecordDeliveryFailure', attempt, error: queued.renderError, maxRetries: -1, retryDelayMs: 0 },
        this.meta(mailId),
      );
      return { sent: false, messageId: '', error: queued.renderError };
    }
    let messageId: string;
    const delivery = await this.deps.settings.delivery();
    const html =
      queued.html && this.options.tracking
        ? this.options.tracking.decorate(queued.html, mailId, { opens: delivery.trackOpens, clicks: delivery.trackClicks })
        : queued.html;
    try {
      const transport = await this.deps.settings.transport();
      ({ messageId } = await this.deps.transport.deliver(
        {
          to: queued.to,
          subject: queued.subject,
          text: queued.text,
          html,
          attachments: (queued.attachments ?? []).map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.contentBase64, 'base64'),
          })),
          messageId: `<${mailId}@${this.options.messageIdDomain}>`,
        },
        transport,
      ));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // SMTP 5xx is the relay's final word (unknown recipient, rejected): bounced. 4xx and network errors are retried.
      const code = (error as { responseCode?: unknown }).responseCode;
      const permanent = typeof code === 'number' && code >= 500 && code < 600;
      this.log(`mail ${mailId} attempt ${attempt} failed: ${message}`);
      await handleCommand(
        this.deps.events,
        stream,
        outgoingMailDecider,
        { type: 'RecordDeliveryFailure', attempt, error: message, maxRetries: settings.maxRetries, retryDelayMs: settings.retryDelayMs, permanent },
        this.meta(mailId),
      );
      return { sent: false, messageId: '', error: message };
    }
    await handleCommand(this.deps.events, stream, outgoingMailDecider, { type: 'RecordSent', attempt, messageId }, this.meta(mailId));
    return { sent: true, messageId, error: null };
  }
}
