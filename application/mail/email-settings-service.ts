import { EMAIL_CONFIGURATION_STREAM, emailConfigurationDecider, type DeliverySettings, type SmtpSettings } from '../../domain/mail/email-configuration';
import type { CommandMetadata } from '../../domain/shared/event';
import { DomainError } from '../../domain/shared/errors';
import { handleCommand } from '../../kernel/command-handling/handle-command';
import { loadStream } from '../../kernel/command-handling/decided-state';
import type { EventStore } from '../../kernel/ports/event-store';
import type { TransportSettings } from '../../kernel/ports/mailer';
import type { SmtpPasswordBox } from './smtp-password-box';

/** What stands before anyone changed the settings: the environment's relay (or the built-in capture). */
export interface EmailDefaults {
  readonly smtp: SmtpSettings;
  readonly password: string | null;
  readonly delivery: DeliverySettings;
  /**
   * Where this process's built-in capture listens (loopback), or null when it runs none (SMTP_HOST given):
   * asked at each delivery, so a saved choice of the capture follows the capture across restarts.
   */
  readonly captureAddress: { readonly host: string; readonly port: number } | null;
}

const CAPTURE_UNAVAILABLE = 'La captura integrada de correos no está activa en este servidor: elija un servidor SMTP.';

export interface EmailSettingsView {
  readonly smtp: SmtpSettings & { readonly hasPassword: boolean };
  /** Whether this server offers the built-in capture as a choice. */
  readonly captureAvailable: boolean;
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
    return {
      smtp: { ...(state.smtp ?? this.defaults.smtp), hasPassword },
      captureAvailable: this.defaults.captureAddress !== null,
      delivery: state.delivery ?? this.defaults.delivery,
      revision,
    };
  }

  async smtp(): Promise<SmtpSettings> {
    return (await this.load()).state.smtp ?? this.defaults.smtp;
  }

  async delivery(): Promise<DeliverySettings> {
    return (await this.load()).state.delivery ?? this.defaults.delivery;
  }

  /** The relay as the worker reaches it, password opened. */
  async transport(override?: { settings: SmtpSettings; password: string | null }): Promise<TransportSettings> {
    if (override) return this.reach(override.settings, override.password);
    const { state } = await this.load();
    if (!state.smtp) return this.reach(this.defaults.smtp, this.defaults.password);
    return this.reach(state.smtp, state.passwordSealed ? this.box.open(state.passwordSealed) : null);
  }

  private reach(settings: SmtpSettings, password: string | null): TransportSettings {
    if (settings.relay === 'smtp') return { ...pick(settings), password };
    const capture = this.defaults.captureAddress;
    if (!capture) throw new Error(CAPTURE_UNAVAILABLE);
    return { ...pick(settings), host: capture.host, port: capture.port, security: 'none', username: '', password: null };
  }

  /**
   * PUT takes what GET answers plus an optional `password`: absent keeps the stored one (the environment's,
   * the first time), empty removes it (a relay without authentication).
   */
  async changeSmtp(settings: SmtpSettings, password: string | undefined, meta: CommandMetadata, ifMatch?: number) {
    if (settings.relay === 'capture' && !this.defaults.captureAddress)
      throw new DomainError('VALIDATION_FAILED', 'smtp settings', [{ field: 'relay', code: 'CAPTURE_UNAVAILABLE', message: CAPTURE_UNAVAILABLE }]);
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
