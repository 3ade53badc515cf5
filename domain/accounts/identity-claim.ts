import { DomainError } from '../shared/errors';
import type { CommandMetadata, Decider, DomainEvent } from '../shared/event';

/**
 * Uniqueness of emails and RUTs without a database constraint: each value has its own stream
 * (`emailclaim-<email>`, `rutclaim-<rut>`) and the first claim wins through optimistic concurrency.
 * These streams also answer "which user has this email/RUT?" consistently, for sign-in.
 */
export type IdentityKind = 'email' | 'rut';

export type IdentityClaimEvent =
  | DomainEvent<'IdentityClaimed', { kind: IdentityKind; value: string; userId: string; claimedAt: string }>
  | DomainEvent<'IdentityReleased', { kind: IdentityKind; value: string; userId: string; releasedAt: string }>;

export type IdentityClaimCommand =
  { type: 'ClaimIdentity'; kind: IdentityKind; value: string; userId: string } | { type: 'ReleaseIdentity'; kind: IdentityKind; value: string; userId: string };

export interface IdentityClaimState {
  readonly ownerId: string | null;
}

const ALREADY_EXISTS = { email: 'EMAIL_ALREADY_EXISTS', rut: 'RUT_ALREADY_EXISTS' } as const;

const decide = (command: IdentityClaimCommand, state: IdentityClaimState, meta: CommandMetadata): IdentityClaimEvent[] => {
  const { kind, value, userId } = command;
  const at = meta.now.toISOString();
  switch (command.type) {
    case 'ClaimIdentity':
      if (state.ownerId === userId) return [];
      if (state.ownerId !== null)
        throw new DomainError(ALREADY_EXISTS[kind], `${kind} taken`, [{ field: kind === 'email' ? 'workEmail' : 'rut', code: ALREADY_EXISTS[kind] }]);
      return [{ type: 'IdentityClaimed', data: { kind, value, userId, claimedAt: at } }];
    case 'ReleaseIdentity':
      if (state.ownerId !== userId) return [];
      return [{ type: 'IdentityReleased', data: { kind, value, userId, releasedAt: at } }];
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown command ${(exhaustive as { type: string }).type}`);
    }
  }
};

export const identityClaimDecider: Decider<IdentityClaimCommand, IdentityClaimState, IdentityClaimEvent> = {
  initialState: () => ({ ownerId: null }),
  evolve: (_state, event) => ({ ownerId: event.type === 'IdentityClaimed' ? event.data.userId : null }),
  decide,
};

export const identityClaimStream = (kind: IdentityKind, value: string): string => `${kind}claim-${value}`;
