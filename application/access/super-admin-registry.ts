import { evolveUser, initialUserState, type UserEvent, type UserState } from '../../domain/accounts/user';
import { evolveUserRoles, initialUserRolesState, type UserRolesEvent, type UserRolesState } from '../../domain/access/user-roles';
import { SUPER_ADMIN_REGISTRY_STREAM, superAdminRegistryDecider } from '../../domain/access/super-admin-registry';
import type { CommandMetadata } from '../../domain/shared/event';
import { handleCommand } from '../../kernel/command-handling/handle-command';
import type { EventStore } from '../../kernel/ports/event-store';

const PAGE = 1000;

/** A super-admin who can sign in: verified and not disabled. */
export const isEnabledSuperAdmin = (user: UserState, roles: readonly string[]): boolean => user.status === 'active' && roles.includes('super-admin');

/**
 * The registry of enabled super-admins (domain/access/super-admin-registry.ts) as the application uses
 * it: opened on first use from the whole event log, then told before every removal and after every addition.
 */
export class SuperAdminRegistry {
  constructor(private readonly events: EventStore) {}

  /** Refuses (BUSINESS_RULE_VIOLATION) when `userId` is the last enabled super-admin. */
  async delist(userId: string, meta: CommandMetadata): Promise<void> {
    await this.open(meta);
    await handleCommand(this.events, SUPER_ADMIN_REGISTRY_STREAM, superAdminRegistryDecider, { type: 'DelistSuperAdmin', userId }, meta, { retries: 10 });
  }

  async enlist(userId: string, meta: CommandMetadata): Promise<void> {
    await this.open(meta);
    await handleCommand(this.events, SUPER_ADMIN_REGISTRY_STREAM, superAdminRegistryDecider, { type: 'EnlistSuperAdmin', userId }, meta, { retries: 10 });
  }

  /**
   * Data written before the registry existed has none: the first use scans the log once (users and
   * their roles) and records the enabled super-admins found. Whoever opens it first wins (`no_stream`);
   * the others fold the winner's list. A removal is only ever recorded after the registry is open, so
   * the scan cannot count someone a removal already took away.
   */
  private async open(meta: CommandMetadata): Promise<void> {
    if ((await this.events.readStream(SUPER_ADMIN_REGISTRY_STREAM)).length > 0) return;
    const users = new Map<string, UserState>();
    const roles = new Map<string, UserRolesState>();
    for (let from = 0; ;) {
      const page = await this.events.readAll({ fromPosition: from, limit: PAGE });
      for (const e of page) {
        const userId = String(e.data.userId ?? '');
        if (e.streamId.startsWith('user-roles-')) {
          const before = roles.get(userId) ?? initialUserRolesState();
          roles.set(userId, evolveUserRoles(before, e as unknown as UserRolesEvent) ?? before);
        } else if (e.streamId.startsWith('user-')) {
          const before = users.get(userId) ?? initialUserState();
          users.set(userId, evolveUser(before, e as unknown as UserEvent) ?? before); // an unknown type changes nothing
        }
      }
      if (page.length < PAGE) break;
      from = page[page.length - 1].globalPosition;
    }
    const members = [...users].filter(([id, user]) => isEnabledSuperAdmin(user, roles.get(id)?.roles ?? [])).map(([id]) => id);
    await handleCommand(
      this.events,
      SUPER_ADMIN_REGISTRY_STREAM,
      superAdminRegistryDecider,
      { type: 'OpenRegistry', members },
      { ...meta, actorId: 'system' },
      { retries: 10 },
    );
  }
}
