export const USERS = 'users';

export interface UserDoc {
  _id: string;
  [key: string]: unknown;
  email: string;
  rut: string;
  name: string;
  firstLastName: string;
  secondLastName: string;
  personalEmail: string;
  phone: string;
  post: string;
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
