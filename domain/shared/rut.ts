/**
 * Chilean RUT/RUN: body + check digit computed modulo 11 (weights 2..7 repeating, right to left).
 * Accepts dots, dash, spaces and a lower-case k; the canonical form is body + '-' + digit ("12345678-5").
 */
export type Rut = string & { readonly __brand: 'Rut' };

const CLEAN = /[.\s-]/g;

export const computeCheckDigit = (body: string): string => {
  let sum = 0;
  let weight = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += Number(body[i]) * weight;
    weight = weight === 7 ? 2 : weight + 1;
  }
  const r = 11 - (sum % 11);
  return r === 11 ? '0' : r === 10 ? 'K' : String(r);
};

/** Returns the canonical RUT, or null when the input is not a RUT with a valid check digit. */
export const parseRut = (input: string): Rut | null => {
  const raw = input.replace(CLEAN, '').toUpperCase();
  if (!/^\d{1,9}[\dK]$/.test(raw)) return null;
  const body = raw.slice(0, -1).replace(/^0+(?=\d)/, '');
  const digit = raw.slice(-1);
  if (Number(body) < 1) return null;
  return computeCheckDigit(body) === digit ? (`${body}-${digit}` as Rut) : null;
};

export const isValidRut = (input: string): boolean => parseRut(input) !== null;

/** Looks like a RUT (digits, dots, dash, K) rather than an email: used to route "email or RUT" logins. */
export const looksLikeRut = (input: string): boolean => /^[\d.\s]+-?[\dkK]$/.test(input.trim());

/** 12.345.678-5 */
export const formatRut = (rut: string): string => {
  const [body, digit] = rut.split('-');
  return `${body.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${digit}`;
};
