import type { Filter, ReadStore, SortSpec } from '../../kernel/ports/read-store';
import { statusOf, USERS, type UserDoc, type UserStatus } from './user-doc';

export interface UserSummary {
  id: string;
  name: string;
  firstLastName: string;
  secondLastName: string;
  email: string;
  rut: string;
  phone: string;
  roles: string[];
  status: UserStatus;
  verified: boolean;
  joinedAt: string;
}

export interface UserDetail extends UserSummary {
  personalEmail: string;
  post: string;
  rolesRevision: number;
}

export interface ListUsersQuery {
  search?: string;
  role?: string;
  status?: UserStatus;
  verified?: boolean;
  page: number;
  perPage: number;
  sort: 'name' | '-name' | 'email' | '-email' | 'joinedAt' | '-joinedAt';
}

/** User input goes into a regular expression: every metacharacter is escaped (no ReDoS, no injection). */
const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const STATUS_FILTER: Record<UserStatus, Filter> = {
  active: { verified: true, disabled: { $ne: true } },
  pending_verification: { verified: false, disabled: { $ne: true } },
  disabled: { disabled: true },
};

const toSummary = (d: UserDoc): UserSummary => ({
  id: d._id,
  name: d.name,
  firstLastName: d.firstLastName,
  secondLastName: d.secondLastName,
  email: d.email,
  rut: d.rut,
  phone: d.phone,
  roles: d.roles ?? [],
  status: statusOf(d),
  verified: d.verified === true,
  joinedAt: d.joinedAt,
});

export const listUsers = async (store: ReadStore, q: ListUsersQuery) => {
  const and: Filter[] = [{ email: { $exists: true } }];
  if (q.search) {
    const pattern = escapeRegex(q.search.trim());
    const digits = q.search.replace(/[^\dkK]/g, '');
    const or: Filter[] = ['name', 'firstLastName', 'secondLastName', 'email'].map((f) => ({ [f]: { $regex: pattern, $options: 'i' } }));
    if (digits.length >= 3) or.push({ rut: { $regex: escapeRegex(digits.toUpperCase()) } });
    and.push({ $or: or });
  }
  if (q.role) and.push({ roles: q.role });
  if (q.status) and.push(STATUS_FILTER[q.status]);
  if (q.verified !== undefined) and.push({ verified: q.verified });
  const filter = { $and: and };
  const key = q.sort.replace('-', '');
  const sort: SortSpec = { [key]: q.sort.startsWith('-') ? -1 : 1, _id: 1 };
  const users = store.collection<UserDoc>(USERS);
  const [docs, total] = await Promise.all([users.find(filter, { sort, skip: (q.page - 1) * q.perPage, limit: q.perPage }), users.countDocuments(filter)]);
  return { items: docs.map(toSummary), total, page: q.page, perPage: q.perPage };
};

export const getUser = async (store: ReadStore, id: string): Promise<UserDetail | null> => {
  const d = await store.collection<UserDoc>(USERS).findOne({ _id: id, email: { $exists: true } });
  return d ? { ...toSummary(d), personalEmail: d.personalEmail, post: d.post, rolesRevision: d.rolesRevision } : null;
};

export const usersByIds = async (store: ReadStore, ids: readonly string[]): Promise<Map<string, UserDoc>> => {
  const docs = await store.collection<UserDoc>(USERS).find({ _id: { $in: [...new Set(ids)] } });
  return new Map(docs.map((d) => [d._id, d]));
};

/** A company's team: the accounts whose membership is that company (stream `membership-<userId>`). */
export const companyMembers = async (store: ReadStore, companyId: string): Promise<UserDoc[]> =>
  store.collection<UserDoc>(USERS).find({ companyId }, { sort: { name: 1, _id: 1 }, limit: 500 });

/** Enabled accounts holding any of `roles` (who is told about work for those roles: data requests, registrations). */
export const enabledUsersWithRoles = async (store: ReadStore, roles: readonly string[]): Promise<string[]> =>
  (await store.collection<UserDoc>(USERS).find({ roles: { $in: [...roles] }, disabled: { $ne: true } }, { sort: { _id: 1 } })).map((u) => u._id);

/** Accounts registered at or before `beforeIso` that no roles event ever reached (a sign-up interrupted between the two). */
export const usersNeverGrantedRoles = async (store: ReadStore, beforeIso: string): Promise<string[]> =>
  (await store.collection<UserDoc>(USERS).find({ rolesRevision: -1, joinedAt: { $lte: beforeIso } }, { limit: 1_000 })).map((u) => u._id);
