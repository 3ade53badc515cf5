import { Link } from 'react-router-dom';
import { roleLabel } from '../../../shared/auth/roles';
import { formatDate, formatDateTime, formatRut } from '../../../shared/format/format';
import { ResourceListPage } from '../../../shared/kit/ResourceListPage';
import type { ResourceColumn } from '../../../shared/kit/ResourceTable';
import type { ListResource } from '../../../shared/kit/useResourceList';
import { Badge } from '../../../shared/ui/layout';
import { fetchUsers, parseUserListQuery, type UserFilter, type UserListItem, type UserSort } from '../api/users-api';
import { UsersFilters } from '../components/UsersFilters';
import { statusLabel } from '../labels';

const fullName = (u: { name: string; firstLastName: string; secondLastName: string }) => [u.name, u.firstLastName, u.secondLastName].filter(Boolean).join(' ');

const USERS: ListResource<UserListItem, UserFilter, UserSort> = { parse: parseUserListQuery, fetchPage: fetchUsers };

const COLUMNS: readonly ResourceColumn<UserListItem>[] = [
  {
    header: 'Nombre',
    sort: 'name',
    cell: (user) => <Link to={`/backoffice/users/${encodeURIComponent(user.id)}`}>{fullName(user) || user.email}</Link>,
    csv: { header: 'Nombre', value: fullName },
  },
  { header: 'Email', sort: 'email', cell: (user) => user.email, csv: { header: 'Email', value: (user) => user.email } },
  { header: 'RUT', cell: (user) => formatRut(user.rut), csv: { header: 'RUT', value: (user) => formatRut(user.rut) } },
  { header: 'Roles', cell: (user) => user.roles.map(roleLabel).join(', '), csv: { header: 'Roles', value: (user) => user.roles.map(roleLabel).join(', ') } },
  {
    header: 'Estado',
    cell: (user) => <Badge $tone={user.status === 'active' ? 'success' : user.status === 'disabled' ? 'danger' : 'warning'}>{statusLabel(user.status)}</Badge>,
    csv: { header: 'Estado', value: (user) => statusLabel(user.status) },
  },
  { header: 'Verificado', cell: (user) => (user.verified ? 'Sí' : 'No'), csv: { header: 'Verificado', value: (user) => (user.verified ? 'Sí' : 'No') } },
  {
    header: 'Fecha de registro',
    sort: 'joinedAt',
    cell: (user) => formatDate(user.joinedAt),
    csv: { header: 'Fecha de registro', value: (user) => formatDateTime(user.joinedAt) },
  },
];

export default function UsersListPage() {
  return (
    <ResourceListPage
      title="Usuarios"
      caption="Lista de usuarios"
      intro="Busque usuarios, revise su estado y gestione sus roles."
      resource={USERS}
      columns={COLUMNS}
      exportName="usuarios"
      emptyMessage="No se encontraron usuarios con estos filtros."
      filters={(list) => (
        <UsersFilters filter={list.query.filter} sort={list.query.sort} onFilterChange={list.setFilter} onSortChange={list.setSort} onClear={list.clear} />
      )}
    />
  );
}
