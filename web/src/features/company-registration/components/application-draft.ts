import { registrationApplication, WEEKDAYS, type RegistrationApplicationInput } from '../../../../../contract/company-registrations';
import { zodFieldMessages } from '../../../shared/validation/zod-messages';

/** The wizard's draft: the contract's application, with the founding year still as typed. */
export type Draft = Omit<RegistrationApplicationInput, 'company'> & {
  company: Omit<RegistrationApplicationInput['company'], 'foundingYear'> & { foundingYear: string };
};

const weekday = { open: '09:00', close: '18:00' };

export const emptyDraft = (): Draft => ({
  company: { businessType: 'real_estate_company', name: '', rut: '', foundingYear: '', website: '', businessLicense: '', description: '' },
  address: { street: '', number: '', regionCode: '', communeCode: '', city: '' },
  contact: {
    email: '',
    phone: '',
    secondaryPhone: '',
    businessHours: Object.fromEntries(
      WEEKDAYS.map((d) => [d, d === 'saturday' || d === 'sunday' ? null : { ...weekday }]),
    ) as Draft['contact']['businessHours'],
    socialMedia: {},
  },
  legalRepresentative: { name: '', firstLastName: '', secondLastName: '', rut: '', email: '', phone: '' },
  banking: { bank: '', accountType: 'corriente', accountNumber: '', holderName: '', holderRut: '' },
  acceptances: { terms: false, privacy: false, dataProcessing: false },
});

export const toApplication = (d: Draft): RegistrationApplicationInput => ({
  ...d,
  company: { ...d.company, foundingYear: d.company.foundingYear.trim() === '' ? null : Number(d.company.foundingYear) },
  contact: { ...d.contact, socialMedia: Object.fromEntries(Object.entries(d.contact.socialMedia).filter(([, v]) => v)) },
});

/** The wizard's steps before the documents, and which parts of the application each one fills. */
export const FORM_STEPS = [
  { label: 'Empresa', parts: ['company', 'address'] },
  { label: 'Contacto', parts: ['contact'] },
  { label: 'Representante y banco', parts: ['legalRepresentative', 'banking'] },
] as const;

/** Spanish messages by field path ("contact.phone") for the given parts, checked with the contract's schema. */
export const stepErrors = (d: Draft, parts: readonly string[]): Record<string, string> => {
  const checked = registrationApplication.safeParse(toApplication(d));
  if (checked.success) return {};
  const all = zodFieldMessages(checked.error);
  return Object.fromEntries(Object.entries(all).filter(([path]) => parts.some((p) => path === p || path.startsWith(`${p}.`))));
};

/** Sets one value at a dotted path, copying the objects on the way (the draft stays immutable). */
export const setAt = <T extends object>(target: T, path: string, value: unknown): T => {
  const [head, ...rest] = path.split('.');
  const current = (target as Record<string, unknown>)[head];
  return { ...target, [head]: rest.length ? setAt((current ?? {}) as object, rest.join('.'), value) : value } as T;
};

export const getAt = (target: object, path: string): unknown =>
  path.split('.').reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), target);
