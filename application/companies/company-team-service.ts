import { companyDecider, companyStream } from '../../domain/companies/company';
import { DomainError } from '../../domain/shared/errors';
import type { CommandMetadata } from '../../domain/shared/event';
import { companyMembers } from '../../read-models/users/users.queries';
import type { AccountService } from '../accounts/account-service';
import { loadStream } from '../../kernel/command-handling/decided-state';
import type { EventStore } from '../../kernel/ports/event-store';
import type { ReadStore } from '../../kernel/ports/read-store';
import type { CompanyMembershipService } from './company-membership-service';

export interface TeamInvitation {
  readonly email: string;
  readonly rut: string;
  readonly name: string;
  readonly firstLastName: string;
  readonly secondLastName: string;
  readonly phone: string;
  readonly post: string;
}

/**
 * A company's team (spec §2 real-estate portal: team; issue 10: membership managed in the back office and
 * the portal): the company users who act for it. Inviting opens a company account (email and RUT claimed, a
 * link to choose the password) and makes it a member; removing revokes the membership at once (the company's
 * data closes on the person's next request, read from their membership stream).
 */
export class CompanyTeamService {
  constructor(
    private readonly events: EventStore,
    private readonly readStore: ReadStore,
    private readonly accounts: AccountService,
    private readonly memberships: CompanyMembershipService,
  ) {}

  members(companyId: string) {
    return companyMembers(this.readStore, companyId);
  }

  async invite(companyId: string, person: TeamInvitation, meta: CommandMetadata) {
    const { state } = await loadStream(this.events, companyStream(companyId), companyDecider);
    if (!state.exists) throw new DomainError('NOT_FOUND', 'company');
    const company = state.profile.name;
    const invited = await this.accounts.invite(
      person,
      ['company'],
      (link) => ({ to: person.email, template: 'team_invitation', variables: { name: person.name, company, link } }),
      meta,
    );
    const granted = await this.memberships.grant(invited.userId, companyId, meta);
    return { userId: invited.userId, position: Math.max(invited.position, granted.position) };
  }

  async remove(companyId: string, userId: string, meta: CommandMetadata) {
    if (userId === meta.actorId)
      throw new DomainError('BUSINESS_RULE_VIOLATION', 'self', [
        {
          field: 'userId',
          code: 'BUSINESS_RULE_VIOLATION',
          message: 'No puede quitarse a sí mismo del equipo: pídalo a otra persona del equipo o a un administrador.',
        },
      ]);
    if ((await this.memberships.companyOf(userId)) !== companyId) throw new DomainError('NOT_FOUND', 'member');
    return this.memberships.revoke(userId, companyId, meta);
  }
}
