import type { Projection } from '../../kernel/projections/projection';
import { guardedUpsert } from '../../kernel/projections/guarded-writes';
import { PERSONAL_DATA_CATEGORY, PERSONAL_DATA_ERASED, type PersonalDataErased } from '../../kernel/personal-data/personal-data-erased';
import type { IdentityClaimEvent } from '../../domain/accounts/identity-claim';
import type { UserEvent } from '../../domain/accounts/user';

export const SIGN_UP_CLAIMS = 'sign_up_claims';

export interface IdentityClaimDoc {
  value: string;
  claimedAt: string;
  released: boolean;
}

/** One per account id: the email and RUT it claimed, and whether the account was registered. */
export interface SignUpClaimsDoc {
  _id: string;
  [key: string]: unknown;
  email?: IdentityClaimDoc;
  rut?: IdentityClaimDoc;
  registered?: boolean;
}

/**
 * The email and RUT claims of each sign-up (or invitation) and whether its account was registered: those without an
 * account are a sign-up between its claims and its account, or one a crash stopped there, which the start releases
 * (application/accounts/interrupted-sign-ups.ts). It only proposes them: the claim's and the account's streams
 * decide. Kept by account id, each field from its own stream, so Kafka's order across streams changes nothing.
 */
export const signUpClaimsProjection: Projection<IdentityClaimEvent | UserEvent | PersonalDataErased> = {
  name: 'sign-up-claims',
  collections: [SIGN_UP_CLAIMS],
  categories: ['emailclaim', 'rutclaim', 'user', PERSONAL_DATA_CATEGORY],
  eventTypes: ['IdentityClaimed', 'IdentityReleased', 'UserRegistered', PERSONAL_DATA_ERASED],
  indexes: [{ collection: SIGN_UP_CLAIMS, keys: { registered: 1 } }],
  async apply(recorded, store) {
    const docs = store.collection<SignUpClaimsDoc>(SIGN_UP_CLAIMS);
    if (recorded.type === PERSONAL_DATA_ERASED) return void (await docs.deleteMany({ _id: recorded.data.subjectId }));
    const event: IdentityClaimEvent | UserEvent = recorded;
    switch (event.type) {
      case 'IdentityClaimed': {
        const { kind, value, userId, claimedAt } = event.data;
        return void (await guardedUpsert(docs, userId, recorded, { $set: { [kind]: { value, claimedAt, released: false } } }));
      }
      case 'IdentityReleased':
        return void (await guardedUpsert(docs, event.data.userId, recorded, { $set: { [`${event.data.kind}.released`]: true } }));
      case 'UserRegistered':
        return void (await guardedUpsert(docs, event.data.userId, recorded, { $set: { registered: true } }));
    }
  },
};
