import { parseEmail } from './email';
import { parseRut } from './rut';

/**
 * What a new password must not be (OWASP ASVS 2.1): blank, control characters, one character repeated, the
 * account's own email or RUT, built from its own name or email (whatever digits and signs are added), or a
 * well-known common/breached password. Pure, so the server and the web's live hint apply the same rule; the
 * list itself is in password-common-list.ts, which the web loads only on password forms.
 */
export type PasswordProblem =
  | 'PASSWORD_BLANK'
  | 'PASSWORD_CONTROL_CHARACTERS'
  | 'PASSWORD_REPEATED_CHARACTER'
  | 'PASSWORD_MATCHES_IDENTITY'
  | 'PASSWORD_BUILT_FROM_NAME'
  | 'PASSWORD_TOO_COMMON';

export const PASSWORD_MESSAGES: Readonly<Record<PasswordProblem, string>> = {
  PASSWORD_BLANK: 'La contraseña no puede estar formada solo por espacios.',
  PASSWORD_CONTROL_CHARACTERS: 'La contraseña contiene caracteres de control, que no están permitidos.',
  PASSWORD_REPEATED_CHARACTER: 'La contraseña no puede ser un mismo carácter repetido.',
  PASSWORD_MATCHES_IDENTITY: 'La contraseña no puede ser su email ni su RUT.',
  PASSWORD_BUILT_FROM_NAME: 'La contraseña no puede estar formada por su nombre, sus apellidos o su email, aunque le agregue números o signos.',
  PASSWORD_TOO_COMMON: 'Esta contraseña es muy común o aparece en filtraciones conocidas. Elija otra menos predecible.',
};

export interface PasswordOwner {
  readonly email?: string;
  readonly rut?: string;
  /** The person's name and surnames as the account has them. */
  readonly names?: readonly (string | undefined)[];
  /** Other emails of the account (the personal one): their local parts count as the person's name too. */
  readonly otherEmails?: readonly (string | undefined)[];
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

/** Lower case, accents off: "José" and "jose" are the same word to someone guessing. */
const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

/** The words of the person's name, surnames and email local parts (2 letters or more). */
const nameWords = (owner: PasswordOwner): Set<string> => {
  const words = new Set<string>();
  const localParts = [owner.email, ...(owner.otherEmails ?? [])].map((email) => (email ?? '').split('@')[0]);
  for (const text of [...(owner.names ?? []), ...localParts]) for (const word of fold(text ?? '').split(/[^\p{L}]+/u)) if (word.length >= 2) words.add(word);
  return words;
};

/**
 * Whether the letters of the password, once digits, signs and spaces are set aside, are nothing but the
 * person's own name words one after another ("Maria2026!", "gonzalez.maria", "MariaMaria").
 */
const builtFromName = (password: string, owner: PasswordOwner): boolean => {
  const letters = fold(password).replace(/[^\p{L}]+/gu, '');
  const words = nameWords(owner);
  if (letters.length === 0 || words.size === 0) return false;
  // reachable[i]: the first i letters are a sequence of name words.
  const reachable = [true, ...Array<boolean>(letters.length).fill(false)];
  for (let i = 0; i < letters.length; i++) {
    if (!reachable[i]) continue;
    for (const word of words) if (letters.startsWith(word, i)) reachable[i + word.length] = true;
  }
  return reachable[letters.length];
};

/** The first rule the password breaks, or null. `isCommon` is the list check (password-common-list.ts). */
export const passwordProblem = (password: string, owner: PasswordOwner, isCommon?: (password: string) => boolean): PasswordProblem | null => {
  if (password.trim() === '') return 'PASSWORD_BLANK';
  if (/\p{Cc}/u.test(password)) return 'PASSWORD_CONTROL_CHARACTERS';
  if (new Set(password).size === 1) return 'PASSWORD_REPEATED_CHARACTER';
  if (matchesIdentity(password, owner)) return 'PASSWORD_MATCHES_IDENTITY';
  if (builtFromName(password, owner)) return 'PASSWORD_BUILT_FROM_NAME';
  if (isCommon?.(password)) return 'PASSWORD_TOO_COMMON';
  return null;
};
