import type { DomainEvent } from '../shared/event';

/**
 * User aggregate (stream `user-<id>`): identity, credentials and account status.
 * Secrets never appear in clear: passwords as KDF hashes, one-time tokens as SHA-256 hashes.
 */
export type UserProfile = {
  name: string;
  firstLastName: string;
  secondLastName: string;
  personalEmail: string;
  phone: string;
  /** Job role chosen at sign-up (collaborator, manager, director): the spec's "post". */
  post: string;
};

export type UserEvent =
  | DomainEvent<
      'UserRegistered',
      UserProfile & {
        userId: string;
        email: string;
        rut: string;
        passwordHash: string;
        verificationTokenHash: string;
        verificationExpiresAt: string;
        registeredAt: string;
      }
    >
  | DomainEvent<'UserEmailVerified', { userId: string; verifiedAt: string }>
  | DomainEvent<'VerificationEmailResent', { userId: string; verificationTokenHash: string; verificationExpiresAt: string; resentAt: string }>
  | DomainEvent<'PasswordResetRequested', { userId: string; resetTokenHash: string; resetExpiresAt: string; requestedAt: string }>
  | DomainEvent<'PasswordChanged', { userId: string; passwordHash: string; via: 'reset' | 'self'; changedAt: string }>
  | DomainEvent<'UserProfileUpdated', { userId: string; changes: Partial<UserProfile>; updatedAt: string }>
  | DomainEvent<'UserDisabled', { userId: string; reason: string; disabledAt: string }>
  | DomainEvent<'UserEnabled', { userId: string; enabledAt: string }>;

export type UserStatus = 'pending_verification' | 'active' | 'disabled';

export type UserState =
  | { status: 'unregistered' }
  | {
      status: UserStatus;
      userId: string;
      email: string;
      rut: string;
      profile: UserProfile;
      passwordHash: string;
      verified: boolean;
      verification: { tokenHash: string; expiresAt: string } | null;
      reset: { tokenHash: string; expiresAt: string } | null;
      registeredAt: string;
    };

export type RegisteredUser = Exclude<UserState, { status: 'unregistered' }>;

export const initialUserState = (): UserState => ({ status: 'unregistered' });

export const evolveUser = (state: UserState, event: UserEvent): UserState => {
  if (event.type === 'UserRegistered') {
    const { userId, email, rut, passwordHash, verificationTokenHash, verificationExpiresAt, registeredAt, ...profile } = event.data;
    return {
      status: 'pending_verification',
      userId,
      email,
      rut,
      profile,
      passwordHash,
      verified: false,
      verification: { tokenHash: verificationTokenHash, expiresAt: verificationExpiresAt },
      reset: null,
      registeredAt,
    };
  }
  if (state.status === 'unregistered') return state;
  switch (event.type) {
    case 'UserEmailVerified':
      return { ...state, verified: true, verification: null, status: state.status === 'disabled' ? 'disabled' : 'active' };
    case 'VerificationEmailResent':
      return { ...state, verification: { tokenHash: event.data.verificationTokenHash, expiresAt: event.data.verificationExpiresAt } };
    case 'PasswordResetRequested':
      return { ...state, reset: { tokenHash: event.data.resetTokenHash, expiresAt: event.data.resetExpiresAt } };
    case 'PasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash, reset: null };
    case 'UserProfileUpdated':
      return { ...state, profile: { ...state.profile, ...event.data.changes } };
    case 'UserDisabled':
      return { ...state, status: 'disabled' };
    case 'UserEnabled':
      return { ...state, status: state.verified ? 'active' : 'pending_verification' };
  }
};

export const userStream = (userId: string): string => `user-${userId}`;
