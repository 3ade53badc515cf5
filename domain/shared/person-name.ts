/**
 * A person's name or surname (spec §5: 2 to 50 characters): letters of any language with their accents,
 * spaces, apostrophes and hyphens, with at least one letter ("María José", "O'Higgins", "Pérez-Cotapos").
 * Digits and symbols are refused ("-0", "x'); DROP TABLE users;--"). Server and web apply the same rule.
 */
export const PERSON_NAME_MIN = 2;
export const PERSON_NAME_MAX = 50;
export const PERSON_NAME_MESSAGE = 'Use solo letras, espacios, apóstrofos y guiones.';

/**
 * Starts with a letter (not a combining mark on nothing); then letters, marks on them, spaces, apostrophes and
 * hyphens. Everything else is refused with it: digits, markup, NUL and control characters, bidi overrides and
 * zero-width characters (format characters), lone surrogates.
 */
const ALLOWED = /^\p{L}[\p{L}\p{M}' ’-]*$/u;

/** The characters are right (length is checked apart, with its own message). */
export const isPersonName = (value: string): boolean => ALLOWED.test(value.trim());
