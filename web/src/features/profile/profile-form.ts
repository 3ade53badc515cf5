import { NAME_MAX, NAME_MIN } from '../../shared/config/constants';
import { isPersonName, PERSON_NAME_MESSAGE } from '../../../../domain/shared/person-name';
import { phone } from '../../shared/validation/phone-rule';
import { email, lengthBetween, validate } from '../../shared/validation/rules';
import type { ProfileChanges, ProfileView } from './api/profile-api';

export type ProfileValues = { name: string; firstLastName: string; secondLastName: string; personalEmail: string; phone: string };

export const profileValuesOf = (p: ProfileView): ProfileValues => ({
  name: p.userInfo.name ?? '',
  firstLastName: p.userInfo.first_last_name ?? '',
  secondLastName: p.userInfo.second_last_name ?? '',
  personalEmail: p.userInfo.personal_email ?? '',
  phone: p.userInfo.phone ?? '',
});

const lengthRule = lengthBetween(NAME_MIN, NAME_MAX);
/** Spec §5 length, and the server's letters-only rule (domain/shared/person-name.ts). */
const personName = (value: string): string | null => lengthRule(value) ?? (isPersonName(value) ? null : PERSON_NAME_MESSAGE);

export const validateProfile = (v: ProfileValues) =>
  validate(v, {
    name: personName,
    firstLastName: personName,
    secondLastName: personName,
    personalEmail: email,
    phone: phone('+56'),
  });

/** Only what changed goes to PATCH /me/profile; {} when nothing did. */
export const profileChangesOf = (before: ProfileValues, after: ProfileValues): ProfileChanges => {
  const changes: Record<string, string> = {};
  for (const key of Object.keys(after) as (keyof ProfileValues)[]) {
    const value = after[key].trim();
    if (value !== before[key].trim()) changes[key] = value;
  }
  if (changes.phone) changes.countryCode = '+56';
  return changes;
};
