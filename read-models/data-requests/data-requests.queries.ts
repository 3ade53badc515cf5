import type { Filter, ReadStore } from '../../kernel/ports/read-store';
import type { DataRequestStatus } from '../../domain/personal-data/data-request';
import { USERS, type UserDoc } from '../users/user-doc';
import { DATA_REQUESTS, type DataRequestDoc } from './data-requests.projection';

const view = ({ _id, _v: _version, ...rest }: DataRequestDoc) => ({ id: _id, ...rest });

/**
 * The officer's queue, the nearest deadline first. Each request names its subject by the pseudonymous id
 * and, beside it, the name the users read model holds ("titular suprimido" once the person is erased).
 */
export const listDataRequests = async (store: ReadStore, q: { status?: DataRequestStatus }) => {
  const filter: Filter = q.status ? { status: q.status } : {};
  const docs = await store.collection<DataRequestDoc>(DATA_REQUESTS).find(filter, { sort: { dueAt: 1, _id: 1 } });
  const subjectIds = [...new Set(docs.map((d) => d.subjectId))];
  const users = subjectIds.length ? await store.collection<UserDoc>(USERS).find({ _id: { $in: subjectIds } }) : [];
  const names = new Map(users.map((u) => [u._id, [u.name, u.firstLastName, u.secondLastName].filter(Boolean).join(' ')]));
  const items = docs.map((d) => ({ ...view(d), subject: { id: d.subjectId, name: names.get(d.subjectId) ?? null } }));
  return { items, total: items.length };
};

/** One request as the queue shows it, or null. */
export const dataRequestById = async (store: ReadStore, id: string) => {
  const doc = await store.collection<DataRequestDoc>(DATA_REQUESTS).findOne({ _id: id });
  if (!doc) return null;
  const user = await store.collection<UserDoc>(USERS).findOne({ _id: doc.subjectId });
  const name = user ? [user.name, user.firstLastName, user.secondLastName].filter(Boolean).join(' ') : null;
  return { ...view(doc), subject: { id: doc.subjectId, name } };
};

/** A person's own requests, newest first. */
export const listRequestsOf = async (store: ReadStore, subjectId: string) =>
  (await store.collection<DataRequestDoc>(DATA_REQUESTS).find({ subjectId }, { sort: { submittedAt: -1, _id: 1 } })).map(view);

/** Open requests due by `horizon` whose officers were not reminded yet, nearest first (the reminders' check). */
export const openRequestsDueBy = async (store: ReadStore, horizon: string): Promise<Pick<DataRequestDoc, '_id' | 'dueAt'>[]> =>
  store
    .collection<DataRequestDoc>(DATA_REQUESTS)
    .find({ status: { $in: ['submitted', 'verified'] }, dueAt: { $lte: horizon }, remindedAt: null }, { sort: { dueAt: 1, _id: 1 }, limit: 500 });
