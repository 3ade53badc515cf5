import { dateRange, type FilterField } from '../../../shared/kit/FilterForm';
import { ResourceListPage } from '../../../shared/kit/ResourceListPage';
import type { ListResource } from '../../../shared/kit/useResourceList';
import { CHANGE_TYPES, fetchRoleChanges, parseAuditQuery, type AuditFilter, type RoleChange } from '../api/role-history-api';
import { AUDIT_COLUMNS, NO_ROLE_CHANGES } from '../components/RoleHistoryTable';
import { CHANGE_TYPE_LABELS } from '../labels';

const ROLE_CHANGES: ListResource<RoleChange, AuditFilter, never> = { parse: parseAuditQuery, fetchPage: fetchRoleChanges };

const FIELDS: readonly FilterField<AuditFilter>[] = [
  { key: 'userId', label: 'Usuario (email o ID)', type: 'text' },
  { key: 'actorId', label: 'Modificado por (email o ID)', type: 'text' },
  dateRange('from', 'to'),
  { key: 'changeType', label: 'Tipo de cambio', type: 'select', options: CHANGE_TYPES.map((t) => ({ value: t, label: CHANGE_TYPE_LABELS[t] })) },
];

/** Audit of every role change, filterable by user, actor, date range and change type. */
export default function RoleChangesAuditPage() {
  return (
    <ResourceListPage
      title="Auditoría de cambios de roles"
      documentTitle="Auditoría de roles"
      caption="Cambios de roles"
      intro="Todos los cambios de roles: quién los hizo, cuándo y por qué."
      resource={ROLE_CHANGES}
      columns={AUDIT_COLUMNS}
      emptyMessage={NO_ROLE_CHANGES}
      exportName="cambios-de-roles"
      filters={{ label: 'Filtrar cambios de roles', fields: FIELDS, minWidth: '180px' }}
    />
  );
}
