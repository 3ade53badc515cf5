import type { Projection } from '../application/projections/projection';
import { roleHistoryProjection } from './role-history/role-history.projection';
import { usersProjection } from './users/users.projection';
import { collaboratorsProjection } from './collaborators/collaborators.projection';

/** Every read model the API queries. Each keeps its own checkpoint. */
export const ALL_PROJECTIONS: readonly Projection[] = [usersProjection, roleHistoryProjection, collaboratorsProjection];
