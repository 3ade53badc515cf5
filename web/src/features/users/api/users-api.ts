import type { ApiPort } from '../../../shared/api/port';
import { listQueryToApi, readListQuery, type ListQuery, type Page } from '../../../shared/api/list-query';
import { ROLE_NAMES } from '../../../shared/auth/roles';
import {
  USER_STATUSES,
  type RoleDefinition,
  type RolesChanged,
  type UserDetail,
  type UserSort as ContractUserSort,
  type UserSummary,
} from '../../../../../contract/users';

/** Back-office user endpoints (API contract: /users, /users/:id, /users/:id/roles, /roles); shapes from contract/users.ts. */
export type { UserStatus, UserDetail, RoleDefinition, RolesChanged } from '../../../../../contract/users';
export type UserListItem = UserSummary;

export const USER_SORTS = ['name', '-name', 'joinedAt', '-joinedAt', 'email'] as const satisfies readonly ContractUserSort[];
export type UserSort = (typeof USER_SORTS)[number];

export type UserFilter = { search: string; role: string; status: string; verified: string };
export type UserListQuery = ListQuery<UserFilter, UserSort>;

export { USER_STATUSES };

export const parseUserListQuery = (params: URLSearchParams): UserListQuery =>
  readListQuery<UserFilter, UserSort>(params, { search: 'text', role: ROLE_NAMES, status: USER_STATUSES, verified: ['true', 'false'] }, USER_SORTS);

export const fetchUsers = async (api: ApiPort, query: UserListQuery): Promise<Page<UserListItem>> =>
  (await api.request<Page<UserListItem>>({ method: 'GET', path: '/users', query: listQueryToApi(query) })).data;

/** The user and the roles revision as a weak ETag, for If-Match on the next role change. */
export const fetchUser = async (api: ApiPort, id: string): Promise<{ user: UserDetail; etag: string }> => {
  const response = await api.request<UserDetail>({ method: 'GET', path: `/users/${encodeURIComponent(id)}` });
  return { user: response.data, etag: response.header('ETag') ?? `W/"${response.data.rolesRevision}"` };
};

export const updateUserRoles = async (api: ApiPort, id: string, change: { roles: readonly string[]; reason: string }, etag: string): Promise<RolesChanged> =>
  (
    await api.request<RolesChanged>({
      method: 'PUT',
      path: `/users/${encodeURIComponent(id)}/roles`,
      body: { roles: change.roles, reason: change.reason },
      headers: { 'If-Match': etag },
    })
  ).data;

export const fetchRoles = async (api: ApiPort): Promise<readonly RoleDefinition[]> =>
  (await api.request<{ items: RoleDefinition[] }>({ method: 'GET', path: '/roles' })).data.items;

/** Disabling ends the account's sessions and needs a reason (audit); enabling needs none. */
export const setUserEnabled = async (api: ApiPort, id: string, enabled: boolean, reason: string): Promise<void> => {
  await api.request({
    method: 'POST',
    path: `/users/${encodeURIComponent(id)}/${enabled ? 'enable' : 'disable'}`,
    body: enabled ? {} : { reason },
  });
};
