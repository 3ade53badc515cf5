import type { ApiPort } from '../../../shared/api/port';
import { listQueryToApi, readListQuery, type ListQuery, type Page } from '../../../shared/api/list-query';
import { ROLE_CHANGE_TYPES, type RoleChange, type RoleChangeType } from '../../../../../contract/users';

/** Role-change history of one user and the audit of all role changes; shapes from contract/users.ts. */
export type ChangeType = RoleChangeType;
export type { RoleChange };
export const CHANGE_TYPES: readonly ChangeType[] = ROLE_CHANGE_TYPES;

/** Dates travel in the URL as yyyy-mm-dd (what a date input gives). */
export type AuditFilter = { userId: string; actorId: string; from: string; to: string; changeType: string };
export type AuditQuery = ListQuery<AuditFilter, never>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const parseAuditQuery = (params: URLSearchParams): AuditQuery => {
  const query = readListQuery<AuditFilter, never>(params, { userId: 'text', actorId: 'text', from: 'text', to: 'text', changeType: CHANGE_TYPES }, []);
  const filter = query.filter;
  return { ...query, filter: { ...filter, from: DAY.test(filter.from) ? filter.from : '', to: DAY.test(filter.to) ? filter.to : '' } };
};

/** A day filter covers the whole local day: `from` at 00:00, `to` at 23:59:59.999, sent as ISO instants. */
export const dayBoundary = (day: string, edge: 'start' | 'end'): string | undefined => {
  if (!DAY.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number);
  const date = edge === 'start' ? new Date(y, m - 1, d, 0, 0, 0, 0) : new Date(y, m - 1, d, 23, 59, 59, 999);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
};

export const auditQueryToApi = (query: AuditQuery) => ({
  ...listQueryToApi(query),
  from: dayBoundary(query.filter.from, 'start'),
  to: dayBoundary(query.filter.to, 'end'),
});

export const fetchUserRoleHistory = async (api: ApiPort, userId: string): Promise<readonly RoleChange[]> =>
  (await api.request<{ items: RoleChange[] }>({ method: 'GET', path: `/users/${encodeURIComponent(userId)}/role-history` })).data.items;

export const fetchRoleChanges = async (api: ApiPort, query: AuditQuery): Promise<Page<RoleChange>> =>
  (await api.request<Page<RoleChange>>({ method: 'GET', path: '/audit/role-changes', query: auditQueryToApi(query) })).data;
