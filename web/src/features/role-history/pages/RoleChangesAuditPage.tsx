import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { ResourceList } from '../../../shared/kit/ResourceList';
import { useResourceList, type ListResource } from '../../../shared/kit/useResourceList';
import { Button } from '../../../shared/ui/Button';
import { SelectField, TextField } from '../../../shared/ui/fields';
import { Muted, Row } from '../../../shared/ui/layout';
import { CHANGE_TYPES, fetchRoleChanges, parseAuditQuery, type AuditFilter, type RoleChange } from '../api/role-history-api';
import { AUDIT_COLUMNS, NO_ROLE_CHANGES } from '../components/RoleHistoryTable';
import { CHANGE_TYPE_LABELS } from '../labels';

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

const ROLE_CHANGES: ListResource<RoleChange, AuditFilter, never> = { parse: parseAuditQuery, fetchPage: fetchRoleChanges };

/** Audit of every role change, filterable by user, actor, date range and change type. */
export default function RoleChangesAuditPage() {
  useDocumentTitle('Auditoría de roles');
  const list = useResourceList(ROLE_CHANGES);
  const [draft, setDraft] = useState<AuditFilter>(list.query.filter);
  const applied = list.query.filter;

  useEffect(() => setDraft(applied), [applied]);

  const rangeError = draft.from && draft.to && draft.to < draft.from ? DATE_RANGE_ERROR : undefined;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!rangeError) list.setFilter(draft);
  };

  const set = (key: keyof AuditFilter) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: event.target.value }));

  return (
    <>
      <h1>Auditoría de cambios de roles</h1>
      <Muted>Todos los cambios de roles: quién los hizo, cuándo y por qué.</Muted>
      <ResourceList
        list={list}
        caption="Cambios de roles"
        columns={AUDIT_COLUMNS}
        rowKey={(change) => change.id}
        emptyMessage={NO_ROLE_CHANGES}
        exportName="cambios-de-roles"
        filters={
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
              <Button onClick={list.clear}>Limpiar filtros</Button>
            </Actions>
          </Filters>
        }
      />
    </>
  );
}
