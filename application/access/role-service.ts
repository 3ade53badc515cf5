import { userStream } from '../../domain/accounts/user';
import { userDecider } from '../../domain/accounts/user.decide';
import { userRolesDecider, userRolesStream } from '../../domain/access/user-roles.decide';
import { DomainError } from '../../domain/shared/errors';
import type { CommandMetadata } from '../../domain/shared/event';
import { loadStream } from '../command-handling/decided-state';
import { handleCommand } from '../command-handling/handle-command';
import type { EventStore } from '../ports/event-store';

/** Role management. Pessimistic by design: the caller sends the revision it saw (If-Match). */
export class RoleService {
  constructor(private readonly events: EventStore) {}

  async changeRoles(userId: string, roles: string[], reason: string, ifMatch: number | undefined, meta: CommandMetadata) {
    if ((await loadStream(this.events, userStream(userId), userDecider)).revision === -1) throw new DomainError('NOT_FOUND', 'user');
    const result = await handleCommand(this.events, userRolesStream(userId), userRolesDecider, { type: 'ChangeRoles', userId, roles, reason }, meta, { ifMatch });
    // The roles as recorded by the last change (this command's, or the one it found already in place).
    const { state } = await loadStream(this.events, userRolesStream(userId), userRolesDecider);
    return { roles: state.roles, revision: result.revision, position: result.position };
  }
}
