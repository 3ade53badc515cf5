import { NAME_MIN, PHONE_MIN_DIGITS } from '../../shared/config/constants';
import { phone } from '../../shared/validation/phone-rule';
import { accepted, blank, email, minLength, MSG, validate, type Rule } from '../../shared/validation/rules';
import type { ContactKind, ContactMethod, ContactRequest, PreferredTime } from './api/contact-api';
import { CONTACT_MSG } from './messages';

export { CONTACT_MSG };

/** The contact / advisor modal's form and its rules (spec §5). */
export type ContactValues = {
  name: string;
  email: string;
  phone: string;
  preferredContactMethod: string;
  preferredTime: string;
  termsAccepted: boolean;
  message: string;
};

export const CONTACT_METHODS: readonly { value: ContactMethod; label: string }[] = [
  { value: 'email', label: 'Por email' },
  { value: 'phone', label: 'Por teléfono' },
  { value: 'both', label: 'Ambos (email y teléfono)' },
];

export const PREFERRED_TIMES: readonly { value: PreferredTime; label: string }[] = [
  { value: 'morning', label: 'Mañana (9:00 a 12:00)' },
  { value: 'afternoon', label: 'Tarde (12:00 a 18:00)' },
  { value: 'evening', label: 'Noche (18:00 a 21:00)' },
  { value: 'any', label: 'Cualquier horario' },
];

export const MESSAGE_MAX = 2000;

/**
 * At least 9 digits (spec §5), and a Chilean number: the server's own rule, checked here too so that every
 * mistake shows on the first submit rather than the phone's in a second round from the server.
 */
export const contactPhone: Rule = (value) => {
  if (blank(value)) return MSG.phoneRequired;
  if (value.replace(/\D/g, '').length < PHONE_MIN_DIGITS) return MSG.phoneMinDigits(PHONE_MIN_DIGITS);
  return phone('+56')(value);
};

/** The server's limit on a name in a contact request. */
export const CONTACT_NAME_MAX = 100;
const contactName: Rule = (value) => minLength(NAME_MIN)(value) ?? (value.trim().length > CONTACT_NAME_MAX ? MSG.maxLength(CONTACT_NAME_MAX) : null);

const chosen =
  (allowed: readonly { value: string }[], message: string): Rule =>
  (value) =>
    allowed.some((o) => o.value === value) ? null : message;

export const validateContact = (v: ContactValues) =>
  validate(v, {
    name: contactName,
    email,
    phone: contactPhone,
    preferredContactMethod: chosen(CONTACT_METHODS, CONTACT_MSG.methodRequired),
    preferredTime: chosen(PREFERRED_TIMES, CONTACT_MSG.timeRequired),
    termsAccepted: accepted,
    message: (m: string) => (m.length > MESSAGE_MAX ? MSG.maxLength(MESSAGE_MAX) : null),
  });

export const contactRequestOf = (v: ContactValues, context: { kind: ContactKind; projectId: string | null; unitId: string | null }): ContactRequest => ({
  kind: context.kind,
  name: v.name.trim(),
  email: v.email.trim(),
  phone: v.phone.trim(),
  preferredContactMethod: v.preferredContactMethod as ContactMethod,
  preferredTime: v.preferredTime as PreferredTime,
  termsAccepted: v.termsAccepted,
  ...(v.message.trim() ? { message: v.message.trim() } : {}),
  ...(context.projectId ? { projectId: context.projectId } : {}),
  ...(context.unitId ? { unitId: context.unitId } : {}),
});
