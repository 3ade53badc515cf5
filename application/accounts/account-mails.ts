import type { MailDraft } from '../../kernel/ports/mailer';

/** The account flows' mails (templates `verification` and `password_reset`). Links point at the web routes of spec §2. */
export const verificationMail = (to: string, name: string, publicUrl: string, token: string): MailDraft => ({
  to,
  template: 'verification',
  variables: { name, link: `${publicUrl}/auth/verify-email?token=${encodeURIComponent(token)}` },
});

export const resetMail = (to: string, name: string, publicUrl: string, token: string, minutes: number): MailDraft => ({
  to,
  template: 'password_reset',
  variables: { name, minutes, link: `${publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}` },
});
