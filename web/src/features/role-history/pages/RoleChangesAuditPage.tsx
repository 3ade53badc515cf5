import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { listQueryToSearch } from '../../../shared/api/list-query';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useAppDispatch, useAppSelector } from '../../../shared/store/StoreProvider';
import { Button } from '../../../shared/ui/Button';
import { SelectField, TextField } from '../../../shared/ui/fields';
import { Muted, Row } from '../../../shared/ui/layout';
import { Pagination } from '../../../shared/ui/Pagination';
import { CHANGE_TYPES, parseAuditQuery, type AuditFilter, type AuditQuery } from '../api/role-history-api';
import { RoleHistoryTable } from '../components/RoleHistoryTable';
import { CHANGE_TYPE_LABELS } from '../labels';
import { auditRequested, selectAudit } from '../slice';
import { LoadFailed } from '../../../shared/ui/LoadFailed';

const Filters = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  column-gap: ${({ theme }) => theme.space(3)};
  align-items: end;
`;

const Actions = styled(Row)`
  grid-column: 1 / -1;
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

const CHANGE_TYPE_OPTIONS = CHANGE_TYPES.map((t) => ({ value: t, label: CHANGE_TYPE_LABELS[t] }));

export const DATE_RANGE_ERROR = 'La fecha "Hasta" debe ser posterior o igual a la fecha "Desde".';

/** Audit of every role change, filterable by user, actor, date range and change type. */
export default function RoleChangesAuditPage() {
  useDocumentTitle('Auditoría de roles');
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseAuditQuery(params), [params]);
  const audit = useAppSelector(selectAudit);
  const [draft, setDraft] = useState<AuditFilter>(query.filter);

  useEffect(() => setDraft(query.filter), [query.filter]);

  const load = useCallback(() => dispatch(auditRequested(query)), [dispatch, query]);
  useEffect(() => {
    load();
  }, [load]);

  const go = (next: AuditQuery) => setParams(listQueryToSearch(next));
  const rangeError = draft.from && draft.to && draft.to < draft.from ? DATE_RANGE_ERROR : undefined;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (rangeError) return;
    go({ ...query, filter: draft, pagination: { ...query.pagination, page: 1 } });
  };

  const set = (key: keyof AuditFilter) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: event.target.value }));

  return (
    <>
      <h1>Auditoría de cambios de roles</h1>
      <Muted>Todos los cambios de roles: quién los hizo, cuándo y por qué.</Muted>
      <Filters role="search" aria-label="Filtrar cambios de roles" onSubmit={apply} noValidate>
        <TextField label="Usuario (email o ID)" value={draft.userId} onChange={set('userId')} />
        <TextField label="Modificado por (email o ID)" value={draft.actorId} onChange={set('actorId')} />
        <TextField label="Desde" type="date" value={draft.from} onChange={set('from')} />
        <TextField label="Hasta" type="date" value={draft.to} onChange={set('to')} error={rangeError} />
        <SelectField label="Tipo de cambio" placeholder="Todos" options={CHANGE_TYPE_OPTIONS} value={draft.changeType} onChange={set('changeType')} />
        <Actions>
          <Button type="submit" variant="primary">
            Aplicar filtros
          </Button>
          <Button onClick={() => setParams(new URLSearchParams())}>Limpiar filtros</Button>
        </Actions>
      </Filters>
      {audit.status === 'failed' && audit.error && <LoadFailed message={audit.error.message} onRetry={load} />}
      <div aria-busy={audit.status === 'loading' || undefined}>
        <RoleHistoryTable items={audit.items} caption="Cambios de roles" showUser />
      </div>
      <Pagination
        label="Paginación de cambios de roles"
        page={query.pagination.page}
        perPage={query.pagination.perPage}
        total={audit.total}
        onPageChange={(page) => go({ ...query, pagination: { ...query.pagination, page } })}
        onPerPageChange={(perPage) => go({ ...query, pagination: { page: 1, perPage } })}
      />
    </>
  );
}
