import { Link } from 'react-router-dom';
import { roleLabel } from '../../../shared/auth/roles';
import { formatDateTime } from '../../../shared/format/format';
import { ResourceTable, type ResourceColumn } from '../../../shared/kit/ResourceTable';
import type { RoleChange } from '../api/role-history-api';
import { changeTypeLabel } from '../labels';

const roles = (names: readonly string[]) => (names.length > 0 ? names.map(roleLabel).join(', ') : '—');

const DATE: ResourceColumn<RoleChange> = {
  header: 'Fecha',
  cell: (change) => <time dateTime={change.occurredAt}>{formatDateTime(change.occurredAt)}</time>,
  csv: { header: 'Fecha', value: (change) => formatDateTime(change.occurredAt) },
};

const USER: ResourceColumn<RoleChange> = {
  header: 'Usuario',
  cell: (change) => (
    <>
      <Link to={`/backoffice/users/${encodeURIComponent(change.userId)}`}>{change.userName || change.userEmail}</Link>
      <br />
      <small>{change.userEmail}</small>
    </>
  ),
  csv: { header: 'Usuario', value: (change) => change.userEmail },
};

const CHANGE: readonly ResourceColumn<RoleChange>[] = [
  { header: 'Tipo de cambio', cell: (c) => changeTypeLabel(c.changeType), csv: { header: 'Tipo de cambio', value: (c) => changeTypeLabel(c.changeType) } },
  { header: 'Roles anteriores', cell: (c) => roles(c.previousRoles), csv: { header: 'Roles anteriores', value: (c) => roles(c.previousRoles) } },
  { header: 'Roles nuevos', cell: (c) => roles(c.newRoles), csv: { header: 'Roles nuevos', value: (c) => roles(c.newRoles) } },
  {
    header: 'Modificado por',
    cell: (c) => (
      <>
        {c.modifiedBy.name || c.modifiedBy.email}
        {c.modifiedBy.name && (
          <>
            <br />
            <small>{c.modifiedBy.email}</small>
          </>
        )}
      </>
    ),
    csv: { header: 'Modificado por', value: (c) => c.modifiedBy.email },
  },
  { header: 'Motivo', cell: (c) => c.reason, csv: { header: 'Motivo', value: (c) => c.reason } },
];

/** The audit's columns (with the user) and a user's history (without). */
export const AUDIT_COLUMNS: readonly ResourceColumn<RoleChange>[] = [DATE, USER, ...CHANGE];
export const USER_HISTORY_COLUMNS: readonly ResourceColumn<RoleChange>[] = [DATE, ...CHANGE];

export const NO_ROLE_CHANGES = 'No hay cambios de roles registrados.';

/** One user's role changes, newest first as the server sends them. */
export function RoleHistoryTable({ items, caption }: { items: readonly RoleChange[]; caption: string }) {
  return (
    <ResourceTable
      caption={caption}
      columns={USER_HISTORY_COLUMNS}
      rows={items}
      rowKey={(c) => c.id}
      loading={false}
      empty={items.length === 0}
      emptyMessage={NO_ROLE_CHANGES}
    />
  );
}
