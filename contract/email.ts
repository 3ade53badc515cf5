import { z } from 'zod';
import { MAIL_STATUSES, MAIL_TEMPLATES, type MailStatus } from '../domain/mail/outgoing-mail';
import { SMTP_RELAYS, SMTP_SECURITY } from '../domain/mail/email-configuration';
import { calendarDate, emailField, pageQuery } from './common';

export { MAIL_STATUSES, MAIL_TEMPLATES };
export type { MailStatus, MailTemplateKey } from '../domain/mail/outgoing-mail';

/** Spanish names of a mail's delivery states (the email history, the personal-data export). */
export const MAIL_STATUS_LABELS: Readonly<Record<MailStatus, string>> = {
  queued: 'En cola',
  sending: 'Enviando',
  retrying: 'Esperando reintento',
  sent: 'Enviado',
  delivered: 'Entregado',
  opened: 'Abierto',
  clicked: 'Con clic',
  bounced: 'Rebotado',
  failed: 'Fallido',
};

/** Spanish names of the mails the platform sends (the email history and the staff's notice of a failed mail). */
export const MAIL_TEMPLATE_LABELS: Readonly<Record<(typeof MAIL_TEMPLATES)[number], string>> = {
  verification: 'Verificación de email',
  password_reset: 'Restablecer contraseña',
  quote: 'Cotización',
  reservation_receipt: 'Comprobante de reserva',
  availability_alert: 'Alerta de disponibilidad',
  registration_received: 'Solicitud de empresa recibida',
  registration_rejected: 'Solicitud de empresa rechazada',
  company_invitation: 'Invitación de empresa',
  team_invitation: 'Invitación al equipo',
  test: 'Correo de prueba',
  notification: 'Notificación',
  digest: 'Resumen de notificaciones',
};

/** Spec §3 Email config: the relay. The password is never answered (`hasPassword` says whether one is stored). */
export const smtpSettings = z.strictObject({
  /** `capture`: the server's built-in capture (development; the host and port are its own); `smtp`: the relay below. */
  relay: z.enum(SMTP_RELAYS).default('smtp'),
  host: z.string().trim().max(253),
  port: z.coerce.number().int().min(1).max(65535),
  security: z.enum(SMTP_SECURITY),
  username: z.string().trim().max(254),
  fromName: z.string().trim().max(120),
  fromEmail: z.string().trim().max(254),
  replyTo: z.string().trim().max(254),
  timeoutMs: z.coerce.number().int().min(1_000).max(120_000),
  maxRetries: z.coerce.number().int().min(0).max(20),
  retryDelayMs: z.coerce.number().int().min(100).max(3_600_000),
});

/** Spec §3 delivery settings and analytics retention (30 to 730 days, §9). */
export const deliverySettings = z.strictObject({
  maxPerHour: z.coerce.number().int().min(1).max(1_000_000),
  maxPerDay: z.coerce.number().int().min(1).max(10_000_000),
  trackOpens: z.boolean(),
  trackClicks: z.boolean(),
  defaultLanguage: z.string().trim().min(2).max(10),
  timezone: z.string().trim().min(1).max(60),
  preferredTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
  retentionDays: z.coerce.number().int().min(30).max(730),
});

export const emailSettingsResponse = z.object({
  smtp: smtpSettings.extend({ hasPassword: z.boolean() }),
  /** Whether this server runs the built-in capture (offered as a choice only then). */
  captureAvailable: z.boolean(),
  delivery: deliverySettings,
});
export type EmailSettings = z.infer<typeof emailSettingsResponse>;

/** PUT takes what GET answers plus `password` (absent: keep the stored one; empty: none); either part may be left out. */
export const putEmailSettingsBody = z.strictObject({
  captureAvailable: z.boolean().optional(),
  smtp: smtpSettings.extend({ hasPassword: z.boolean().optional(), password: z.string().max(200).optional() }).optional(),
  delivery: deliverySettings.optional(),
});

/** Spec §5: a test email needs its address. */
export const testEmailBody = z.strictObject({ to: emailField });
export const testEmailResponse = z.object({ sent: z.boolean(), messageId: z.string() });
export const testConnectionResponse = z.object({ ok: z.literal(true) });

const dateOrEmail = z.string().trim().max(254);
/**
 * GET /email/history?status&template&to&from&to: `to` is the recipient when it holds an address and the end
 * of the date range when it is a date (both may be given: `?to=ana@x.cl&from=2026-11-01&to=2026-11-30`);
 * `recipient` and `until` say the same without the ambiguity.
 */
export const emailHistoryQuery = z.strictObject({
  status: z.enum(MAIL_STATUSES).optional(),
  template: z.enum(MAIL_TEMPLATES).optional(),
  to: z.union([dateOrEmail, z.array(dateOrEmail).max(2)]).optional(),
  recipient: z.string().trim().max(254).optional(),
  /** Chile's calendar days, both included. */
  from: calendarDate.optional(),
  until: calendarDate.optional(),
  ...pageQuery,
});

export const emailHistoryItem = z.object({
  id: z.string(),
  template: z.enum(MAIL_TEMPLATES),
  to: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  queuedAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export const emailHistoryResponse = z.object({ items: z.array(emailHistoryItem), total: z.number().int(), page: z.number().int(), perPage: z.number().int() });
export type EmailHistoryItem = z.infer<typeof emailHistoryItem>;

export const retryResponse = z.object({ id: z.string(), status: z.enum(MAIL_STATUSES) });
export const retryFailedResponse = z.object({ retried: z.number().int() });

export const emailAnalyticsResponse = z.object({
  since: z.string(),
  retentionDays: z.number().int(),
  byStatus: z.array(z.object({ status: z.enum(MAIL_STATUSES), count: z.number().int() })),
  byTemplate: z.array(z.object({ template: z.enum(MAIL_TEMPLATES), count: z.number().int(), sent: z.number().int(), failed: z.number().int() })),
});

export { TEMPLATE_TYPES } from '../domain/mail/mail-templates';
import { TEMPLATE_TYPES } from '../domain/mail/mail-templates';

/** Spec §3 Templates: name, type, language, subject, html, text, variables, active, default. */
export const mailTemplateBody = z.strictObject({
  name: z.string().trim().max(120),
  type: z.enum(TEMPLATE_TYPES),
  language: z.string().trim().min(2).max(10).default('es-CL'),
  subject: z.string().max(300),
  html: z.string().max(100_000),
  text: z.string().max(50_000),
  variables: z
    .array(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,40}$/))
    .max(40)
    .default([]),
  active: z.boolean().default(true),
  isDefault: z.boolean().default(false),
});

export const mailTemplateView = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(TEMPLATE_TYPES),
  language: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  variables: z.array(z.string()),
  active: z.boolean(),
  isDefault: z.boolean(),
  builtIn: z.boolean(),
  sample: z.record(z.string(), z.string()),
});
export type MailTemplateView = z.infer<typeof mailTemplateView>;
export const mailTemplatesResponse = z.object({ items: z.array(mailTemplateView) });

/** The editor's preview: the draft rendered with the template's sample values (or the ones given). */
export const templatePreviewBody = z.strictObject({
  templateId: z.string().max(64).optional(),
  subject: z.string().max(300),
  html: z.string().max(100_000),
  text: z.string().max(50_000),
  variables: z.record(z.string(), z.string().max(1000)).optional(),
});
export const templatePreviewResponse = z.object({ subject: z.string(), html: z.string(), text: z.string() });

/** GET /admin/mailbox: the mails the development SMTP sink caught, newest first (attachments' content left out of the contract). */
export const capturedMail = z.object({
  id: z.string(),
  messageId: z.string(),
  to: z.array(z.string()),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  receivedAt: z.string(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number().int() })),
});
export const mailboxResponse = z.object({ items: z.array(capturedMail) });
export type CapturedMail = z.infer<typeof capturedMail>;

/** GET /email/c/:id: a tracked link's target and its signature. */
export const clickQuery = z.strictObject({ u: z.string().max(2000), s: z.string().max(64) });
