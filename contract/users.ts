import { z } from 'zod';
import { booleanQuery, isoDate, pageQuery } from './common';

export const listUsersQuery = z.strictObject({
  search: z.string().max(100).optional(),
  role: z.string().max(30).optional(),
  status: z.enum(['pending_verification', 'active', 'disabled']).optional(),
  verified: booleanQuery.optional(),
  sort: z.enum(['name', '-name', 'email', '-email', 'joinedAt', '-joinedAt']).default('name'),
  ...pageQuery,
});

export const changeRolesBody = z.strictObject({
  roles: z.array(z.string().min(1).max(40)).max(10),
  reason: z.string().trim().min(3).max(500),
});

export const disableBody = z.strictObject({ reason: z.string().trim().min(3).max(500) });

export const roleChangesQuery = z.strictObject({
  userId: z.string().max(254).optional(),
  actorId: z.string().max(254).optional(),
  // A day (yyyy-mm-dd, whole UTC day) or an exact instant (the web sends local-day bounds as instants).
  from: z.union([isoDate, z.iso.datetime({ offset: true })]).optional(),
  to: z.union([isoDate, z.iso.datetime({ offset: true })]).optional(),
  changeType: z.enum(['added', 'removed', 'modified']).optional(),
  ...pageQuery,
});


// ---- answers ----

/** PUT /users/:id/roles: the roles now held and the user's new revision (the next If-Match). */
export const rolesChangedResponse = z.object({ roles: z.array(z.string()), revision: z.number().int() });
/** POST /users/:id/disable and /enable. */
export const userStatusChangedResponse = z.object({ success: z.literal(true) });
/** GET /roles: the RBAC matrix. */
export const rolesMatrixResponse = z.object({
  items: z.array(z.object({ id: z.number(), name: z.string(), display_name: z.string(), permissions: z.array(z.string()) })),
  permissions: z.array(z.string()),
});
