import type { Projection } from '../../kernel/projections/projection';
import { guardedUpsert } from '../../kernel/projections/guarded-writes';
import type { UserEvent } from '../../domain/accounts/user';
import type { UserRolesEvent } from '../../domain/access/user-roles';
import type { CompanyMembershipEvent } from '../../domain/companies/company-membership';
import { USERS, type UserDoc } from './user-doc';

/**
 * What a user document holds before any event says otherwise. Whichever stream's event creates the document
 * (`user-roles-<id>` may come before `user-<id>`: another Kafka partition) gives it these, less what it sets.
 */
const USER_DEFAULTS: Record<string, unknown> = { roles: [], rolesRevision: -1, disabled: false };
const withDefaults = (set: Record<string, unknown>) => {
  const defaults = Object.fromEntries(Object.entries(USER_DEFAULTS).filter(([field]) => !(field in set)));
  return Object.keys(defaults).length ? { $set: set, $setOnInsert: defaults } : { $set: set };
};

/**
 * Back-office user list and detail: one document per user, fed by `user-<id>`, `user-roles-<id>` and
 * `membership-<id>` (the company a company user acts for: the company's team). Whichever stream's event comes
 * first creates the document with every default (Kafka orders per stream only).
 */
export const usersProjection: Projection<UserEvent | UserRolesEvent | CompanyMembershipEvent> = {
  name: 'users',
  /** 2: a document a role event created before the registration got no `disabled` (distributed mode only). */
  version: 2,
  collections: [USERS],
  categories: ['user', 'membership'],
  eventTypes: [
    'UserRegistered',
    'UserEmailVerified',
    'UserProfileUpdated',
    'UserDisabled',
    'UserEnabled',
    'UserRolesAdded',
    'UserRolesRemoved',
    'UserRolesModified',
    'CompanyMembershipGranted',
    'CompanyMembershipRevoked',
  ],
  indexes: [
    { collection: USERS, keys: { email: 1 } },
    { collection: USERS, keys: { rut: 1 } },
    { collection: USERS, keys: { joinedAt: -1 } },
    { collection: USERS, keys: { companyId: 1 } },
  ],
  async apply(recorded, store) {
    const users = store.collection<UserDoc>(USERS);
    const upsert = (userId: string, set: Record<string, unknown>) => guardedUpsert(users, userId, recorded, withDefaults(set));
    const event: UserEvent | UserRolesEvent | CompanyMembershipEvent = recorded;
    switch (event.type) {
      case 'CompanyMembershipGranted':
        await upsert(event.data.userId, { companyId: event.data.companyId });
        return;
      case 'CompanyMembershipRevoked':
        await upsert(event.data.userId, { companyId: null });
        return;
      case 'UserRegistered': {
        const d = event.data;
        await upsert(d.userId, {
          email: d.email,
          rut: d.rut,
          name: d.name,
          firstLastName: d.firstLastName,
          secondLastName: d.secondLastName,
          personalEmail: d.personalEmail,
          phone: d.phone,
          post: d.post,
          verified: false,
          joinedAt: d.registeredAt,
        });
        return;
      }
      case 'UserEmailVerified':
        await upsert(event.data.userId, { verified: true, verifiedAt: event.data.verifiedAt });
        return;
      case 'UserProfileUpdated':
        await upsert(event.data.userId, { ...event.data.changes, updatedAt: event.data.updatedAt });
        return;
      case 'UserDisabled':
        await upsert(event.data.userId, { disabled: true });
        return;
      case 'UserEnabled':
        await upsert(event.data.userId, { disabled: false });
        return;
      case 'UserRolesAdded':
      case 'UserRolesRemoved':
      case 'UserRolesModified':
        await upsert(event.data.userId, { roles: event.data.newRoles, rolesRevision: recorded.revision });
        return;
    }
  },
};
