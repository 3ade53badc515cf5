import type { PersonalDataSchema } from '../../kernel/personal-data/personal-data-schema';

/**
 * A person's data request (domain/personal-data/data-request.ts): what they wrote in it is theirs, so it is
 * sealed under their key and reads "titular suprimido" once they are erased. The officer's outcome, evidence
 * and reasons stay in clear: they are the controller's account of what it did, kept for the audit.
 */
export const dataRequestsPersonalData: PersonalDataSchema = {
  DataRequestSubmitted: { subject: 'subjectId', fields: ['details'] },
};
