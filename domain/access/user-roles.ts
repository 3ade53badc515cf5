import type { DomainEvent } from '../shared/event';

/**
 * UserRoles aggregate (stream `user-roles-<userId>`): the roles a user holds and, through its events,
 * the auditor's immutable history of every change: who, when, why, before and after.
 */
export type RoleChangeType = 'added' | 'removed' | 'modified';

export interface RoleChangeData extends Record<string, unknown> {
  userId: string;
  changeType: RoleChangeType;
  previousRoles: string[];
  newRoles: string[];
  added: string[];
  removed: string[];
  modifiedBy: string;
  modifiedByRoles: string[];
  reason: string;
  changedAt: string;
}

export type UserRolesEvent =
  DomainEvent<'UserRolesAdded', RoleChangeData> | DomainEvent<'UserRolesRemoved', RoleChangeData> | DomainEvent<'UserRolesModified', RoleChangeData>;

export interface UserRolesState {
  readonly roles: readonly string[];
  readonly changes: number;
}

export const initialUserRolesState = (): UserRolesState => ({ roles: [], changes: 0 });

export const evolveUserRoles = (state: UserRolesState, event: UserRolesEvent): UserRolesState => {
  switch (event.type) {
    case 'UserRolesAdded':
    case 'UserRolesRemoved':
    case 'UserRolesModified':
      return { roles: event.data.newRoles, changes: state.changes + 1 };
  }
};
