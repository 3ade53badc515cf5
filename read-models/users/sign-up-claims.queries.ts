import type { ReadStore } from '../../kernel/ports/read-store';
import type { IdentityKind } from '../../domain/accounts/identity-claim';
import { SIGN_UP_CLAIMS, type SignUpClaimsDoc } from './sign-up-claims.projection';

export { SIGN_UP_CLAIMS };

/** Claims made at or before `beforeIso` whose account is not registered and that were not released. */
export const pendingClaims = async (store: ReadStore, beforeIso: string): Promise<{ kind: IdentityKind; value: string; userId: string }[]> => {
  const pending = (kind: IdentityKind) => ({ [`${kind}.released`]: false, [`${kind}.claimedAt`]: { $lte: beforeIso } });
  const docs = await store
    .collection<SignUpClaimsDoc>(SIGN_UP_CLAIMS)
    .find({ registered: { $ne: true }, $or: [pending('email'), pending('rut')] }, { limit: 1_000 });
  return docs.flatMap((doc) =>
    (['email', 'rut'] as const).flatMap((kind) => {
      const claim = doc[kind];
      return claim && !claim.released && claim.claimedAt <= beforeIso ? [{ kind, value: claim.value, userId: doc._id }] : [];
    }),
  );
};
