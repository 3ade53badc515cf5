import { z } from 'zod';
import { booleanQuery, calendarDate, pageQuery } from './common';

/** An account's status, derived from verified and disabled (read-models/users/user-doc.ts). */
export const USER_STATUSES = ['pending_verification', 'active', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_SORTS = ['name', '-name', 'email', '-email', 'joinedAt', '-joinedAt'] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const ROLE_CHANGE_TYPES = ['added', 'removed', 'modified'] as const;
export type RoleChangeType = (typeof ROLE_CHANGE_TYPES)[number];

export const listUsersQuery = z.strictObject({
  search: z.string().max(100).optional(),
  role: z.string().max(30).optional(),
  status: z.enum(USER_STATUSES).optional(),
  verified: booleanQuery.optional(),
  sort: z.enum(USER_SORTS).default('name'),
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
  from: z.union([calendarDate, z.iso.datetime({ offset: true })]).optional(),
  to: z.union([calendarDate, z.iso.datetime({ offset: true })]).optional(),
  changeType: z.enum(ROLE_CHANGE_TYPES).optional(),
  ...pageQuery,
});

// ---- answers ----

const pageOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), perPage: z.number().int() });

/** A row of GET /users. */
export const userSummary = z.object({
  id: z.string(),
  name: z.string(),
  firstLastName: z.string(),
  secondLastName: z.string(),
  email: z.string(),
  rut: z.string(),
  phone: z.string().nullable(),
  roles: z.array(z.string()),
  status: z.enum(USER_STATUSES),
  verified: z.boolean(),
  joinedAt: z.string(),
});
export const usersPageResponse = pageOf(userSummary);

/** GET /users/:id: the roles revision is the next role change's If-Match (also sent as the ETag). */
export const userDetailResponse = userSummary.extend({
  personalEmail: z.string().nullable(),
  post: z.string().nullable(),
  rolesRevision: z.number().int(),
});

/** One role change, with the people's current names joined at read time. */
export const roleChange = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  changeType: z.enum(ROLE_CHANGE_TYPES),
  previousRoles: z.array(z.string()),
  newRoles: z.array(z.string()),
  added: z.array(z.string()),
  removed: z.array(z.string()),
  modifiedBy: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  reason: z.string(),
  occurredAt: z.string(),
});
/** GET /users/:id/role-history and GET /audit/role-changes, newest first. */
export const roleChangesResponse = pageOf(roleChange);

/** PUT /users/:id/roles: the roles now held and the user's new revision (the next If-Match). */
export const rolesChangedResponse = z.object({ roles: z.array(z.string()), revision: z.number().int() });
/** POST /users/:id/disable and /enable. */
export const userStatusChangedResponse = z.object({ success: z.literal(true) });
/** GET /roles: the RBAC matrix. */
export const rolesMatrixResponse = z.object({
  items: z.array(z.object({ id: z.number(), name: z.string(), display_name: z.string(), level: z.number().int(), permissions: z.array(z.string()) })),
  permissions: z.array(z.string()),
});

export type UserSummary = z.infer<typeof userSummary>;
export type UserDetail = z.infer<typeof userDetailResponse>;
export type UsersPage = z.infer<typeof usersPageResponse>;
export type RoleChange = z.infer<typeof roleChange>;
export type RoleDefinition = z.infer<typeof rolesMatrixResponse>['items'][number];
export type RolesChanged = z.infer<typeof rolesChangedResponse>;
