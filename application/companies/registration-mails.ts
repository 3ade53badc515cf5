import type { MailDraft } from '../ports/mailer';
import type { MailTemplateKey } from '../../domain/mail/outgoing-mail';

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const mail = (template: MailTemplateKey, to: string, subject: string, paragraphs: string[], link?: { href: string; label: string }): MailDraft => ({
  to,
  template,
  subject,
  text: [...paragraphs, ...(link ? [`${link.label}: ${link.href}`] : [])].join('\n\n'),
  html: [...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`), ...(link ? [`<p><a href="${link.href}">${escapeHtml(link.label)}</a></p>`] : [])].join(''),
});

/** The applicant is told the review takes 2-3 business days (spec §9). */
export const registrationReceivedMail = (to: string, company: string): MailDraft =>
  mail('registration_received', to, 'Recibimos la solicitud de registro de su empresa', [
    `Recibimos la solicitud de registro de ${company}.`,
    'Nuestro equipo la revisará en 2 a 3 días hábiles y le avisaremos por este medio el resultado.',
  ]);

export const registrationApprovedMail = (to: string, company: string, name: string, link: string): MailDraft =>
  mail(
    'company_invitation',
    to,
    'Su empresa fue aprobada: active su cuenta',
    [`Hola ${name}:`, `Aprobamos el registro de ${company}. Creamos su cuenta de empresa: elija su contraseña con el enlace de abajo (vale 72 horas) y luego ingrese con su email o su RUT.`],
    { href: link, label: 'Activar mi cuenta' },
  );

export const registrationRejectedMail = (to: string, company: string, reason: string): MailDraft =>
  mail('registration_rejected', to, 'Resultado de la solicitud de registro de su empresa', [
    `Revisamos la solicitud de registro de ${company} y no pudimos aprobarla.`,
    `Motivo: ${reason}`,
    'Puede enviar una nueva solicitud con los antecedentes corregidos.',
  ]);
