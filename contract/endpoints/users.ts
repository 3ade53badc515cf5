import { endpoint } from '../endpoint';
import {
  changeRolesBody,
  disableBody,
  listUsersQuery,
  roleChangesQuery,
  roleChangesResponse,
  rolesChangedResponse,
  rolesMatrixResponse,
  userDetailResponse,
  userStatusChangedResponse,
  usersPageResponse,
} from '../users';
import { z } from 'zod';
import { pageQuery } from '../common';

/** The endpoints served by adapters/http/routes/users.routes.ts. */
export const usersEndpoints = {
  getUsers: endpoint({ method: 'get', path: '/users', query: listUsersQuery, response: usersPageResponse }),
  getUsersById: endpoint({ method: 'get', path: '/users/:id', response: userDetailResponse }),
  putUsersByIdRoles: endpoint({ method: 'put', path: '/users/:id/roles', body: changeRolesBody, response: rolesChangedResponse }),
  postUsersByIdDisable: endpoint({ method: 'post', path: '/users/:id/disable', body: disableBody, response: userStatusChangedResponse }),
  postUsersByIdEnable: endpoint({ method: 'post', path: '/users/:id/enable', body: z.strictObject({}), response: userStatusChangedResponse }),
  getUsersByIdRoleHistory: endpoint({ method: 'get', path: '/users/:id/role-history', query: z.strictObject(pageQuery), response: roleChangesResponse }),
  getAuditRoleChanges: endpoint({ method: 'get', path: '/audit/role-changes', query: roleChangesQuery, response: roleChangesResponse }),
  getRoles: endpoint({ method: 'get', path: '/roles', response: rolesMatrixResponse }),
};
