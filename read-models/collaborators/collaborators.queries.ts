import type { ReadStore } from '../../application/ports/read-store';
import { COLLABORATORS, type CollaboratorDoc } from './collaborators.projection';

/** A company's active collaborators with their RUT: whom a campaign enrols automatically, or by RUT. */
export const activeCollaboratorsOf = async (store: ReadStore, companyId: string): Promise<{ collaboratorId: string; rut: string }[]> =>
  (await store.collection<CollaboratorDoc>(COLLABORATORS).find({ companyId, active: true })).map((doc) => ({ collaboratorId: doc._id, rut: String(doc.rut ?? '') }));
