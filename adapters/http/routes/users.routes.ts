import { PERMISSIONS, ROLE_PERMISSIONS } from '../../../domain/access/permissions';
import { ROLE_NAMES, ROLES } from '../../../domain/shared/roles';
import { getUser, listUsers } from '../../../read-models/users/users.queries';
import { listRoleChanges } from '../../../read-models/role-history/role-history.queries';
import type { HttpDeps } from '../deps';
import { ApiError } from '../errors';
import { route, type RouteDef } from '../route';
import { etag, pathId, requireIfMatch } from './route-helpers';
import { usersEndpoints } from '../../../contract/endpoints/users';

export const usersRoutes = (deps: HttpDeps): RouteDef<any, any>[] => [
  route(usersEndpoints.getUsers, {
    summary: 'Back-office user list: search, filters, pagination, sort',
    tag: 'users',
    access: 'users:read',
    handler: async ({ query }) => listUsers(deps.readStore, query),
  }),
  route(usersEndpoints.getUsersById, {
    summary: 'User detail; ETag carries the roles revision for If-Match',
    tag: 'users',
    access: 'users:read',
    handler: async ({ params, res }) => {
      const user = await getUser(deps.readStore, pathId(params));
      if (!user) throw new ApiError('NOT_FOUND');
      res.setHeader('ETag', etag(user.rolesRevision));
      return user;
    },
  }),
  route(usersEndpoints.putUsersByIdRoles, {
    summary: 'Set the complete role set of a user (If-Match: the roles revision); recorded with actor and reason',
    tag: 'roles',
    access: 'roles:manage',
    responses: {
      200: 'New roles',
      403: 'INSUFFICIENT_PERMISSIONS',
      404: 'NOT_FOUND',
      412: 'PRECONDITION_FAILED',
      422: 'BUSINESS_RULE_VIOLATION (last enabled super-admin)',
      428: 'PRECONDITION_REQUIRED',
    },
    handler: async ({ req, res, params, body, meta }) => {
      const result = await deps.roles.changeRoles(pathId(params), body.roles, body.reason, requireIfMatch(req.get('If-Match')), meta);
      res.setHeader('ETag', etag(result.revision));
      res.setHeader('X-Event-Position', String(result.position));
      return { roles: result.roles, revision: result.revision };
    },
  }),
  route(usersEndpoints.postUsersByIdDisable, {
    summary: "Disable an account (ends its sessions); only a higher role, never one's own, never the last enabled super-admin",
    tag: 'users',
    access: 'users:manage',
    responses: { 403: 'INSUFFICIENT_PERMISSIONS', 404: 'NOT_FOUND', 422: 'BUSINESS_RULE_VIOLATION (last enabled super-admin)' },
    handler: async ({ res, params, body, meta }) => {
      const id = pathId(params);
      const { position } = await deps.roles.disable(id, body.reason, meta);
      await deps.sessions.destroyAllFor(id);
      res.setHeader('X-Event-Position', String(position));
      return { success: true };
    },
  }),
  route(usersEndpoints.postUsersByIdEnable, {
    summary: "Enable a disabled account (only a higher role, never one's own)",
    tag: 'users',
    access: 'users:manage',
    responses: { 403: 'INSUFFICIENT_PERMISSIONS', 404: 'NOT_FOUND' },
    handler: async ({ res, params, meta }) => {
      const { position } = await deps.roles.enable(pathId(params), meta);
      res.setHeader('X-Event-Position', String(position));
      return { success: true };
    },
  }),
  route(usersEndpoints.getUsersByIdRoleHistory, {
    summary: "A user's role-change history, newest first",
    tag: 'roles',
    access: 'audit:read',
    handler: async ({ params, query }) => listRoleChanges(deps.readStore, { userId: pathId(params), page: query.page, perPage: query.perPage }),
  }),
  route(usersEndpoints.getAuditRoleChanges, {
    summary: 'Every role change: filter by user, actor, date range and change type',
    tag: 'roles',
    access: 'audit:read',
    handler: async ({ query }) => listRoleChanges(deps.readStore, query),
  }),
  route(usersEndpoints.getRoles, {
    summary: 'Roles with their level and permissions (the RBAC matrix)',
    tag: 'roles',
    access: 'authenticated',
    handler: async () => ({
      items: ROLE_NAMES.map((name) => ({ ...ROLES[name], permissions: ROLE_PERMISSIONS[name] })),
      permissions: PERMISSIONS,
    }),
  }),
];
