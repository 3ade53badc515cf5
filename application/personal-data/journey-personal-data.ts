import type { PersonalDataSchema } from '../../kernel/personal-data/personal-data-schema';

const LEAD_CONTACT = ['name', 'dni', 'email', 'phone', 'company', 'monthlyIncome'];

/**
 * The buyer's journey: leads (domain/leads/lead.ts), quotes, reservations and availability alerts.
 * A lead's subject is its own id (a keyed HMAC of the email, application/personal-data/lead-ids.ts): a
 * lead may exist before, or without, an account. Erasing a user also erases the leads of their emails
 * (application/personal-data/data-request-service.ts). Quotes, reservations and alerts belong to the user.
 * Free text a person wrote (a contact message) is theirs too.
 */
export const journeyPersonalData: PersonalDataSchema = {
  LeadCaptured: { subject: 'leadId', fields: LEAD_CONTACT },
  LeadActivityRecorded: { subject: 'leadId', fields: [...LEAD_CONTACT.map((field) => `contact.${field}`), 'message', 'consent'] },
  QuoteEmailed: { subject: 'userId', fields: ['to'] },
  ReservationRequested: { subject: 'buyerId', fields: ['buyerEmail', 'buyerName'] },
  // Older receipts lack buyerId: the one-off rewrite fills it in from the reservation's request.
  ReservationReceiptSent: { subject: 'buyerId', fields: ['to'] },
  AvailabilityAlertSet: { subject: 'userId', fields: ['email', 'name'] },
  AvailabilityAlertNotified: { subject: 'userId', fields: ['sentTo'] },
};

const COLLABORATOR = ['rut', 'name', 'firstSurname', 'secondSurname', 'workEmail', 'personalEmail', 'phone'];
const EDITABLE = COLLABORATOR.filter((field) => field !== 'rut');

/**
 * Collaborators of partner companies (domain/companies/collaborator.ts) and their enrolment in campaigns:
 * the subject is the collaborator id (the company enrols them, maybe before they have an account).
 * Erasing a user also erases the collaborators linked to their account.
 */
export const companiesPersonalData: PersonalDataSchema = {
  CollaboratorEnrolled: { subject: 'collaboratorId', fields: COLLABORATOR },
  CollaboratorUpdated: { subject: 'collaboratorId', fields: [...EDITABLE.map((f) => `changes.${f}`), ...EDITABLE.map((f) => `previous.${f}`)] },
  CampaignCollaboratorEnrolled: { subject: 'collaboratorId', fields: ['rut'] },
  // A company's application names its legal representative, its contact (often a person's email and phone)
  // and its bank account: sealed with the application's own key (the representative has no account yet), so
  // the retention sweep of abandoned registrations (registration-retention.ts) can shred them.
  CompanyRegistrationStarted: {
    subject: 'registrationId',
    fields: [
      ...['name', 'firstLastName', 'secondLastName', 'rut', 'email', 'phone'].map((f) => `legalRepresentative.${f}`),
      'contact.email',
      'contact.phone',
      'contact.secondaryPhone',
      'banking.accountNumber',
      'banking.holderName',
      'banking.holderRut',
    ],
  },
};
