import type { Projection } from '../../application/projections/projection';
import { guardedUpsert } from '../../application/projections/guarded-writes';
import type { RecordedEvent } from '../../application/ports/event-store';
import type { ReadStore } from '../../application/ports/read-store';
import type { UserEvent } from '../../domain/accounts/user';
import type { UserRolesEvent } from '../../domain/access/user-roles';
import type { CompanyMembershipEvent } from '../../domain/companies/company-membership';
import { USERS, type UserDoc } from './user-doc';

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
  async apply(recorded: RecordedEvent, store: ReadStore) {
    const users = store.collection<UserDoc>(USERS);
    const event = { type: recorded.type, data: recorded.data } as UserEvent | UserRolesEvent | CompanyMembershipEvent;
    switch (event.type) {
      case 'CompanyMembershipGranted':
        await guardedUpsert(users, event.data.userId, recorded, {
          $set: { companyId: event.data.companyId },
          $setOnInsert: { roles: [], rolesRevision: -1, disabled: false },
        });
        return;
      case 'CompanyMembershipRevoked':
        await guardedUpsert(users, event.data.userId, recorded, { $set: { companyId: null }, $setOnInsert: { roles: [], rolesRevision: -1, disabled: false } });
        return;
      case 'UserRegistered': {
        const d = event.data;
        await guardedUpsert(users, d.userId, recorded, {
          $set: {
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
          },
          $setOnInsert: { roles: [], rolesRevision: -1, disabled: false },
        });
        return;
      }
      case 'UserEmailVerified':
        await guardedUpsert(users, event.data.userId, recorded, { $set: { verified: true, verifiedAt: event.data.verifiedAt } });
        return;
      case 'UserProfileUpdated':
        await guardedUpsert(users, event.data.userId, recorded, { $set: { ...event.data.changes, updatedAt: event.data.updatedAt } });
        return;
      case 'UserDisabled':
        await guardedUpsert(users, event.data.userId, recorded, { $set: { disabled: true } });
        return;
      case 'UserEnabled':
        await guardedUpsert(users, event.data.userId, recorded, { $set: { disabled: false } });
        return;
      case 'UserRolesAdded':
      case 'UserRolesRemoved':
      case 'UserRolesModified':
        // `user-roles-<id>` travels apart from `user-<id>` (another Kafka partition): its event may create the
        // document, which then needs the defaults the registration's $setOnInsert would have given it.
        await guardedUpsert(users, event.data.userId, recorded, {
          $set: { roles: event.data.newRoles, rolesRevision: recorded.revision },
          $setOnInsert: { disabled: false },
        });
        return;
    }
  },
};
