import type { ChileTerritory } from '../reference/chile-territory';
import { parseEmail } from '../shared/email';
import { DomainError, type FieldError } from '../shared/errors';
import type { CommandMetadata, Decider } from '../shared/event';
import { parseChileanPhone } from '../shared/phone';
import { parseRut } from '../shared/rut';
import {
  evolveRegistration,
  initialRegistrationState,
  type CompanyRegistrationEvent,
  type CompanyRegistrationState,
  type RegistrationApplication,
  type RegistrationDocument,
} from './company-registration';

export type CompanyRegistrationCommand =
  | { type: 'StartCompanyRegistration'; registrationId: string; application: RegistrationApplication; territory: ChileTerritory }
  | ({ type: 'AddRegistrationDocument' } & RegistrationDocument)
  /** The acceptances are given again on the wizard's last step (review and submit); without them, the application's. */
  | { type: 'SubmitCompanyRegistration'; acceptances?: RegistrationApplication['acceptances'] }
  | { type: 'ApproveCompanyRegistration'; companyId: string; userId: string }
  | { type: 'RejectCompanyRegistration'; reason: string };

/** At most this many legal documents per application. */
const MAX_REGISTRATION_DOCUMENTS = 10;

const existing = (state: CompanyRegistrationState) => {
  if (state.status === 'none') throw new DomainError('NOT_FOUND', 'company registration');
  return state;
};

/** Spec §5: name, RUT, email, phone (Chilean) and address required; every mistake reported at once. */
const applicationErrors = (
  a: RegistrationApplication,
  territory: ChileTerritory,
): { errors: FieldError[]; place?: { regionName: string; communeName: string } } => {
  const errors: FieldError[] = [];
  const add = (field: string, code: string, message?: string) => errors.push({ field, code, message });
  if (!parseRut(a.company.rut)) add('company.rut', a.company.rut.trim() ? 'INVALID_RUT' : 'RUT_REQUIRED');
  if (!parseEmail(a.contact.email)) add('contact.email', 'INVALID_EMAIL');
  if (!parseChileanPhone(a.contact.phone)) add('contact.phone', a.contact.phone.trim() ? 'INVALID_CHILEAN_PHONE' : 'PHONE_REQUIRED');
  if (a.contact.secondaryPhone.trim() && !parseChileanPhone(a.contact.secondaryPhone)) add('contact.secondaryPhone', 'INVALID_CHILEAN_PHONE');
  if (!a.address.street.trim()) add('address.street', 'ADDRESS_REQUIRED');
  if (!parseRut(a.legalRepresentative.rut)) add('legalRepresentative.rut', a.legalRepresentative.rut.trim() ? 'INVALID_RUT' : 'RUT_REQUIRED');
  if (!parseEmail(a.legalRepresentative.email)) add('legalRepresentative.email', 'INVALID_EMAIL');
  if (!parseChileanPhone(a.legalRepresentative.phone)) add('legalRepresentative.phone', 'INVALID_CHILEAN_PHONE');
  if (!parseRut(a.banking.holderRut)) add('banking.holderRut', 'INVALID_RUT');
  for (const [day, hours] of Object.entries(a.contact.businessHours))
    if (hours && hours.open >= hours.close) add(`contact.businessHours.${day}.close`, 'INVALID_VALUE', 'El cierre debe ser posterior a la apertura.');
  let place: { regionName: string; communeName: string } | undefined;
  try {
    const { region, commune } = territory.locate(a.address.regionCode, a.address.communeCode);
    place = { regionName: region.name, communeName: commune.name };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    add(error.code === 'INVALID_REGION' ? 'address.regionCode' : 'address.communeCode', error.code);
  }
  return { errors, place };
};

const refuse = (errors: FieldError[]): never => {
  throw new DomainError('VALIDATION_FAILED', errors.map((e) => e.field).join(','), errors);
};

export const companyRegistrationDecider: Decider<CompanyRegistrationCommand, CompanyRegistrationState, CompanyRegistrationEvent> = {
  initialState: initialRegistrationState,
  evolve: evolveRegistration,
  decide: (command, state, meta: CommandMetadata): CompanyRegistrationEvent[] => {
    const at = meta.now.toISOString();
    switch (command.type) {
      case 'StartCompanyRegistration': {
        if (state.status !== 'none') return [];
        const { errors, place } = applicationErrors(command.application, command.territory);
        if (errors.length || !place) return refuse(errors);
        const a = command.application;
        const application: RegistrationApplication = {
          ...a,
          company: { ...a.company, rut: parseRut(a.company.rut)!, name: a.company.name.trim() },
          contact: {
            ...a.contact,
            email: parseEmail(a.contact.email)!,
            phone: parseChileanPhone(a.contact.phone)!,
            secondaryPhone: a.contact.secondaryPhone.trim() ? parseChileanPhone(a.contact.secondaryPhone)! : '',
          },
          legalRepresentative: {
            ...a.legalRepresentative,
            rut: parseRut(a.legalRepresentative.rut)!,
            email: parseEmail(a.legalRepresentative.email)!,
            phone: parseChileanPhone(a.legalRepresentative.phone)!,
          },
          banking: { ...a.banking, holderRut: parseRut(a.banking.holderRut)! },
        };
        return [{ type: 'CompanyRegistrationStarted', data: { registrationId: command.registrationId, ...application, ...place, startedAt: at } }];
      }
      case 'AddRegistrationDocument': {
        const s = existing(state);
        if (s.status !== 'draft')
          throw new DomainError('BUSINESS_RULE_VIOLATION', 'already submitted', [
            { field: 'file', code: 'BUSINESS_RULE_VIOLATION', message: 'La solicitud ya fue enviada: no admite más documentos.' },
          ]);
        if (s.documents.some((d) => d.documentId === command.documentId)) return [];
        if (s.documents.length >= MAX_REGISTRATION_DOCUMENTS)
          throw new DomainError('BUSINESS_RULE_VIOLATION', 'too many documents', [
            { field: 'file', code: 'BUSINESS_RULE_VIOLATION', message: `Puede adjuntar hasta ${MAX_REGISTRATION_DOCUMENTS} documentos.` },
          ]);
        const { type: _type, ...document } = command;
        return [{ type: 'CompanyRegistrationDocumentAdded', data: { registrationId: s.registrationId, ...document, addedAt: at } }];
      }
      case 'SubmitCompanyRegistration': {
        const s = existing(state);
        if (s.status === 'submitted') return [];
        if (s.status !== 'draft') throw new DomainError('BUSINESS_RULE_VIOLATION', `registration is ${s.status}`);
        const errors: FieldError[] = [];
        const acceptances = command.acceptances ?? s.application.acceptances;
        const { terms, privacy, dataProcessing } = acceptances;
        if (!terms) errors.push({ field: 'acceptances.terms', code: 'TERMS_REQUIRED' });
        if (!privacy) errors.push({ field: 'acceptances.privacy', code: 'REQUIRED', message: 'Debe aceptar la política de privacidad.' });
        if (!dataProcessing) errors.push({ field: 'acceptances.dataProcessing', code: 'REQUIRED', message: 'Debe autorizar el tratamiento de datos.' });
        if (s.documents.length === 0) errors.push({ field: 'documents', code: 'REQUIRED', message: 'Adjunte al menos un documento legal.' });
        if (errors.length) refuse(errors);
        return [{ type: 'CompanyRegistrationSubmitted', data: { registrationId: s.registrationId, acceptances, submittedAt: at } }];
      }
      case 'ApproveCompanyRegistration': {
        const s = existing(state);
        if (s.status === 'approved') return [];
        if (s.status !== 'submitted') throw new DomainError('BUSINESS_RULE_VIOLATION', `registration is ${s.status}`);
        return [
          {
            type: 'CompanyRegistrationApproved',
            data: { registrationId: s.registrationId, companyId: command.companyId, userId: command.userId, approvedBy: meta.actorId, approvedAt: at },
          },
        ];
      }
      case 'RejectCompanyRegistration': {
        const s = existing(state);
        if (s.status === 'rejected') return [];
        if (s.status !== 'submitted') throw new DomainError('BUSINESS_RULE_VIOLATION', `registration is ${s.status}`);
        if (!command.reason.trim()) refuse([{ field: 'reason', code: 'REQUIRED' }]);
        return [
          {
            type: 'CompanyRegistrationRejected',
            data: { registrationId: s.registrationId, reason: command.reason.trim(), rejectedBy: meta.actorId, rejectedAt: at },
          },
        ];
      }
      default: {
        const exhaustive: never = command;
        throw new Error(`Unknown command ${(exhaustive as { type: string }).type}`);
      }
    }
  },
};
