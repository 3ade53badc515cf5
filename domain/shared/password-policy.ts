import { parseEmail } from './email';
import { parseRut } from './rut';

/**
 * What a new password must not be (OWASP ASVS 2.1): blank, the account's own email or RUT, or a
 * well-known common/breached password. Pure, so the server and the web's live hint apply the same
 * rule; the list itself is in password-common-list.ts, which the web loads only on password forms.
 */
export type PasswordProblem = 'PASSWORD_BLANK' | 'PASSWORD_MATCHES_IDENTITY' | 'PASSWORD_TOO_COMMON';

export const PASSWORD_MESSAGES: Readonly<Record<PasswordProblem, string>> = {
  PASSWORD_BLANK: 'La contraseña no puede estar formada solo por espacios.',
  PASSWORD_MATCHES_IDENTITY: 'La contraseña no puede ser su email ni su RUT.',
  PASSWORD_TOO_COMMON: 'Esta contraseña es muy común o aparece en filtraciones conocidas. Elija otra menos predecible.',
};

export interface PasswordOwner {
  readonly email?: string;
  readonly rut?: string;
}

const rutSpellings = (rut: string): string[] => {
  const canonical = parseRut(rut);
  if (!canonical) return [];
  const [body, digit] = canonical.split('-');
  return [`${body}${digit}`.toLowerCase(), body];
};

const matchesIdentity = (password: string, owner: PasswordOwner): boolean => {
  const typed = password.trim().toLowerCase();
  const email = owner.email ? (parseEmail(owner.email) ?? owner.email.trim().toLowerCase()) : '';
  if (email && (typed === email || typed === email.split('@')[0])) return true;
  if (!owner.rut) return false;
  // 12.345.678-5, 12345678-5, 123456785, 12345678: every spelling of the RUT, with or without its digit.
  const compact = typed.replace(/[.\s-]/g, '');
  return rutSpellings(owner.rut).includes(compact);
};

/** The first rule the password breaks, or null. `isCommon` is the list check (password-common-list.ts). */
export const passwordProblem = (password: string, owner: PasswordOwner, isCommon?: (password: string) => boolean): PasswordProblem | null => {
  if (password.trim() === '') return 'PASSWORD_BLANK';
  if (matchesIdentity(password, owner)) return 'PASSWORD_MATCHES_IDENTITY';
  if (isCommon?.(password)) return 'PASSWORD_TOO_COMMON';
  return null;
};
