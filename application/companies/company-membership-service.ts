import { userStream } from '../../domain/accounts/user';
import { companyStream } from '../../domain/companies/company';
import { companyMembershipDecider, companyMembershipStream } from '../../domain/companies/company-membership';
import { DomainError } from '../../domain/shared/errors';
import type { CommandMetadata } from '../../domain/shared/event';
import { loadStream } from '../../kernel/command-handling/decided-state';
import { handleCommand } from '../../kernel/command-handling/handle-command';
import type { EventStore } from '../../kernel/ports/event-store';

/**
 * Which company a company user acts for. Read from the user's membership stream on every request that
 * needs it (one small stream, like the roles): strongly consistent, so a revoked membership hides the
 * company's data at once, where a read model would lag behind the revocation.
 */
export class CompanyMembershipService {
  constructor(private readonly events: EventStore) {}

  async companyOf(userId: string): Promise<string | null> {
    return (await loadStream(this.events, companyMembershipStream(userId), companyMembershipDecider)).state.companyId;
  }

  /** Both the user and the company must exist; company registrations are never undone, so checking first is safe. */
  async grant(userId: string, companyId: string, meta: CommandMetadata) {
    if ((await this.events.readStream(userStream(userId))).length === 0) throw new DomainError('NOT_FOUND', 'user');
    if ((await this.events.readStream(companyStream(companyId))).length === 0) throw new DomainError('NOT_FOUND', 'company');
    return handleCommand(this.events, companyMembershipStream(userId), companyMembershipDecider, { type: 'GrantCompanyMembership', userId, companyId }, meta);
  }

  async revoke(userId: string, companyId: string, meta: CommandMetadata) {
    return handleCommand(this.events, companyMembershipStream(userId), companyMembershipDecider, { type: 'RevokeCompanyMembership', userId, companyId }, meta);
  }
}
