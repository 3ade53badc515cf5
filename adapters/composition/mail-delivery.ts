import type { AppConfig } from '../../application/config';
import { EmailSettingsService, type EmailDefaults } from '../../application/mail/email-settings-service';
import { MailDeliveryWorker } from '../../application/mail/mail-delivery-worker';
import { EmailAdministration } from '../../application/mail/email-administration';
import { every } from '../../application/scheduling/periodic-job';
import type { MailOutbox } from '../../application/mail/mail-outbox';
import { SmtpPasswordBox } from '../../application/mail/smtp-password-box';
import { MailTracking } from '../../application/mail/mail-tracking';
import { resolve } from '../../kernel/ports/token';
import { TOKENS } from '../../kernel/ports/tokens';
import { SmtpTransport } from '../smtp/smtp-transport';

type Log = (message: string, error?: unknown) => void;

/** "Name <address>" (MAIL_FROM) split in two; a bare address keeps the platform's name. */
const parseFrom = (from: string): { fromName: string; fromEmail: string } => {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  return match
    ? { fromName: match[1].trim() || 'Vivienda Colaboradores', fromEmail: match[2].trim() }
    : { fromName: 'Vivienda Colaboradores', fromEmail: from.trim() };
};

/** Where mail goes when nobody changed the settings: the environment's relay, or this process's built-in capture. */
export type DefaultRelay = { host: string; port: number; secure: boolean; user?: string; pass?: string } | { capture: { host: string; port: number } };

/** The environment's relay (or the built-in capture) as the settings in force until the back office changes them. */
const emailDefaults = (config: AppConfig, given: DefaultRelay): EmailDefaults => {
  const delivery = config.mailDelivery;
  const captureAddress = 'capture' in given ? given.capture : null;
  // With the capture, the relay fields start empty: what the form shows when someone switches to a server.
  const relay = 'capture' in given ? { host: '', port: 587, secure: false, user: undefined, pass: undefined } : given;
  return {
    captureAddress,
    smtp: {
      relay: captureAddress ? 'capture' : 'smtp',
      host: relay.host,
      port: relay.port,
      security: relay.secure ? 'ssl' : relay.host === '127.0.0.1' ? 'none' : 'starttls',
      username: relay.user ?? '',
      ...parseFrom(config.mailFrom),
      replyTo: '',
      timeoutMs: 10_000,
      maxRetries: delivery?.maxRetries ?? 5,
      retryDelayMs: delivery?.retryDelayMs ?? 30_000,
    },
    password: relay.pass ?? null,
    delivery: {
      maxPerHour: delivery?.maxPerHour ?? 1_000,
      maxPerDay: delivery?.maxPerDay ?? 10_000,
      trackOpens: false,
      trackClicks: false,
      defaultLanguage: 'es-CL',
      timezone: 'America/Santiago',
      preferredTime: '09:00',
      retentionDays: 365,
    },
  };
};

export interface MailDelivery {
  readonly settings: EmailSettingsService;
  readonly transport: SmtpTransport;
  readonly worker: MailDeliveryWorker;
  readonly admin: EmailAdministration;
  readonly tracking: MailTracking;
  /** Starts the worker and the history's retention purge. */
  start(): void;
  stop(): Promise<void>;
}

/** Anything with inversify's `get` (the container, a binding's resolution context). */
type Resolver = Parameters<typeof resolve>[0];

/**
 * The outbox's delivery side in an API process: the settings in force, the SMTP transport and the worker,
 * which the outbox nudges when this process queues a mail (others' mails it finds on its next look).
 */
export const createMailDelivery = (ctx: Resolver, config: AppConfig, relay: DefaultRelay, log: Log): MailDelivery => {
  const events = resolve(ctx, TOKENS.EventStore);
  const readStore = resolve(ctx, TOKENS.ReadStore);
  const clock = resolve(ctx, TOKENS.Clock);
  const settings = new EmailSettingsService(events, new SmtpPasswordBox(config.secretKey), emailDefaults(config, relay));
  // The relay the platform started with (the environment's, or the built-in capture) is the operator's choice.
  const trusted = 'capture' in relay ? relay.capture : { host: relay.host, port: relay.port };
  const transport = new SmtpTransport({ allowLocalRelay: config.smtpAllowLocalRelay ?? false, trusted: [trusted] });
  const runner = resolve(ctx, TOKENS.ProjectionRunner);
  const tracking = new MailTracking(config.secretKey, () => config.publicUrl);
  const worker = new MailDeliveryWorker(
    { events, readStore, transport, settings, clock },
    {
      pollMs: config.mailDelivery?.pollMs ?? 1_000,
      leaseMs: config.mailDelivery?.leaseMs ?? 60_000,
      messageIdDomain: 'vivienda.local',
      reached: (position) => runner.waitFor(position, 5_000),
      tracking,
    },
    log,
  );
  const outbox = resolve(ctx, TOKENS.Mailer) as MailOutbox;
  const admin = new EmailAdministration({ events, readStore, settings, transport, worker, mailer: outbox, clock });
  let purge: { stop(): Promise<void> } | null = null;
  return {
    settings,
    transport,
    worker,
    admin,
    tracking,
    start() {
      outbox.whenQueued((position) => worker.nudge(position));
      worker.start();
      // History past the retention of the delivery settings goes (spec §9: 30 to 730 days).
      purge = every(
        6 * 3_600_000,
        async () => log(`email history: ${await admin.purge()} mail(s) past retention removed`),
        (error) => log('email history purge failed', error),
      );
    },
    async stop() {
      await purge?.stop();
      await worker.stop();
      transport.close();
    },
  };
};
