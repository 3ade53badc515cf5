import type { DomainEvent } from '../shared/event';

/**
 * A company's application to join the platform (spec §2 wizard, §3 Company registration; stream
 * `company-registration-<id>`): filled in by the applicant, legal documents attached, submitted for review,
 * then approved (the company and its first company user are created) or rejected with a reason.
 */
export type BusinessType = 'real_estate_agency' | 'real_estate_company' | 'developer' | 'broker' | 'other';
export type Weekday = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';
export const LEGAL_DOCUMENT_KINDS = ['constitution', 'rut_certificate', 'legal_representative_id', 'bank_certificate', 'other'] as const;
export type LegalDocumentKind = (typeof LEGAL_DOCUMENT_KINDS)[number];

export type RegistrationApplication = {
  company: {
    businessType: BusinessType;
    name: string;
    rut: string;
    foundingYear: number | null;
    website: string;
    businessLicense: string;
    description: string;
  };
  address: { street: string; number: string; regionCode: string; communeCode: string; city: string };
  contact: {
    email: string;
    phone: string;
    secondaryPhone: string;
    businessHours: Record<Weekday, { open: string; close: string } | null>;
    socialMedia: { website?: string; linkedin?: string; instagram?: string; facebook?: string; x?: string };
  };
  legalRepresentative: { name: string; firstLastName: string; secondLastName: string; rut: string; email: string; phone: string };
  banking: { bank: string; accountType: 'corriente' | 'vista' | 'ahorro'; accountNumber: string; holderName: string; holderRut: string };
  acceptances: { terms: boolean; privacy: boolean; dataProcessing: boolean };
};

export type RegistrationDocument = { documentId: string; kind: LegalDocumentKind; name: string; fileRef: string; contentType: string; size: number };

export type CompanyRegistrationEvent =
  | DomainEvent<'CompanyRegistrationStarted', RegistrationApplication & { registrationId: string; regionName: string; communeName: string; startedAt: string }>
  | DomainEvent<'CompanyRegistrationDocumentAdded', RegistrationDocument & { registrationId: string; addedAt: string }>
  | DomainEvent<'CompanyRegistrationSubmitted', { registrationId: string; acceptances: RegistrationApplication['acceptances']; submittedAt: string }>
  | DomainEvent<'CompanyRegistrationApproved', { registrationId: string; companyId: string; userId: string; approvedBy: string; approvedAt: string }>
  | DomainEvent<'CompanyRegistrationRejected', { registrationId: string; reason: string; rejectedBy: string; rejectedAt: string }>;

export type RegistrationStatus = 'draft' | 'submitted' | 'approved' | 'rejected';

export type CompanyRegistrationState =
  { status: 'none' } | { status: RegistrationStatus; registrationId: string; application: RegistrationApplication; documents: readonly RegistrationDocument[] };

export const initialRegistrationState = (): CompanyRegistrationState => ({ status: 'none' });

export const evolveRegistration = (state: CompanyRegistrationState, event: CompanyRegistrationEvent): CompanyRegistrationState => {
  if (event.type === 'CompanyRegistrationStarted') {
    const { registrationId, regionName: _r, communeName: _c, startedAt: _at, ...application } = event.data;
    return { status: 'draft', registrationId, application, documents: [] };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'CompanyRegistrationDocumentAdded': {
      const { registrationId: _id, addedAt: _at, ...document } = event.data;
      return { ...state, documents: [...state.documents, document] };
    }
    case 'CompanyRegistrationSubmitted':
      return { ...state, status: 'submitted', application: { ...state.application, acceptances: event.data.acceptances ?? state.application.acceptances } };
    case 'CompanyRegistrationApproved':
      return { ...state, status: 'approved' };
    case 'CompanyRegistrationRejected':
      return { ...state, status: 'rejected' };
  }
};

export const companyRegistrationStream = (registrationId: string): string => `company-registration-${registrationId}`;
