import type { z } from 'zod';
import { SIGNUP_ROLES, type registerBody, type SignUpRole } from '../../../../contract/auth';
import { NAME_MAX, NAME_MIN, PASSWORD_MIN_SIGN_UP } from '../../shared/config/constants';
import { phone } from '../../shared/validation/phone-rule';
import { isPersonName, PERSON_NAME_MESSAGE } from '../../../../domain/shared/person-name';
import { passwordPolicyMessage } from './password-advice';
import { accepted, email, lengthBetween, MSG, oneOf, password, passwordConfirmation, required, rut, validate } from '../../shared/validation/rules';

/** Sign-up form and its rules (spec §5). */
const SIGN_UP_ROLE_LABELS: Readonly<Record<SignUpRole, string>> = { collaborator: 'Colaborador', manager: 'Gerente', director: 'Director' };
export const SIGN_UP_ROLES = SIGNUP_ROLES.map((value) => ({ value, label: SIGN_UP_ROLE_LABELS[value] }));

export const COUNTRY_CODES = [
  { value: '+56', label: 'Chile (+56)' },
  { value: '+54', label: 'Argentina (+54)' },
  { value: '+51', label: 'Perú (+51)' },
  { value: '+57', label: 'Colombia (+57)' },
  { value: '+58', label: 'Venezuela (+58)' },
  { value: '+591', label: 'Bolivia (+591)' },
] as const;

/** The form's values: the fields of the contract's registerBody, each one present (role '' until chosen). */
export type SignUpValues = Required<Omit<z.input<typeof registerBody>, 'role'>> & { role: string };

export const emptySignUp: SignUpValues = {
  workEmail: '',
  rut: '',
  name: '',
  firstLastName: '',
  secondLastName: '',
  personalEmail: '',
  role: '',
  countryCode: '+56',
  phone: '',
  password: '',
  passwordConfirmation: '',
  termsAccepted: false,
  marketingConsent: false,
};

const lengthRule = lengthBetween(NAME_MIN, NAME_MAX);
/** Spec §5 length, and the server's letters-only rule (domain/shared/person-name.ts). */
export const nameRule = (value: string): string | null => lengthRule(value) ?? (isPersonName(value) ? null : PERSON_NAME_MESSAGE);

export const validateSignUp = (v: SignUpValues) =>
  validate(v, {
    workEmail: email,
    rut,
    name: nameRule,
    firstLastName: nameRule,
    secondLastName: nameRule,
    personalEmail: email,
    role: oneOf(
      SIGN_UP_ROLES.map((r) => r.value),
      MSG.roleRequired,
    ),
    countryCode: (value) => (required(value) ? MSG.countryCodeRequired : null),
    phone: phone(v.countryCode),
    password: (value) => password(PASSWORD_MIN_SIGN_UP)(value) ?? passwordPolicyMessage(value, { email: v.workEmail, rut: v.rut }),
    passwordConfirmation: passwordConfirmation(v.password),
    termsAccepted: accepted,
  });
