import { DomainError } from '../shared/errors';
import type { CommandMetadata, Decider } from '../shared/event';
import { isKnownRole, normaliseRole } from '../shared/roles';
import { assertMayActOn } from './acting-on-users';
import { evolveUserRoles, initialUserRolesState, type RoleChangeData, type RoleChangeType, type UserRolesEvent, type UserRolesState } from './user-roles';

export type UserRolesCommand =
  /** Granted by the system when the account is created (no hierarchy check: nobody granted it). */
  | { type: 'GrantInitialRoles'; userId: string; roles: string[]; reason: string }
  /** An administrator sets the user's complete role set. */
  | { type: 'ChangeRoles'; userId: string; roles: string[]; reason: string };

const uniqueNormalised = (roles: readonly string[]): string[] => [...new Set(roles.map(normaliseRole))].sort();

const validate = (roles: readonly string[]): string[] => {
  const wanted = uniqueNormalised(roles);
  if (wanted.length === 0)
    throw new DomainError('VALIDATION_FAILED', 'at least one role', [{ field: 'roles', code: 'REQUIRED', message: 'Debe asignar al menos un rol.' }]);
  const unknown = wanted.filter((r) => !isKnownRole(r));
  if (unknown.length > 0)
    throw new DomainError('VALIDATION_FAILED', `unknown roles ${unknown.join(',')}`, [
      { field: 'roles', code: 'INVALID_ROLE', message: `Rol no válido: ${unknown.join(', ')}.` },
    ]);
  return wanted;
};

const changeOf = (userId: string, previous: readonly string[], next: string[], reason: string, meta: CommandMetadata): UserRolesEvent[] => {
  const added = next.filter((r) => !previous.includes(r));
  const removed = previous.filter((r) => !next.includes(r));
  if (added.length === 0 && removed.length === 0) return []; // same set: nothing happened
  const changeType: RoleChangeType = removed.length === 0 ? 'added' : added.length === 0 ? 'removed' : 'modified';
  const data: RoleChangeData = {
    userId,
    changeType,
    previousRoles: [...previous],
    newRoles: next,
    added,
    removed,
    modifiedBy: meta.actorId,
    modifiedByRoles: [...meta.actorRoles],
    reason,
    changedAt: meta.now.toISOString(),
  };
  const type = changeType === 'added' ? 'UserRolesAdded' : changeType === 'removed' ? 'UserRolesRemoved' : 'UserRolesModified';
  return [{ type, data } as UserRolesEvent];
};

const decide = (command: UserRolesCommand, state: UserRolesState, meta: CommandMetadata): UserRolesEvent[] => {
  const reason = command.reason.trim();
  if (!reason) throw new DomainError('VALIDATION_FAILED', 'reason required', [{ field: 'reason', code: 'REQUIRED', message: 'Indique el motivo del cambio.' }]);
  const wanted = validate(command.roles);
  switch (command.type) {
    case 'GrantInitialRoles':
      if (state.changes > 0) return []; // already granted: a retried registration changes nothing
      return changeOf(command.userId, [], wanted, reason, meta);
    case 'ChangeRoles': {
      const touched = [...wanted.filter((r) => !state.roles.includes(r)), ...state.roles.filter((r) => !wanted.includes(r))];
      assertMayActOn({ userId: meta.actorId, roles: meta.actorRoles }, { userId: command.userId, roles: state.roles }, 'change-roles', touched);
      return changeOf(command.userId, state.roles, wanted, reason, meta);
    }
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown command ${(exhaustive as { type: string }).type}`);
    }
  }
};

export const userRolesDecider: Decider<UserRolesCommand, UserRolesState, UserRolesEvent> = {
  initialState: initialUserRolesState,
  evolve: evolveUserRoles,
  decide,
};

export const userRolesStream = (userId: string): string => `user-roles-${userId}`;
