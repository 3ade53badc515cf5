import { identityClaimDecider, identityClaimStream } from '../../domain/accounts/identity-claim';
import { userStream } from '../../domain/accounts/user';
import { userRolesDecider, userRolesStream } from '../../domain/access/user-roles.decide';
import type { CommandMetadata } from '../../domain/shared/event';
import { DEFAULT_ROLE } from '../../domain/shared/roles';
import { pendingClaims } from '../../read-models/users/sign-up-claims.queries';
import { usersNeverGrantedRoles } from '../../read-models/users/users.queries';
import { handleCommand } from '../../kernel/command-handling/handle-command';
import type { EventStore } from '../../kernel/ports/event-store';
import type { ReadStore } from '../../kernel/ports/read-store';

/**
 * What a crash in the middle of a sign-up (or an invitation) leaves, put right at start from the caught-up read
 * models. Those begun after `before` are left alone: in distributed mode another instance may be in the middle of
 * them (embedded, this process is the only writer and `before` is now). Both steps are idempotent.
 */
export const completeInterruptedSignUps = async (
  events: EventStore,
  store: ReadStore,
  before: Date,
  meta: CommandMetadata,
): Promise<{ claimsReleased: number; rolesGranted: number }> => ({
  claimsReleased: await releaseAbandonedClaims(events, store, before, meta),
  rolesGranted: await grantMissingDefaultRoles(events, store, before, meta),
});

/**
 * Email and RUT claims with no account behind them (a crash between the claims and the registration): released,
 * so the same person signs up again at once. The claim's stream must still name the same owner and the owner's
 * account stream must be empty, whatever the read model says.
 */
const releaseAbandonedClaims = async (events: EventStore, store: ReadStore, before: Date, meta: CommandMetadata): Promise<number> => {
  let released = 0;
  for (const { kind, value, userId } of await pendingClaims(store, before.toISOString())) {
    if ((await events.readStream(userStream(userId))).length > 0) continue; // registered after all
    const result = await handleCommand(events, identityClaimStream(kind, value), identityClaimDecider, { type: 'ReleaseIdentity', kind, value, userId }, meta);
    released += result.events.length;
  }
  return released;
};

/**
 * Accounts registered without their first role (a crash between the two): the default role, as the sign-up would
 * have granted it. A registration that did get its roles changes nothing (GrantInitialRoles is then a no-op).
 */
const grantMissingDefaultRoles = async (events: EventStore, store: ReadStore, before: Date, meta: CommandMetadata): Promise<number> => {
  let granted = 0;
  for (const userId of await usersNeverGrantedRoles(store, before.toISOString())) {
    const result = await handleCommand(
      events,
      userRolesStream(userId),
      userRolesDecider,
      { type: 'GrantInitialRoles', userId, roles: [DEFAULT_ROLE], reason: 'Registro de cuenta (completado al reiniciar)' },
      meta,
    );
    if (result.events.length) granted++;
  }
  return granted;
};
