import { DomainError } from '../shared/errors';
import { highestLevel, roleLevel } from '../shared/roles';

/** Everything one user may do to another user's account from the back office. */
export type UserAction = 'change-roles' | 'disable' | 'enable';

export interface Party {
  readonly userId: string;
  readonly roles: readonly string[];
}

const SUPER_ADMIN = 'super-admin';

/**
 * The one rule for every action a user takes on another user's account (spec §6: "only higher
 * permissions may modify roles"):
 * - nobody acts on their own account through user management (self-service is /me/*), so an admin can
 *   neither disable nor demote itself into a platform nobody can manage;
 * - the actor's highest role must be strictly above the target's highest role, and every role granted
 *   or removed strictly below the actor's;
 * - super-admin is the top: nobody is above it, so super-admins manage each other (otherwise a
 *   super-admin account could never be disabled, e.g. when its holder leaves). That no such action
 *   leaves the platform without an enabled super-admin is the registry's invariant
 *   (super-admin-registry.ts), which needs the count of enabled super-admins this rule cannot see.
 */
const mayActOn = (actor: Party, target: Party, _action: UserAction, touchedRoles: readonly string[] = []): boolean => {
  if (actor.userId === target.userId) return false;
  if (actor.roles.includes(SUPER_ADMIN)) return true;
  const actorLevel = highestLevel(actor.roles);
  return highestLevel(target.roles) < actorLevel && touchedRoles.every((role) => roleLevel(role) < actorLevel);
};

export const assertMayActOn = (actor: Party, target: Party, action: UserAction, touchedRoles: readonly string[] = []): void => {
  if (!mayActOn(actor, target, action, touchedRoles)) throw new DomainError('INSUFFICIENT_PERMISSIONS', `may not ${action} ${target.userId}`);
};
