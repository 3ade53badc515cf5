import type { MailDraft } from '../../kernel/ports/mailer';

/** The applicant is told the review takes 2-3 business days (spec §9). */
export const registrationReceivedMail = (to: string, company: string): MailDraft => ({ to, template: 'registration_received', variables: { company } });

export const registrationApprovedMail = (to: string, company: string, name: string, link: string): MailDraft => ({
  to,
  template: 'company_invitation',
  variables: { name, company, link },
});

export const registrationRejectedMail = (to: string, company: string, reason: string): MailDraft => ({
  to,
  template: 'registration_rejected',
  variables: { company, reason },
});
