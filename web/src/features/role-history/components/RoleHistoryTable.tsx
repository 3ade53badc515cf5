import { Link } from 'react-router-dom';
import { roleLabel } from '../../../shared/auth/roles';
import { formatDateTime } from '../../../shared/format/format';
import { Table, TableWrapper } from '../../../shared/ui/table';
import type { RoleChange } from '../api/role-history-api';
import { changeTypeLabel } from '../labels';

const roles = (names: readonly string[]) => (names.length > 0 ? names.map(roleLabel).join(', ') : '—');

/** Role changes, newest first as the server sends them; the user column only in the audit. */
export function RoleHistoryTable({ items, caption, showUser = false }: { items: readonly RoleChange[]; caption: string; showUser?: boolean }) {
  return (
    <TableWrapper>
      <Table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Fecha</th>
            {showUser && <th scope="col">Usuario</th>}
            <th scope="col">Tipo de cambio</th>
            <th scope="col">Roles anteriores</th>
            <th scope="col">Roles nuevos</th>
            <th scope="col">Modificado por</th>
            <th scope="col">Motivo</th>
          </tr>
        </thead>
        <tbody>
          {items.length === 0 && (
            <tr>
              <td colSpan={showUser ? 7 : 6}>No hay cambios de roles registrados.</td>
            </tr>
          )}
          {items.map((change) => (
            <tr key={change.id}>
              <td>
                <time dateTime={change.occurredAt}>{formatDateTime(change.occurredAt)}</time>
              </td>
              {showUser && (
                <td>
                  <Link to={`/backoffice/users/${encodeURIComponent(change.userId)}`}>{change.userName || change.userEmail}</Link>
                  <br />
                  <small>{change.userEmail}</small>
                </td>
              )}
              <td>{changeTypeLabel(change.changeType)}</td>
              <td>{roles(change.previousRoles)}</td>
              <td>{roles(change.newRoles)}</td>
              <td>
                {change.modifiedBy.name || change.modifiedBy.email}
                {change.modifiedBy.name && (
                  <>
                    <br />
                    <small>{change.modifiedBy.email}</small>
                  </>
                )}
              </td>
              <td>{change.reason}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableWrapper>
  );
}
