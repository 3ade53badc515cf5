import type { UserSort, UserStatus } from './api/users-api';

export const STATUS_LABELS: Readonly<Record<UserStatus, string>> = {
  pending_verification: 'Pendiente de verificación',
  active: 'Activo',
  disabled: 'Deshabilitado',
};

export const statusLabel = (status: string): string => STATUS_LABELS[status as UserStatus] ?? status;

export const SORT_LABELS: Readonly<Record<UserSort, string>> = {
  name: 'Nombre (A-Z)',
  '-name': 'Nombre (Z-A)',
  '-joinedAt': 'Registro más reciente',
  joinedAt: 'Registro más antiguo',
  email: 'Email (A-Z)',
};

/** The job position chosen at sign-up. */
export const POST_LABELS: Readonly<Record<string, string>> = {
  collaborator: 'Colaborador',
  manager: 'Gerente',
  director: 'Director',
};

export const postLabel = (post: string | null): string => (post ? (POST_LABELS[post] ?? post) : '—');

export const ROLES_UPDATED_MESSAGE = 'Roles actualizados correctamente.';
export const ROLES_CONFLICT_MESSAGE = 'Otra persona cambió los roles de este usuario. Cargamos los roles actuales: revíselos y vuelva a guardar.';
export const ACCOUNT_ENABLED_MESSAGE = 'Cuenta habilitada.';
export const ACCOUNT_DISABLED_MESSAGE = 'Cuenta deshabilitada. Sus sesiones abiertas se cerraron.';
