export const ROLE_CHANGES = 'role_changes';

export interface RoleChangeDoc {
  _id: string;
  [key: string]: unknown;
  userId: string;
  changeType: 'added' | 'removed' | 'modified';
  previousRoles: string[];
  newRoles: string[];
  added: string[];
  removed: string[];
  modifiedBy: string;
  reason: string;
  occurredAt: string;
  correlationId: string;
  position: number;
}
