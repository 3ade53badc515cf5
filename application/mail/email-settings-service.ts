import { EMAIL_CONFIGURATION_STREAM, emailConfigurationDecider, type DeliverySettings, type SmtpSettings } from '../../domain/mail/email-configuration';
import type { CommandMetadata } from '../../domain/shared/event';
import { handleCommand } from '../command-handling/handle-command';
import { loadStream } from '../command-handling/decided-state';
import type { EventStore } from '../ports/event-store';
import type { TransportSettings } from '../ports/mailer';
import type { SmtpPasswordBox } from './smtp-password-box';

/** What stands before anyone changed the settings: the environment's relay (or the in-process sink). */
export interface EmailDefaults {
  readonly smtp: SmtpSettings;
  readonly password: string | null;
  readonly delivery: DeliverySettings;
}

export interface EmailSettingsView {
  readonly smtp: SmtpSettings & { readonly hasPassword: boolean };
  readonly delivery: DeliverySettings;
  /** Stream revision: the ETag of the settings form. */
  readonly revision: number;
}

/** The mail configuration in force (spec §3 Email config), read fresh on every delivery: edits apply without a restart. */
export class EmailSettingsService {
  constructor(
    private readonly events: EventStore,
    private readonly box: SmtpPasswordBox,
    private readonly defaults: EmailDefaults,
  ) {}

  private load() {
    return loadStream(this.events, EMAIL_CONFIGURATION_STREAM, emailConfigurationDecider);
  }

  async view(): Promise<EmailSettingsView> {
    const { state, revision } = await this.load();
    const hasPassword = state.smtp ? Boolean(state.passwordSealed) : this.defaults.password !== null;
    return { smtp: { ...(state.smtp ?? this.defaults.smtp), hasPassword }, delivery: state.delivery ?? this.defaults.delivery, revision };
  }

  async smtp(): Promise<SmtpSettings> {
    return (await this.load()).state.smtp ?? this.defaults.smtp;
  }

  async delivery(): Promise<DeliverySettings> {
    return (await this.load()).state.delivery ?? this.defaults.delivery;
  }

  /** The relay as the worker reaches it, password opened. */
  async transport(override?: { settings: SmtpSettings; password: string | null }): Promise<TransportSettings> {
    if (override) return { ...pick(override.settings), password: override.password };
    const { state } = await this.load();
    if (!state.smtp) return { ...pick(this.defaults.smtp), password: this.defaults.password };
    return { ...pick(state.smtp), password: state.passwordSealed ? this.box.open(state.passwordSealed) : null };
  }

  /**
   * PUT takes what GET answers plus an optional `password`: absent keeps the stored one (the environment's,
   * the first time), empty removes it (a relay without authentication).
   */
  async changeSmtp(settings: SmtpSettings, password: string | undefined, meta: CommandMetadata, ifMatch?: number) {
    const { state } = await this.load();
    const inherited = password === undefined && !state.smtp && this.defaults.password ? this.defaults.password : undefined;
    const given = password ?? inherited;
    const passwordSealed = given === undefined ? undefined : given === '' ? '' : this.box.seal(given);
    return handleCommand(this.events, EMAIL_CONFIGURATION_STREAM, emailConfigurationDecider, { type: 'ChangeSmtpSettings', settings, passwordSealed }, meta, {
      ifMatch,
    });
  }

  async changeDelivery(settings: DeliverySettings, meta: CommandMetadata, ifMatch?: number) {
    return handleCommand(this.events, EMAIL_CONFIGURATION_STREAM, emailConfigurationDecider, { type: 'ChangeDeliverySettings', settings }, meta, { ifMatch });
  }
}

const pick = (s: SmtpSettings): Omit<TransportSettings, 'password'> => ({
  host: s.host,
  port: s.port,
  security: s.security,
  username: s.username,
  fromName: s.fromName,
  fromEmail: s.fromEmail,
  replyTo: s.replyTo,
  timeoutMs: s.timeoutMs,
});
