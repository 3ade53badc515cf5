import { assertMayActOn } from '../access/acting-on-users';
import { DomainError } from '../shared/errors';
import type { CommandMetadata, Decider } from '../shared/event';
import { evolveUser, initialUserState, type RegisteredUser, type UserEvent, type UserProfile, type UserState } from './user';

export type UserCommand =
  | {
      type: 'RegisterUser';
      userId: string;
      email: string;
      rut: string;
      profile: UserProfile;
      passwordHash: string;
      verificationTokenHash: string;
      verificationExpiresAt: string;
    }
  | { type: 'VerifyEmail'; tokenHash: string }
  | { type: 'ResendVerification'; verificationTokenHash: string; verificationExpiresAt: string }
  | { type: 'RequestPasswordReset'; resetTokenHash: string; resetExpiresAt: string }
  | { type: 'ResetPassword'; tokenHash: string; passwordHash: string }
  | { type: 'ChangePassword'; passwordHash: string }
  | { type: 'UpdateProfile'; changes: Partial<UserProfile> }
  /** `targetRoles`: the account's roles as read with this command, for the hierarchy rule. */
  | { type: 'DisableUser'; reason: string; targetRoles: readonly string[] }
  | { type: 'EnableUser'; targetRoles: readonly string[] };

const registered = (state: UserState): RegisteredUser => {
  if (state.status === 'unregistered') throw new DomainError('NOT_FOUND', 'user');
  return state;
};

const isLive = (token: { tokenHash: string; expiresAt: string } | null, hash: string, now: Date): boolean =>
  token !== null && token.tokenHash === hash && new Date(token.expiresAt).getTime() > now.getTime();

const decide = (command: UserCommand, state: UserState, meta: CommandMetadata): UserEvent[] => {
  const at = meta.now.toISOString();
  switch (command.type) {
    case 'RegisterUser': {
      if (state.status !== 'unregistered') throw new DomainError('EMAIL_ALREADY_EXISTS', 'user exists');
      const { type: _type, profile, ...rest } = command;
      return [{ type: 'UserRegistered', data: { ...rest, ...profile, registeredAt: at } }];
    }
    case 'VerifyEmail': {
      const user = registered(state);
      if (user.verified) return []; // a second click on the same link is not an error
      if (!isLive(user.verification, command.tokenHash, meta.now)) throw new DomainError('TOKEN_INVALID', 'verification token');
      return [{ type: 'UserEmailVerified', data: { userId: user.userId, verifiedAt: at } }];
    }
    case 'ResendVerification': {
      const user = registered(state);
      if (user.verified) return [];
      const { verificationTokenHash, verificationExpiresAt } = command;
      return [{ type: 'VerificationEmailResent', data: { userId: user.userId, verificationTokenHash, verificationExpiresAt, resentAt: at } }];
    }
    case 'RequestPasswordReset': {
      const user = registered(state);
      if (user.status === 'disabled') return []; // silently: forgot-password never reveals account state
      const { resetTokenHash, resetExpiresAt } = command;
      return [{ type: 'PasswordResetRequested', data: { userId: user.userId, resetTokenHash, resetExpiresAt, requestedAt: at } }];
    }
    case 'ResetPassword': {
      const user = registered(state);
      if (!isLive(user.reset, command.tokenHash, meta.now)) throw new DomainError('TOKEN_INVALID', 'reset token');
      const events: UserEvent[] = [{ type: 'PasswordChanged', data: { userId: user.userId, passwordHash: command.passwordHash, via: 'reset', changedAt: at } }];
      // Following the reset link proves the mailbox, so it verifies a pending account too.
      if (!user.verified) events.push({ type: 'UserEmailVerified', data: { userId: user.userId, verifiedAt: at } });
      return events;
    }
    case 'ChangePassword': {
      const user = registered(state);
      return [{ type: 'PasswordChanged', data: { userId: user.userId, passwordHash: command.passwordHash, via: 'self', changedAt: at } }];
    }
    case 'UpdateProfile': {
      const user = registered(state);
      const changes = Object.fromEntries(
        Object.entries(command.changes).filter(([k, v]) => v !== undefined && user.profile[k as keyof UserProfile] !== v),
      ) as Partial<UserProfile>;
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'UserProfileUpdated', data: { userId: user.userId, changes, updatedAt: at } }];
    }
    case 'DisableUser': {
      const user = registered(state);
      assertMayActOn({ userId: meta.actorId, roles: meta.actorRoles }, { userId: user.userId, roles: command.targetRoles }, 'disable');
      if (user.status === 'disabled') return [];
      return [{ type: 'UserDisabled', data: { userId: user.userId, reason: command.reason, disabledAt: at } }];
    }
    case 'EnableUser': {
      const user = registered(state);
      assertMayActOn({ userId: meta.actorId, roles: meta.actorRoles }, { userId: user.userId, roles: command.targetRoles }, 'enable');
      if (user.status !== 'disabled') return [];
      return [{ type: 'UserEnabled', data: { userId: user.userId, enabledAt: at } }];
    }
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown command ${(exhaustive as { type: string }).type}`);
    }
  }
};

export const userDecider: Decider<UserCommand, UserState, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide,
};
