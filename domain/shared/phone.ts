import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** Chilean phone in E.164 (+56 and 9 national digits), validated with libphonenumber's CL metadata (the
 * 'min' set: the 'max' set rejects the spec's own example +56 9 1234 5678 as an unassigned range). */
export type ChileanPhone = string & { readonly __brand: 'ChileanPhone' };

export const parseChileanPhone = (input: string, countryCode = '+56'): ChileanPhone | null => {
  const raw = input.trim();
  const withCode = raw.startsWith('+') ? raw : `${countryCode}${raw.replace(/^0+/, '')}`;
  const phone = parsePhoneNumberFromString(withCode, 'CL');
  if (!phone || phone.country !== 'CL' || !phone.isValid()) return null;
  return phone.number as ChileanPhone;
};
