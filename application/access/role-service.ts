import { userStream } from '../../domain/accounts/user';
import { userRolesDecider, userRolesStream } from '../../domain/access/user-roles.decide';
import { DomainError } from '../../domain/shared/errors';
import type { CommandMetadata } from '../../domain/shared/event';
import { handleCommand } from '../command-handling/handle-command';
import type { EventStore } from '../ports/event-store';

/** Role management. Pessimistic by design: the caller sends the revision it saw (If-Match). */
export class RoleService {
  constructor(private readonly events: EventStore) {}

  async changeRoles(userId: string, roles: string[], reason: string, ifMatch: number | undefined, meta: CommandMetadata) {
    if ((await this.events.readStream(userStream(userId))).length === 0) throw new DomainError('NOT_FOUND', 'user');
    const result = await handleCommand(this.events, userRolesStream(userId), userRolesDecider, { type: 'ChangeRoles', userId, roles, reason }, meta, { ifMatch });
    const recorded = await this.events.readStream(userRolesStream(userId));
    const last = recorded[recorded.length - 1];
    return { roles: (last?.data.newRoles as string[]) ?? [], revision: result.revision, position: result.position };
  }
}
