import type { ReadStore } from '../../kernel/ports/read-store';
import type { CollaboratorData, EditableCollaborator } from '../../domain/companies/collaborator';
import { COLLABORATORS, type CollaboratorDoc } from './collaborators.projection';

export { COLLABORATORS, type CollaboratorDoc } from './collaborators.projection';

export const collaboratorOfUser = (store: ReadStore, userId: string): Promise<CollaboratorDoc | null> =>
  store.collection<CollaboratorDoc>(COLLABORATORS).findOne({ userId, active: true });

/** A company's active collaborators with their RUT: whom a campaign enrols automatically, or by RUT. */
export const activeCollaboratorsOf = async (store: ReadStore, companyId: string): Promise<{ collaboratorId: string; rut: string }[]> =>
  (await store.collection<CollaboratorDoc>(COLLABORATORS).find({ companyId, active: true })).map((doc) => ({
    collaboratorId: doc._id,
    rut: String(doc.rut ?? ''),
  }));

/** A collaborator as the company's screens list it: the aggregate's data by its id, with status, account and revision. */
export type CollaboratorRow = Pick<CollaboratorData, 'companyId' | 'rut'> &
  EditableCollaborator & {
    id: string;
    active: boolean;
    hasAccount: boolean;
    revision: number;
  };

const row = (doc: CollaboratorDoc): CollaboratorRow => ({
  id: doc._id,
  companyId: doc.companyId,
  rut: String(doc.rut ?? ''),
  name: String(doc.name ?? ''),
  firstSurname: String(doc.firstSurname ?? ''),
  secondSurname: String(doc.secondSurname ?? ''),
  workEmail: String(doc.workEmail ?? ''),
  personalEmail: String(doc.personalEmail ?? ''),
  phone: String(doc.phone ?? ''),
  post: doc.post,
  companyContributionUF: doc.companyContributionUF,
  plan: doc.plan,
  active: doc.active,
  hasAccount: doc.userId !== null && doc.userId !== undefined,
  revision: typeof doc.revision === 'number' ? doc.revision : 0,
});

/** A company's collaborators by surname, optionally only the active ones or those matching a search. */
export const listCollaborators = async (store: ReadStore, companyId: string, q: { search?: string; active?: boolean }) => {
  const docs = await store
    .collection<CollaboratorDoc>(COLLABORATORS)
    .find({ companyId, ...(q.active === undefined ? {} : { active: q.active }) }, { sort: { firstSurname: 1, name: 1, _id: 1 } });
  const needle = q.search?.trim().toLocaleLowerCase('es-CL');
  const rows = docs.map(row);
  return {
    items: needle
      ? rows.filter((r) => [r.name, r.firstSurname, r.secondSurname, r.rut, r.workEmail].some((v) => v.toLocaleLowerCase('es-CL').includes(needle)))
      : rows,
  };
};

export const getCollaborator = async (store: ReadStore, collaboratorId: string): Promise<CollaboratorRow | null> => {
  const doc = await store.collection<CollaboratorDoc>(COLLABORATORS).findOne({ _id: collaboratorId });
  return doc ? row(doc) : null;
};
