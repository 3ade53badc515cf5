/**
 * Field limits every form shows before it is sent (spec §5, §9). Apart from contract/auth.ts because the
 * buyers' first screens read them: this file pulls in no validator (no libphonenumber in the first chunk).
 */
export const PASSWORD_LIMITS = { signUpMin: 8, resetMin: 6, signInMin: 8, landingMin: 6, max: 128 } as const;
export { PERSON_NAME_MAX, PERSON_NAME_MIN } from '../domain/shared/person-name';
