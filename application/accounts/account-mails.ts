import type { MailDraft } from '../ports/mailer';

/** The Spanish emails of the account flows. Links point at the web routes of spec §2. */
export const verificationMail = (to: string, name: string, publicUrl: string, token: string): MailDraft => {
  const link = `${publicUrl}/auth/verify-email?token=${encodeURIComponent(token)}`;
  return {
    to,
    template: 'verification',
    subject: 'Confirme su email',
    text: `Hola ${name}:\n\nGracias por registrarse. Confirme su email abriendo este enlace:\n${link}\n\nSi usted no creó esta cuenta, ignore este mensaje.`,
    html: `<p>Hola ${escapeHtml(name)}:</p><p>Gracias por registrarse. Confirme su email abriendo este enlace:</p><p><a href="${link}">Confirmar mi email</a></p><p>Si usted no creó esta cuenta, ignore este mensaje.</p>`,
  };
};

export const resetMail = (to: string, name: string, publicUrl: string, token: string, minutes: number): MailDraft => {
  const link = `${publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
  return {
    to,
    template: 'password_reset',
    subject: 'Restablezca su contraseña',
    text: `Hola ${name}:\n\nRecibimos una solicitud para restablecer su contraseña. Use este enlace dentro de ${minutes} minutos:\n${link}\n\nSi no la solicitó, ignore este mensaje.`,
    html: `<p>Hola ${escapeHtml(name)}:</p><p>Recibimos una solicitud para restablecer su contraseña. Use este enlace dentro de ${minutes} minutos:</p><p><a href="${link}">Restablecer contraseña</a></p><p>Si no la solicitó, ignore este mensaje.</p>`,
  };
};

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
