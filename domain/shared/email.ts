/** Emails are compared case-insensitively and stored trimmed and lower-cased. */
export type Email = string & { readonly __brand: 'Email' };

// Pragmatic check (as browsers do for type=email): local@domain.tld, no spaces, bounded length.
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export const parseEmail = (input: string): Email | null => {
  const value = input.trim().toLowerCase();
  return value.length <= 254 && EMAIL.test(value) ? (value as Email) : null;
};
