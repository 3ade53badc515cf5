import { parseEmail } from '../shared/email';
import { DomainError, type FieldError } from '../shared/errors';
import type { CommandMetadata, Decider, DomainEvent } from '../shared/event';

/**
 * The platform's mail configuration (stream `email-configuration`, spec §3 Email config and delivery
 * settings): the SMTP relay the delivery worker uses, and how it delivers. Changes take effect on the next
 * delivery, without a restart; before the first change the environment's SMTP settings stand (the caller
 * passes them as the defaults). The password arrives sealed by the application: the domain never sees it.
 */
export const SMTP_SECURITY = ['none', 'starttls', 'ssl'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY)[number];

/**
 * Where mail goes: `capture`, the built-in capture a development server runs (mails shown in the back office's
 * Correos; its address is the running process's business, never a saved host and port), or `smtp`, the
 * relay these settings describe.
 */
export const SMTP_RELAYS = ['capture', 'smtp'] as const;
export type SmtpRelay = (typeof SMTP_RELAYS)[number];

export interface SmtpSettings {
  readonly relay: SmtpRelay;
  /** The relay's address and login: kept when the capture is chosen, used only with `smtp`. */
  readonly host: string;
  readonly port: number;
  readonly security: SmtpSecurity;
  /** Empty for a relay without authentication (the in-process sink, an internal relay). */
  readonly username: string;
  readonly fromName: string;
  readonly fromEmail: string;
  readonly replyTo: string;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly retryDelayMs: number;
}

export interface DeliverySettings {
  readonly maxPerHour: number;
  readonly maxPerDay: number;
  readonly trackOpens: boolean;
  readonly trackClicks: boolean;
  readonly defaultLanguage: string;
  readonly timezone: string;
  /** HH:MM: when digests and marketing go out. */
  readonly preferredTime: string;
  /** Email history kept 30 to 730 days (spec §9); older history is purged. */
  readonly retentionDays: number;
}

export type EmailConfigurationEvent =
  | DomainEvent<
      'SmtpSettingsChanged',
      { settings: SmtpSettings; passwordSealed: string | null; passwordChanged: boolean; changedBy: string; changedAt: string }
    >
  | DomainEvent<'DeliverySettingsChanged', { settings: DeliverySettings; changedBy: string; changedAt: string }>;

export type EmailConfigurationCommand =
  { type: 'ChangeSmtpSettings'; settings: SmtpSettings; passwordSealed?: string } | { type: 'ChangeDeliverySettings'; settings: DeliverySettings };

export interface EmailConfigurationState {
  /** null until changed once: the environment's defaults apply. */
  readonly smtp: SmtpSettings | null;
  readonly passwordSealed: string | null;
  readonly delivery: DeliverySettings | null;
}

export const EMAIL_CONFIGURATION_STREAM = 'email-configuration';

/** Implicit TLS (ssl) answers on its own ports; plain and STARTTLS sessions never on 465 (spec §5: port compatible with the security type). */
const PLAIN_PORTS = new Set([25, 587, 2525]);
const portFits = (port: number, security: SmtpSecurity): boolean => (security === 'ssl' ? !PLAIN_PORTS.has(port) : port !== 465);

/** Spec §5 email settings rules beyond each field's own shape (the contract checks those). */
export const smtpSettingsProblems = (settings: SmtpSettings, hasPassword: boolean): FieldError[] => {
  const problems: FieldError[] = [];
  if (settings.relay === 'smtp') problems.push(...relayProblems(settings, hasPassword));
  if (!settings.fromName.trim()) problems.push({ field: 'fromName', code: 'REQUIRED', message: 'El nombre del remitente es obligatorio.' });
  if (!parseEmail(settings.fromEmail)) problems.push({ field: 'fromEmail', code: 'INVALID_EMAIL', message: 'Ingrese un email de remitente válido.' });
  if (settings.replyTo && !parseEmail(settings.replyTo))
    problems.push({ field: 'replyTo', code: 'INVALID_EMAIL', message: 'Ingrese un email de respuesta válido.' });
  return problems;
};

const relayProblems = (settings: SmtpSettings, hasPassword: boolean): FieldError[] => {
  const problems: FieldError[] = [];
  if (!settings.host.trim()) problems.push({ field: 'host', code: 'REQUIRED', message: 'El servidor SMTP es obligatorio.' });
  if (!Number.isInteger(settings.port) || settings.port < 1 || settings.port > 65535)
    problems.push({ field: 'port', code: 'OUT_OF_RANGE', message: 'El puerto debe estar entre 1 y 65535.' });
  else if (!portFits(settings.port, settings.security))
    problems.push({
      field: 'port',
      code: 'PORT_SECURITY_MISMATCH',
      message: settings.security === 'ssl' ? 'El puerto no corresponde a SSL: use 465.' : 'El puerto 465 es para SSL: elija SSL o use 587 (STARTTLS) o 25.',
    });
  if (settings.username && !parseEmail(settings.username))
    problems.push({ field: 'username', code: 'INVALID_EMAIL', message: 'El usuario debe ser un email válido.' });
  if (settings.username && !hasPassword) problems.push({ field: 'password', code: 'REQUIRED', message: 'La contraseña es obligatoria.' });
  return problems;
};

/** Settings recorded before the relay was a choice were a relay's address (upcast on read). */
const upcast = (settings: SmtpSettings): SmtpSettings => (settings.relay ? settings : { ...settings, relay: 'smtp' });

const deliverySettingsProblems = (settings: DeliverySettings): FieldError[] => {
  const problems: FieldError[] = [];
  if (settings.maxPerDay < settings.maxPerHour)
    problems.push({ field: 'maxPerDay', code: 'OUT_OF_RANGE', message: 'El máximo diario no puede ser menor que el máximo por hora.' });
  if (settings.retentionDays < 30 || settings.retentionDays > 730)
    problems.push({ field: 'retentionDays', code: 'OUT_OF_RANGE', message: 'La retención debe estar entre 30 y 730 días.' });
  return problems;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const emailConfigurationDecider: Decider<EmailConfigurationCommand, EmailConfigurationState, EmailConfigurationEvent> = {
  initialState: () => ({ smtp: null, passwordSealed: null, delivery: null }),
  evolve: (state, event) =>
    event.type === 'SmtpSettingsChanged'
      ? { ...state, smtp: upcast(event.data.settings), passwordSealed: event.data.passwordChanged ? event.data.passwordSealed : state.passwordSealed }
      : { ...state, delivery: event.data.settings },
  decide: (command, state, meta: CommandMetadata) => {
    const at = meta.now.toISOString();
    if (command.type === 'ChangeSmtpSettings') {
      const passwordChanged = command.passwordSealed !== undefined;
      const passwordSealed = passwordChanged ? command.passwordSealed! : state.passwordSealed;
      const problems = smtpSettingsProblems(command.settings, passwordSealed !== null && passwordSealed !== '');
      if (problems.length) throw new DomainError('VALIDATION_FAILED', 'smtp settings', problems);
      if (!passwordChanged && same(state.smtp, command.settings)) return [];
      return [
        {
          type: 'SmtpSettingsChanged',
          data: {
            settings: command.settings,
            passwordSealed: passwordChanged ? passwordSealed : null,
            passwordChanged,
            changedBy: meta.actorId,
            changedAt: at,
          },
        },
      ];
    }
    const problems = deliverySettingsProblems(command.settings);
    if (problems.length) throw new DomainError('VALIDATION_FAILED', 'delivery settings', problems);
    if (same(state.delivery, command.settings)) return [];
    return [{ type: 'DeliverySettingsChanged', data: { settings: command.settings, changedBy: meta.actorId, changedAt: at } }];
  },
};
