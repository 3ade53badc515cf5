import { catalogueEntry } from '../../../../contract/errors';
import { parseEmail } from '../../../../domain/shared/email';
import { isValidRut, looksLikeRut } from '../../../../contract/rut';

/**
 * Field rules of spec §5. A rule returns the Spanish message for a bad value, or null. Emails, RUT and
 * Chilean phones (phone-rule.ts) use the same value objects as the server (domain/shared).
 */
export type Rule<V = string> = (value: V) => string | null;

export const MSG = {
  required: 'Este campo es obligatorio.',
  email: 'Ingrese un email válido.',
  emailOrRut: 'Ingrese un email o RUT válido.',
  minLength: (n: number) => `Debe tener al menos ${n} caracteres.`,
  maxLength: (n: number) => `Debe tener como máximo ${n} caracteres.`,
  passwordMismatch: 'Las contraseñas no coinciden.',
  confirmationRequired: 'Confirme su contraseña.',
  rutRequired: catalogueEntry('RUT_REQUIRED').message,
  rutInvalid: catalogueEntry('INVALID_RUT').message,
  phoneRequired: catalogueEntry('PHONE_REQUIRED').message,
  phoneInvalid: catalogueEntry('INVALID_CHILEAN_PHONE').message,
  phoneMinDigits: (n: number) => `El teléfono debe tener al menos ${n} dígitos.`,
  termsRequired: 'Debe aceptar los términos y condiciones.',
  roleRequired: 'Seleccione su cargo.',
  countryCodeRequired: 'Seleccione el código de país.',
  tokenRequired: 'El enlace no es válido: falta el código de verificación.',
  reasonRequired: 'Indique el motivo del cambio.',
} as const;

export const blank = (value: string | null | undefined): boolean => !value || value.trim() === '';

export const required: Rule = (value) => (blank(value) ? MSG.required : null);

export const email: Rule = (value) => (blank(value) ? MSG.required : parseEmail(value) ? null : MSG.email);

export const minLength =
  (n: number): Rule =>
  (value) =>
    blank(value) ? MSG.required : value.trim().length < n ? MSG.minLength(n) : null;

export const lengthBetween =
  (min: number, max: number): Rule =>
  (value) => {
    if (blank(value)) return MSG.required;
    const length = value.trim().length;
    if (length < min) return MSG.minLength(min);
    if (length > max) return MSG.maxLength(max);
    return null;
  };

/** Passwords are not trimmed: spaces count. */
export const password =
  (min: number): Rule =>
  (value) =>
    !value ? MSG.required : value.length < min ? MSG.minLength(min) : null;

export const passwordConfirmation =
  (passwordValue: string): Rule =>
  (value) =>
    !value ? MSG.confirmationRequired : value !== passwordValue ? MSG.passwordMismatch : null;

export const rut: Rule = (value) => (blank(value) ? MSG.rutRequired : isValidRut(value) ? null : MSG.rutInvalid);

/** The login field takes an email or a RUT (with a valid check digit). */
export const emailOrRut: Rule = (value) => {
  if (blank(value)) return MSG.required;
  if (looksLikeRut(value)) return isValidRut(value) ? null : MSG.rutInvalid;
  return parseEmail(value) ? null : MSG.emailOrRut;
};

export const accepted: Rule<boolean> = (value) => (value ? null : MSG.termsRequired);

export const oneOf =
  (allowed: readonly string[], message: string): Rule =>
  (value) =>
    allowed.includes(value) ? null : message;

/** Runs the rules of every field and keeps the first message per field. */
export type FieldRules<V> = { readonly [K in keyof V]?: Rule<V[K]> };

export const validate = <V extends object>(values: V, rules: FieldRules<V>): Partial<Record<keyof V, string>> => {
  const errors: Partial<Record<keyof V, string>> = {};
  for (const key of Object.keys(rules) as (keyof V)[]) {
    const rule = rules[key];
    const message = rule ? rule(values[key]) : null;
    if (message) errors[key] = message;
  }
  return errors;
};

export const hasErrors = (errors: object): boolean => Object.values(errors).some(Boolean);
