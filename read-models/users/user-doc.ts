import type { UserProfile } from '../../domain/accounts/user';

export const USERS = 'users';

/** The account's profile fields are the domain's (UserProfile); the rest is what the back office lists and filters on. */
export interface UserDoc extends UserProfile {
  _id: string;
  [key: string]: unknown;
  email: string;
  rut: string;
  roles: string[];
  rolesRevision: number;
  verified: boolean;
  disabled: boolean;
  joinedAt: string;
}

export type UserStatus = 'pending_verification' | 'active' | 'disabled';

/** Status is derived, not stored, so that out-of-order delivery across streams cannot leave it wrong. */
export const statusOf = (doc: Pick<UserDoc, 'verified' | 'disabled'>): UserStatus =>
  doc.disabled ? 'disabled' : doc.verified ? 'active' : 'pending_verification';
