import { userStream, type RegisteredUser } from '../../domain/accounts/user';
import { userDecider } from '../../domain/accounts/user.decide';
import { assertMayActOn, type UserAction } from '../../domain/access/acting-on-users';
import { userRolesDecider, userRolesStream } from '../../domain/access/user-roles.decide';
import { DomainError } from '../../domain/shared/errors';
import type { CommandMetadata } from '../../domain/shared/event';
import { normaliseRole } from '../../domain/shared/roles';
import { loadStream } from '../../kernel/command-handling/decided-state';
import { handleCommand } from '../../kernel/command-handling/handle-command';
import type { EventStore } from '../../kernel/ports/event-store';
import { isEnabledSuperAdmin, SuperAdminRegistry } from './super-admin-registry';

/**
 * What one user does to another user's account: roles, disable, enable. The hierarchy rule is the
 * domain's (domain/access/acting-on-users.ts, applied inside each decider); this service adds the
 * platform-wide rule that an enabled super-admin always remains (SuperAdminRegistry): a removal is
 * recorded in the registry before the account changes and given back if the account change fails.
 */
export class RoleService {
  private readonly registry: SuperAdminRegistry;

  constructor(private readonly events: EventStore) {
    this.registry = new SuperAdminRegistry(events);
  }

  /** Pessimistic by design: the caller sends the roles revision it saw (If-Match). */
  async changeRoles(userId: string, roles: string[], reason: string, ifMatch: number | undefined, meta: CommandMetadata) {
    const { user, roles: current } = await this.target(userId);
    this.assertOutranks(userId, current, 'change-roles', meta);
    const wasSuperAdmin = isEnabledSuperAdmin(user, current);
    const willBeSuperAdmin = roles.map(normaliseRole).includes('super-admin');
    const result = await this.guarded(userId, meta, wasSuperAdmin && !willBeSuperAdmin, () =>
      handleCommand(this.events, userRolesStream(userId), userRolesDecider, { type: 'ChangeRoles', userId, roles, reason }, meta, { ifMatch }),
    );
    const now = (await loadStream(this.events, userRolesStream(userId), userRolesDecider)).state.roles;
    if (!wasSuperAdmin && isEnabledSuperAdmin(user, now)) await this.registry.enlist(userId, meta);
    return { roles: [...now], revision: result.revision, position: result.position };
  }

  async disable(userId: string, reason: string, meta: CommandMetadata): Promise<{ position: number }> {
    const { user, roles } = await this.target(userId);
    this.assertOutranks(userId, roles, 'disable', meta);
    const result = await this.guarded(userId, meta, isEnabledSuperAdmin(user, roles), () =>
      handleCommand(this.events, userStream(userId), userDecider, { type: 'DisableUser', reason, targetRoles: roles }, meta),
    );
    return { position: result.position };
  }

  async enable(userId: string, meta: CommandMetadata): Promise<{ position: number }> {
    const { roles } = await this.target(userId);
    const result = await handleCommand(this.events, userStream(userId), userDecider, { type: 'EnableUser', targetRoles: roles }, meta);
    const after = (await loadStream(this.events, userStream(userId), userDecider)).state;
    if (isEnabledSuperAdmin(after, roles)) await this.registry.enlist(userId, meta);
    return { position: result.position };
  }

  /** The deciders apply the same rule; asking it first keeps a refused actor from touching the registry. */
  private assertOutranks(userId: string, roles: readonly string[], action: UserAction, meta: CommandMetadata): void {
    assertMayActOn({ userId: meta.actorId, roles: meta.actorRoles }, { userId, roles }, action);
  }

  /** Runs `change`, delisting the super-admin first when it may remove one; re-enlists if it fails. */
  private async guarded<T>(userId: string, meta: CommandMetadata, removesSuperAdmin: boolean, change: () => Promise<T>): Promise<T> {
    if (!removesSuperAdmin) return change();
    await this.registry.delist(userId, meta);
    try {
      return await change();
    } catch (error) {
      await this.registry.enlist(userId, meta);
      throw error;
    }
  }

  private async target(userId: string): Promise<{ user: RegisteredUser; roles: readonly string[] }> {
    const user = (await loadStream(this.events, userStream(userId), userDecider)).state;
    if (user.status === 'unregistered') throw new DomainError('NOT_FOUND', 'user');
    const roles = (await loadStream(this.events, userRolesStream(userId), userRolesDecider)).state.roles;
    return { user, roles };
  }
}
