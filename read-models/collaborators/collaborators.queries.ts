import type { ReadStore } from '../../application/ports/read-store';
import { COLLABORATORS, type CollaboratorDoc } from './collaborators.projection';

export { COLLABORATORS, type CollaboratorDoc } from './collaborators.projection';

export const collaboratorOfUser = (store: ReadStore, userId: string): Promise<CollaboratorDoc | null> =>
  store.collection<CollaboratorDoc>(COLLABORATORS).findOne({ userId, active: true });
