import { emailConfigurationDecider, smtpSettingsProblems, type DeliverySettings, type SmtpSettings } from '../../domain/mail/email-configuration';
import { backoffMs, outgoingMailDecider } from '../../domain/mail/outgoing-mail.decide';
import type { OutgoingMailEvent } from '../../domain/mail/outgoing-mail';
import { DeciderSpecification, testMeta } from '../support/decider-spec';

const mail = DeciderSpecification(outgoingMailDecider);
const at = (iso: string) => testMeta({ now: new Date(iso) });
const T0 = '2026-11-22T12:00:00.000Z';
const content = { to: 'ana@empresa.cl', subject: 'Hola', text: 'Texto', html: null, attachments: [] };
const queued: OutgoingMailEvent = { type: 'MailQueued', data: { mailId: 'm1', subjectId: 'u1', template: 'quote', ...content, queuedAt: T0 } };
const started = (attempt: number, startedAt: string, leaseUntil: string): OutgoingMailEvent => ({
  type: 'MailDeliveryStarted',
  data: { mailId: 'm1', attempt, leaseUntil, startedAt },
});
const failed = (attempt: number, failedAt: string, retryAt: string | null): OutgoingMailEvent => ({
  type: 'MailDeliveryFailed',
  data: { mailId: 'm1', attempt, error: 'ECONNREFUSED', retryAt, failedAt },
});

describe('an outgoing mail', () => {
  it('is queued once however often it is decided', () => {
    mail.given([]).when({ type: 'QueueMail', mailId: 'm1', subjectId: 'u1', template: 'quote', content }, at(T0)).then([queued]);
    mail.given([queued]).when({ type: 'QueueMail', mailId: 'm1', subjectId: 'u1', template: 'quote', content }).thenNothingHappens();
  });

  it('is taken by one worker at a time: a second start waits for the lease to end', () => {
    mail
      .given([queued])
      .when({ type: 'StartDelivery', leaseMs: 60_000 }, at(T0))
      .then([started(1, T0, '2026-11-22T12:01:00.000Z')]);
    const held = [queued, started(1, T0, '2026-11-22T12:01:00.000Z')];
    mail.given(held).when({ type: 'StartDelivery', leaseMs: 60_000 }, at('2026-11-22T12:00:30.000Z')).thenThrows('BUSINESS_RULE_VIOLATION');
    // A crashed worker's lease runs out: the next attempt takes the mail over.
    mail
      .given(held)
      .when({ type: 'StartDelivery', leaseMs: 60_000 }, at('2026-11-22T12:01:00.000Z'))
      .then([started(2, '2026-11-22T12:01:00.000Z', '2026-11-22T12:02:00.000Z')]);
  });

  it('retries with a backoff that doubles, then fails for good past its retries', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(1000, n))).toEqual([1000, 2000, 4000, 8000]);
    mail
      .given([queued, started(1, T0, T0)])
      .when({ type: 'RecordDeliveryFailure', attempt: 1, error: 'ECONNREFUSED', maxRetries: 2, retryDelayMs: 1000 }, at(T0))
      .then([failed(1, T0, '2026-11-22T12:00:01.000Z')]);
    const twice = [queued, started(1, T0, T0), failed(1, T0, T0), started(2, T0, T0), failed(2, T0, T0), started(3, T0, T0)];
    mail
      .given(twice)
      .when({ type: 'RecordDeliveryFailure', attempt: 3, error: 'ECONNREFUSED', maxRetries: 2, retryDelayMs: 1000 }, at(T0))
      .then([failed(3, T0, null)]);
  });

  it('a permanent refusal bounces the mail at once, whatever retries remain', () => {
    mail
      .given([queued, started(1, T0, T0)])
      .when({ type: 'RecordDeliveryFailure', attempt: 1, error: '550 unknown', maxRetries: 5, retryDelayMs: 1000, permanent: true }, at(T0))
      .then([{ type: 'MailDeliveryFailed', data: { mailId: 'm1', attempt: 1, error: '550 unknown', retryAt: null, failedAt: T0, permanent: true } }]);
  });

  it('a late answer of an attempt taken over is ignored; a sent mail is not retried', () => {
    const takenOver = [queued, started(1, T0, T0), started(2, T0, T0)];
    mail.given(takenOver).when({ type: 'RecordSent', attempt: 1, messageId: '<m1@x>' }).thenNothingHappens();
    const sent: OutgoingMailEvent = { type: 'MailSent', data: { mailId: 'm1', attempt: 2, messageId: '<m1@x>', sentAt: T0 } };
    mail
      .given([...takenOver, sent])
      .when({ type: 'RequestRetry' })
      .thenThrows('BUSINESS_RULE_VIOLATION');
    mail
      .given([...takenOver, sent])
      .when({ type: 'StartDelivery', leaseMs: 1 })
      .thenThrows('BUSINESS_RULE_VIOLATION');
  });

  it('a failed mail retried by hand gets its retries back and is due at once', () => {
    const gaveUp = [queued, started(1, T0, T0), failed(1, T0, null)];
    mail
      .given(gaveUp)
      .when({ type: 'RequestRetry' }, at('2026-11-22T13:00:00.000Z'))
      .then([{ type: 'MailRetryRequested', data: { mailId: 'm1', requestedBy: 'actor-1', requestedAt: '2026-11-22T13:00:00.000Z' } }]);
    const retried = [
      ...gaveUp,
      { type: 'MailRetryRequested', data: { mailId: 'm1', requestedBy: 'a', requestedAt: '2026-11-22T13:00:00.000Z' } } as OutgoingMailEvent,
    ];
    mail
      .given(retried)
      .when({ type: 'StartDelivery', leaseMs: 1000 }, at('2026-11-22T13:00:00.000Z'))
      .then([started(2, '2026-11-22T13:00:00.000Z', '2026-11-22T13:00:01.000Z')]);
    // Its retry budget starts afresh: one failure after the manual retry is not yet final with maxRetries 1.
    mail
      .given([...retried, started(2, T0, T0)])
      .when({ type: 'RecordDeliveryFailure', attempt: 2, error: 'ECONNREFUSED', maxRetries: 1, retryDelayMs: 10 }, at(T0))
      .then([failed(2, T0, '2026-11-22T12:00:00.010Z')]);
  });
});

const smtp: SmtpSettings = {
  relay: 'smtp',
  host: 'smtp.vivienda.cl',
  port: 587,
  security: 'starttls',
  username: 'envios@vivienda.cl',
  fromName: 'Vivienda',
  fromEmail: 'no-responder@vivienda.cl',
  replyTo: '',
  timeoutMs: 10_000,
  maxRetries: 5,
  retryDelayMs: 30_000,
};
const delivery: DeliverySettings = {
  maxPerHour: 100,
  maxPerDay: 1000,
  trackOpens: false,
  trackClicks: false,
  defaultLanguage: 'es-CL',
  timezone: 'America/Santiago',
  preferredTime: '09:00',
  retentionDays: 365,
};
const settings = DeciderSpecification(emailConfigurationDecider);

describe('the email configuration (spec §5)', () => {
  it('needs a port that fits the security type, a username that is an email and its password', () => {
    expect(smtpSettingsProblems(smtp, true)).toEqual([]);
    expect(smtpSettingsProblems({ ...smtp, port: 465 }, true).map((p) => p.field)).toEqual(['port']);
    expect(smtpSettingsProblems({ ...smtp, security: 'ssl', port: 465 }, true)).toEqual([]);
    expect(smtpSettingsProblems({ ...smtp, security: 'ssl', port: 25 }, true).map((p) => p.code)).toEqual(['PORT_SECURITY_MISMATCH']);
    expect(smtpSettingsProblems({ ...smtp, username: 'envios' }, true).map((p) => p.field)).toEqual(['username']);
    expect(smtpSettingsProblems(smtp, false).map((p) => p.field)).toEqual(['password']);
    expect(smtpSettingsProblems({ ...smtp, username: '' }, false)).toEqual([]);
  });

  it('asks nothing of the relay when the built-in capture is chosen, only the sender', () => {
    const capture: SmtpSettings = { ...smtp, relay: 'capture', host: '', username: 'envios', port: 465 };
    expect(smtpSettingsProblems(capture, false)).toEqual([]);
    expect(smtpSettingsProblems({ ...capture, fromEmail: 'x' }, false).map((p) => p.field)).toEqual(['fromEmail']);
  });

  it('reads settings recorded before the relay was a choice as a relay', () => {
    const { relay: _none, ...legacy } = smtp;
    const old = [
      {
        type: 'SmtpSettingsChanged' as const,
        data: { settings: legacy as SmtpSettings, passwordSealed: 's', passwordChanged: true, changedBy: 'a', changedAt: T0 },
      },
    ];
    const state = old.reduce(emailConfigurationDecider.evolve, emailConfigurationDecider.initialState());
    expect(state.smtp?.relay).toBe('smtp');
  });

  it('records a change once, keeps the stored password when none is given, and refuses bad settings', () => {
    settings
      .given([])
      .when({ type: 'ChangeSmtpSettings', settings: smtp, passwordSealed: 'sealed' })
      .then([
        {
          type: 'SmtpSettingsChanged',
          data: { settings: smtp, passwordSealed: 'sealed', passwordChanged: true, changedBy: 'actor-1', changedAt: '2026-11-22T12:00:00.000Z' },
        },
      ]);
    const stored = [
      { type: 'SmtpSettingsChanged' as const, data: { settings: smtp, passwordSealed: 'sealed', passwordChanged: true, changedBy: 'a', changedAt: T0 } },
    ];
    settings.given(stored).when({ type: 'ChangeSmtpSettings', settings: smtp }).thenNothingHappens();
    settings
      .given(stored)
      .when({ type: 'ChangeSmtpSettings', settings: { ...smtp, port: 25 } })
      .then([
        {
          type: 'SmtpSettingsChanged',
          data: { settings: { ...smtp, port: 25 }, passwordSealed: null, passwordChanged: false, changedBy: 'actor-1', changedAt: T0 },
        },
      ]);
    settings.given([]).when({ type: 'ChangeSmtpSettings', settings: smtp }).thenThrows('VALIDATION_FAILED');
    settings
      .given([])
      .when({ type: 'ChangeDeliverySettings', settings: { ...delivery, retentionDays: 731 } })
      .thenThrows('VALIDATION_FAILED');
    settings
      .given([])
      .when({ type: 'ChangeDeliverySettings', settings: { ...delivery, maxPerDay: 10 } })
      .thenThrows('VALIDATION_FAILED');
  });
});
