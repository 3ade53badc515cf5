import type { Projection } from '../../kernel/projections/projection';
import { eventDocId, insertOnce } from '../../kernel/projections/guarded-writes';
import type { RecordedEvent } from '../../kernel/ports/event-store';
import type { ReadStore } from '../../kernel/ports/read-store';
import type { RoleChangeData } from '../../domain/access/user-roles';
import { ROLE_CHANGES, type RoleChangeDoc } from './role-change-doc';
import type { UserRolesEvent } from '../../domain/access/user-roles';

/** The auditor's role-change history: one immutable row per role event, keyed by the event itself. */
export const roleHistoryProjection: Projection<UserRolesEvent> = {
  name: 'role-history',
  collections: [ROLE_CHANGES],
  categories: ['user'],
  eventTypes: ['UserRolesAdded', 'UserRolesRemoved', 'UserRolesModified'],
  indexes: [
    { collection: ROLE_CHANGES, keys: { userId: 1, occurredAt: -1 } },
    { collection: ROLE_CHANGES, keys: { modifiedBy: 1, occurredAt: -1 } },
    { collection: ROLE_CHANGES, keys: { occurredAt: -1 } },
  ],
  async apply(event: RecordedEvent, store: ReadStore) {
    const d = event.data as RoleChangeData;
    await insertOnce(store.collection<RoleChangeDoc>(ROLE_CHANGES), {
      _id: eventDocId(event),
      userId: d.userId,
      changeType: d.changeType,
      previousRoles: d.previousRoles,
      newRoles: d.newRoles,
      added: d.added,
      removed: d.removed,
      modifiedBy: d.modifiedBy,
      reason: d.reason,
      occurredAt: d.changedAt,
      correlationId: event.metadata.correlationId,
      position: event.globalPosition,
    });
  },
};
