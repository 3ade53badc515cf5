import { parseChileanPhone } from '../../../../domain/shared/phone';
import { PHONE_MIN_DIGITS } from '../config/constants';
import { blank, MSG, type Rule } from './rules';

/** Kept apart from rules.ts: libphonenumber's metadata is only downloaded by the screens that ask for a phone. */
const digits = (value: string): string => value.replace(/\D/g, '');

/** Chilean numbers by the server's rule (libphonenumber); other countries need at least 9 digits (spec §9). */
export const phone =
  (countryCode: string): Rule =>
  (value) => {
    if (blank(value)) return MSG.phoneRequired;
    if (countryCode === '+56') return parseChileanPhone(value, countryCode) ? null : MSG.phoneInvalid;
    return digits(value).length >= PHONE_MIN_DIGITS ? null : MSG.phoneMinDigits(PHONE_MIN_DIGITS);
  };
