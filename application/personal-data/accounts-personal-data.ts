import type { PersonalDataSchema } from '../../kernel/personal-data/personal-data-schema';

const PROFILE = ['name', 'firstLastName', 'secondLastName', 'personalEmail', 'phone'];

/**
 * The first event family under crypto-shredding: users (domain/accounts/user.ts) and their identity
 * claims (domain/accounts/identity-claim.ts). The subject is the user id. Claim stream ids still carry the
 * email and RUT in clear: docs/architecture.md ("Personal data") says how they move to keyed hashes.
 */
export const accountsPersonalData: PersonalDataSchema = {
  UserRegistered: { subject: 'userId', fields: [...PROFILE, 'email', 'rut'] },
  UserProfileUpdated: { subject: 'userId', fields: PROFILE.map((field) => `changes.${field}`) },
  IdentityClaimed: { subject: 'userId', fields: ['value'] },
  IdentityReleased: { subject: 'userId', fields: ['value'] },
};

/** Streams named after an email or a RUT (domain/accounts/identity-claim.ts): stored under a keyed hash. */
export const accountsPseudonymousStreams = ['emailclaim', 'rutclaim'] as const;
