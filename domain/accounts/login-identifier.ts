import { parseEmail } from '../shared/email';
import { looksLikeRut, parseRut } from '../shared/rut';
import type { IdentityKind } from './identity-claim';

/**
 * What a person typed in "email or RUT", read as the account it names: an email trimmed and lower-cased,
 * a RUT with or without dots, dash, spaces, k or K. `value` is null when it names no possible account.
 */
export const loginIdentity = (login: string): { kind: IdentityKind; value: string | null } =>
  looksLikeRut(login) ? { kind: 'rut', value: parseRut(login) } : { kind: 'email', value: parseEmail(login) };

/**
 * One key per account however it is spelled, for counting failed sign-ins: "Ana@X.cl " and "ana@x.cl",
 * "12.345.678-k" and "12345678K" count together. Malformed input is folded the same way (lower case,
 * no spaces, dots or dashes in a RUT), so odd spellings of one string cannot buy extra attempts either.
 */
export const accountKey = (login: string): string => {
  const { kind, value } = loginIdentity(login);
  if (value) return `${kind}:${value}`;
  const folded = login.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, '');
  return kind === 'rut' ? `rut:${folded.replace(/[.-]/g, '')}` : `email:${folded}`;
};
