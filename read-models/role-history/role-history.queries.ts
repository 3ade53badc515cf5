import type { Filter, ReadStore } from '../../kernel/ports/read-store';
import { usersByIds } from '../users/users.queries';
import { USERS, type UserDoc } from '../users/user-doc';
import { ROLE_CHANGES, type RoleChangeDoc } from './role-change-doc';

export interface RoleChangeQuery {
  /** A user id or email. */
  userId?: string;
  /** The id or email of who made the change ('system' for the platform itself). */
  actorId?: string;
  /** Inclusive bounds: a day (yyyy-mm-dd, whole UTC day) or an ISO instant. */
  from?: string;
  to?: string;
  changeType?: RoleChangeDoc['changeType'];
  page: number;
  perPage: number;
}

const SYSTEM = { id: 'system', name: 'Sistema', email: '' };

/** Auditors filter by the email they know as well as by id. */
const resolvePerson = async (store: ReadStore, idOrEmail: string): Promise<string> => {
  if (!idOrEmail.includes('@')) return idOrEmail;
  const user = await store.collection<UserDoc>(USERS).findOne({ email: idOrEmail.trim().toLowerCase() });
  return user?._id ?? idOrEmail;
};

export const listRoleChanges = async (store: ReadStore, q: RoleChangeQuery) => {
  const filter: Filter = {};
  if (q.userId) filter.userId = await resolvePerson(store, q.userId);
  if (q.actorId) filter.modifiedBy = await resolvePerson(store, q.actorId);
  if (q.changeType) filter.changeType = q.changeType;
  if (q.from || q.to) {
    const range: Record<string, string> = {};
    if (q.from) range.$gte = q.from.length === 10 ? `${q.from}T00:00:00.000Z` : new Date(q.from).toISOString();
    if (q.to) range.$lte = q.to.length === 10 ? `${q.to}T23:59:59.999Z` : new Date(q.to).toISOString();
    filter.occurredAt = range;
  }
  const changes = store.collection<RoleChangeDoc>(ROLE_CHANGES);
  const [docs, total] = await Promise.all([
    changes.find(filter, { sort: { occurredAt: -1, position: -1 }, skip: (q.page - 1) * q.perPage, limit: q.perPage }),
    changes.countDocuments(filter),
  ]);
  // Names are joined at read time so that a renamed user shows their current name everywhere.
  const people = await usersByIds(
    store,
    docs.flatMap((d) => [d.userId, d.modifiedBy]),
  );
  const person = (id: string) => {
    const u = people.get(id);
    return u ? { id, name: [u.name, u.firstLastName].filter(Boolean).join(' '), email: u.email } : id === 'system' ? SYSTEM : { id, name: id, email: '' };
  };
  const items = docs.map((d) => ({
    id: d._id,
    userId: d.userId,
    userName: person(d.userId).name,
    userEmail: person(d.userId).email,
    changeType: d.changeType,
    previousRoles: d.previousRoles,
    newRoles: d.newRoles,
    added: d.added,
    removed: d.removed,
    modifiedBy: person(d.modifiedBy),
    reason: d.reason,
    occurredAt: d.occurredAt,
  }));
  return { items, total, page: q.page, perPage: q.perPage };
};
