import type { ChangeType } from './api/role-history-api';

export const CHANGE_TYPE_LABELS: Readonly<Record<ChangeType, string>> = {
  added: 'Rol agregado',
  removed: 'Rol eliminado',
  modified: 'Roles modificados',
};

export const changeTypeLabel = (type: string): string => CHANGE_TYPE_LABELS[type as ChangeType] ?? type;
