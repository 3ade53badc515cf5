import { useCallback, useEffect, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { listQueryToSearch } from '../../../shared/api/list-query';
import { roleLabel } from '../../../shared/auth/roles';
import { formatDate, formatRut } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useAppDispatch, useAppSelector } from '../../../shared/store/StoreProvider';
import { Badge, Muted } from '../../../shared/ui/layout';
import { Pagination } from '../../../shared/ui/Pagination';
import { Table, TableRowsState, TableWrapper } from '../../../shared/ui/table';
import { parseUserListQuery, type UserFilter, type UserListQuery, type UserSort } from '../api/users-api';
import { UsersFilters } from '../components/UsersFilters';
import { statusLabel } from '../labels';
import { selectUserRows, selectUsersList, usersListRequested } from '../slice';
import { LoadFailed } from '../../../shared/ui/LoadFailed';

const fullName = (u: { name: string; firstLastName: string; secondLastName: string }) => [u.name, u.firstLastName, u.secondLastName].filter(Boolean).join(' ');

export default function UsersListPage() {
  useDocumentTitle('Usuarios');
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseUserListQuery(params), [params]);
  const list = useAppSelector(selectUsersList);
  const rows = useAppSelector(selectUserRows);

  const load = useCallback(() => dispatch(usersListRequested(query)), [dispatch, query]);
  useEffect(() => {
    load();
  }, [load]);

  const navigate = (next: UserListQuery) => setParams(listQueryToSearch(next));
  const onFilterChange = (filter: UserFilter) => navigate({ ...query, filter, pagination: { ...query.pagination, page: 1 } });
  const onSortChange = (sort: UserSort | null) => navigate({ ...query, sort, pagination: { ...query.pagination, page: 1 } });

  const loading = list.status === 'loading';

  return (
    <>
      <h1>Usuarios</h1>
      <Muted>Busque usuarios, revise su estado y gestione sus roles.</Muted>
      <UsersFilters
        filter={query.filter}
        sort={query.sort}
        onFilterChange={onFilterChange}
        onSortChange={onSortChange}
        onClear={() => setParams(new URLSearchParams())}
      />
      {list.status === 'failed' && list.error && <LoadFailed message={list.error.message} onRetry={load} />}
      <TableWrapper>
        <Table aria-busy={loading || undefined}>
          <caption>Lista de usuarios</caption>
          <thead>
            <tr>
              <th scope="col" aria-sort={query.sort === 'name' ? 'ascending' : query.sort === '-name' ? 'descending' : undefined}>Nombre</th>
              <th scope="col" aria-sort={query.sort === 'email' ? 'ascending' : undefined}>Email</th>
              <th scope="col">RUT</th>
              <th scope="col">Roles</th>
              <th scope="col">Estado</th>
              <th scope="col">Verificado</th>
              <th scope="col" aria-sort={query.sort === 'joinedAt' ? 'ascending' : query.sort === '-joinedAt' ? 'descending' : undefined}>Fecha de registro</th>
            </tr>
          </thead>
          <tbody>
            <TableRowsState columns={7} loading={loading && rows.length === 0} empty={!loading && list.status === 'loaded' && rows.length === 0} skeletonRows={3}>
              No se encontraron usuarios con estos filtros.
            </TableRowsState>
            {rows.map((user) => (
              <tr key={user.id}>
                <td>
                  <Link to={`/backoffice/users/${encodeURIComponent(user.id)}`}>{fullName(user) || user.email}</Link>
                </td>
                <td>{user.email}</td>
                <td>{formatRut(user.rut)}</td>
                <td>{user.roles.map(roleLabel).join(', ')}</td>
                <td>
                  <Badge $tone={user.status === 'active' ? 'success' : user.status === 'disabled' ? 'danger' : 'warning'}>{statusLabel(user.status)}</Badge>
                </td>
                <td>{user.verified ? 'Sí' : 'No'}</td>
                <td>{formatDate(user.joinedAt)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableWrapper>
      <Pagination
        label="Paginación de usuarios"
        page={query.pagination.page}
        perPage={query.pagination.perPage}
        total={list.total}
        onPageChange={(page) => navigate({ ...query, pagination: { ...query.pagination, page } })}
        onPerPageChange={(perPage) => navigate({ ...query, pagination: { page: 1, perPage } })}
      />
    </>
  );
}
