import { outgoingMailDecider } from '../../domain/mail/outgoing-mail.decide';
import { outgoingMailStream, type MailStatus } from '../../domain/mail/outgoing-mail';
import type { DeliverySettings, SmtpSettings } from '../../domain/mail/email-configuration';
import { DomainError } from '../../domain/shared/errors';
import type { CommandMetadata } from '../../domain/shared/event';
import { mailAnalytics, mailHistory, purgeMailHistory, undeliveredMailIds, type MailHistoryQuery } from '../../read-models/mail/outgoing-mails.queries';
import { handleCommand } from '../../kernel/command-handling/handle-command';
import { loadStream } from '../../kernel/command-handling/decided-state';
import type { Clock } from '../../kernel/ports/clock';
import type { EventStore } from '../../kernel/ports/event-store';
import { MailRelayError, type Mailer, type MailTransport } from '../../kernel/ports/mailer';
import type { ReadStore } from '../../kernel/ports/read-store';
import type { EmailSettingsService } from './email-settings-service';
import type { MailDeliveryWorker } from './mail-delivery-worker';

const DAY_MS = 86_400_000;

const GENERIC_RELAY_FAILURE = 'No se pudo establecer la conexión con el servidor SMTP: revise el servidor, el puerto y el tipo de seguridad.';

/**
 * What the admin is told: the transport's Spanish reason (MailRelayError), never the raw words of whatever
 * answered at that address (an SSH or HTTP banner would turn the test into a port scanner).
 */
const relayReason = (error: unknown): string => (error instanceof MailRelayError ? error.message : GENERIC_RELAY_FAILURE);

/** The back office's email administration (spec §2): settings, test, history, retries, analytics. */
export class EmailAdministration {
  constructor(
    private readonly deps: {
      events: EventStore;
      readStore: ReadStore;
      settings: EmailSettingsService;
      transport: MailTransport;
      worker: MailDeliveryWorker;
      mailer: Mailer;
      clock: Clock;
    },
  ) {}

  view() {
    return this.deps.settings.view();
  }

  async change(input: { smtp?: SmtpSettings & { password?: string }; delivery?: DeliverySettings }, meta: CommandMetadata, ifMatch?: number) {
    let expected = ifMatch;
    let position = 0;
    if (input.smtp) {
      const { password, ...smtp } = input.smtp;
      const result = await this.deps.settings.changeSmtp(smtp, password, meta, expected);
      position = result.position;
      if (expected !== undefined) expected = result.revision;
    }
    if (input.delivery) position = Math.max(position, (await this.deps.settings.changeDelivery(input.delivery, meta, expected)).position);
    return { position };
  }

  /** Connects and authenticates with the settings in force (or the ones being edited), sending nothing. */
  async testConnection(candidate?: { settings: SmtpSettings; password: string | null }): Promise<void> {
    try {
      await this.deps.transport.verify(await this.deps.settings.transport(candidate));
    } catch (error) {
      throw new DomainError('SMTP_CONNECTION_FAILED', 'smtp verify', [{ field: 'host', code: 'SMTP_CONNECTION_FAILED', message: relayReason(error) }]);
    }
  }

  /**
   * A test mail goes the way every mail goes (queued, then delivered) so it shows in the history; it is
   * delivered at once and the answer says how that went.
   */
  async sendTest(to: string, meta: CommandMetadata): Promise<{ mailId: string; messageId: string }> {
    const { mailId } = await this.deps.mailer.send({
      to,
      subjectId: meta.actorId,
      template: 'test',
      variables: {},
    });
    const outcome = await this.deps.worker.deliverNow(mailId);
    if (!outcome.sent)
      throw new DomainError('TEST_EMAIL_FAILED', 'test mail', [
        { field: 'to', code: 'TEST_EMAIL_FAILED', message: (outcome.error ?? GENERIC_RELAY_FAILURE).slice(0, 300) },
      ]);
    return { mailId, messageId: outcome.messageId };
  }

  async history(q: MailHistoryQuery) {
    return mailHistory(this.deps.readStore, q);
  }

  /** One failed (or waiting) mail goes again now. */
  async retry(mailId: string, meta: CommandMetadata): Promise<{ status: MailStatus; position: number }> {
    const stream = outgoingMailStream(mailId);
    const { state } = await loadStream(this.deps.events, stream, outgoingMailDecider);
    if (state.status === 'none') throw new DomainError('NOT_FOUND', 'mail');
    const result = await handleCommand(this.deps.events, stream, outgoingMailDecider, { type: 'RequestRetry' }, meta);
    this.deps.worker.nudge(result.position);
    return { status: 'retrying', position: result.position };
  }

  /** Every mail not yet delivered (failed, or waiting for its next attempt) goes again now. */
  async retryAll(meta: CommandMetadata): Promise<{ retried: number; position: number }> {
    let retried = 0;
    let position = 0;
    for (const mailId of await undeliveredMailIds(this.deps.readStore)) {
      try {
        const result = await handleCommand(this.deps.events, outgoingMailStream(mailId), outgoingMailDecider, { type: 'RequestRetry' }, meta);
        if (result.events.length) retried++;
        position = Math.max(position, result.position);
      } catch (error) {
        // Delivered meanwhile (the read model was behind): nothing to retry.
        if (!(error instanceof DomainError)) throw error;
      }
    }
    if (retried) this.deps.worker.nudge(position);
    return { retried, position };
  }

  async analytics() {
    const { retentionDays } = await this.deps.settings.delivery();
    const since = new Date(this.deps.clock.now().getTime() - retentionDays * DAY_MS).toISOString();
    const rows = await mailAnalytics(this.deps.readStore, since);
    const byStatus = new Map<string, number>();
    const byTemplate = new Map<string, { count: number; sent: number; failed: number }>();
    for (const r of rows) {
      byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + r.count);
      const t = byTemplate.get(r.template) ?? { count: 0, sent: 0, failed: 0 };
      t.count += r.count;
      if (['sent', 'delivered', 'opened', 'clicked'].includes(r.status)) t.sent += r.count;
      if (r.status === 'failed' || r.status === 'bounced') t.failed += r.count;
      byTemplate.set(r.template, t);
    }
    return {
      since,
      retentionDays,
      byStatus: [...byStatus].map(([status, count]) => ({ status: status as MailStatus, count })),
      byTemplate: [...byTemplate].map(([template, t]) => ({ template, ...t })),
    };
  }

  /** The open pixel was loaded: recorded once, only for a mail that went out (a forged id changes nothing). */
  async recordOpen(mailId: string): Promise<void> {
    await this.track(mailId, { type: 'RecordOpened' });
  }

  /** A tracked link was followed. */
  async recordClick(mailId: string, url: string): Promise<void> {
    await this.track(mailId, { type: 'RecordClicked', url });
  }

  private async track(mailId: string, command: { type: 'RecordOpened' } | { type: 'RecordClicked'; url: string }): Promise<void> {
    const stream = outgoingMailStream(mailId);
    if ((await loadStream(this.deps.events, stream, outgoingMailDecider)).state.status === 'none') return;
    const meta = { now: this.deps.clock.now(), actorId: 'system:mail-tracking', actorRoles: [], correlationId: `mail-${mailId}` };
    await handleCommand(this.deps.events, stream, outgoingMailDecider, command, meta);
  }

  /** History older than the retention goes (spec §9: 30 to 730 days). */
  async purge(now: Date = this.deps.clock.now()): Promise<number> {
    const { retentionDays } = await this.deps.settings.delivery();
    return purgeMailHistory(this.deps.readStore, new Date(now.getTime() - retentionDays * DAY_MS).toISOString());
  }
}
