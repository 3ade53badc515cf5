import type { PersonalDataSchema } from '../../kernel/personal-data/personal-data-schema';

/**
 * A queued mail is the person's: where it goes and everything it says (names, amounts, the quote or
 * receipt attached) are sealed with the key of the person it concerns, and shredded with it.
 */
export const mailPersonalData: PersonalDataSchema = {
  MailQueued: { subject: 'subjectId', fields: ['to', 'subject', 'text', 'html', 'attachments'] },
};
