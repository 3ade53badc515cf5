import { DomainError } from '../shared/errors';
import type { CommandMetadata, Decider, DomainEvent } from '../shared/event';

/**
 * A company user's membership (stream `membership-<userId>`): which company's portal a user with the
 * company role acts for. Kept per user, not on the company's stream, because every request of that user
 * asks "which company am I?" and must get the answer at once (like the roles, read from the stream, so a
 * revoked membership closes the company's data immediately) and because the user's stream is where "one
 * company at a time" is decided without a race.
 */
export type CompanyMembershipEvent =
  | DomainEvent<'CompanyMembershipGranted', { userId: string; companyId: string; grantedBy: string; grantedAt: string }>
  | DomainEvent<'CompanyMembershipRevoked', { userId: string; companyId: string; revokedBy: string; revokedAt: string }>;

export type CompanyMembershipCommand =
  { type: 'GrantCompanyMembership'; userId: string; companyId: string } | { type: 'RevokeCompanyMembership'; userId: string; companyId: string };

export interface CompanyMembershipState {
  /** The company the user acts for, or null. */
  readonly companyId: string | null;
}

export const companyMembershipDecider: Decider<CompanyMembershipCommand, CompanyMembershipState, CompanyMembershipEvent> = {
  initialState: () => ({ companyId: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'CompanyMembershipGranted':
        return { companyId: event.data.companyId };
      case 'CompanyMembershipRevoked':
        return state.companyId === event.data.companyId ? { companyId: null } : state;
    }
  },
  decide: (command, state, meta: CommandMetadata): CompanyMembershipEvent[] => {
    const { userId, companyId } = command;
    switch (command.type) {
      case 'GrantCompanyMembership':
        if (state.companyId === companyId) return []; // the same grant retried
        if (state.companyId !== null)
          throw new DomainError('BUSINESS_RULE_VIOLATION', `member of ${state.companyId}`, [
            { field: 'companyId', code: 'BUSINESS_RULE_VIOLATION', message: 'El usuario ya pertenece a otra empresa.' },
          ]);
        return [{ type: 'CompanyMembershipGranted', data: { userId, companyId, grantedBy: meta.actorId, grantedAt: meta.now.toISOString() } }];
      case 'RevokeCompanyMembership':
        // Revoking what does not exist records nothing: it is not found.
        if (state.companyId !== companyId) throw new DomainError('NOT_FOUND', 'membership');
        return [{ type: 'CompanyMembershipRevoked', data: { userId, companyId, revokedBy: meta.actorId, revokedAt: meta.now.toISOString() } }];
      default: {
        const exhaustive: never = command;
        throw new Error(`Unknown command ${(exhaustive as { type: string }).type}`);
      }
    }
  },
};

export const companyMembershipStream = (userId: string): string => `membership-${userId}`;
