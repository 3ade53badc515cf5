import { useState } from 'react';
import { formatDate, formatDateTime } from '../../../shared/format/format';
import { labelledOptions } from '../../../shared/kit/FilterBar';
import type { FilterField } from '../../../shared/kit/FilterForm';
import { ResourceListPage } from '../../../shared/kit/ResourceListPage';
import type { ResourceColumn } from '../../../shared/kit/ResourceTable';
import type { ListResource } from '../../../shared/kit/useResourceList';
import { TextLink } from '../../../shared/ui/layout';
import { DUE_STATES, fetchDeskPage, KINDS, parseDeskQuery, STATUSES, type DataRequest, type DeskFilter } from '../api/data-requests-api';
import { DueBadge } from '../components/DueBadge';
import { DUE_LABELS, KIND_LABELS, STATUS_LABELS } from '../labels';

const DESK: ListResource<DataRequest, DeskFilter, never> = { parse: parseDeskQuery, fetchPage: (api, q) => fetchDeskPage(api, q) };

const FIELDS: readonly FilterField<DeskFilter>[] = [
  { key: 'status', label: 'Estado', type: 'select', options: labelledOptions(STATUSES, STATUS_LABELS) },
  { key: 'kind', label: 'Tipo', type: 'select', options: labelledOptions(KINDS, KIND_LABELS) },
  { key: 'due', label: 'Plazo', type: 'select', options: labelledOptions(DUE_STATES, DUE_LABELS) },
];

const columns = (now: number): ResourceColumn<DataRequest>[] => [
  {
    header: 'Solicitud',
    rowHeader: true,
    cell: (r) => (
      <TextLink to={`/backoffice/data-requests/${encodeURIComponent(r.id)}`}>{`${KIND_LABELS[r.kind] ?? r.kind} · ${r.subject.name ?? r.subject.id}`}</TextLink>
    ),
    csv: { header: 'Tipo', value: (r) => KIND_LABELS[r.kind] ?? r.kind },
  },
  { header: 'Titular (seudónimo)', cell: (r) => <code>{r.subject.id}</code>, csv: { header: 'Titular', value: (r) => r.subject.id } },
  { header: 'Estado', cell: (r) => STATUS_LABELS[r.status] ?? r.status, csv: { header: 'Estado', value: (r) => STATUS_LABELS[r.status] ?? r.status } },
  { header: 'Recibida', cell: (r) => formatDateTime(r.submittedAt), csv: { header: 'Recibida', value: (r) => formatDateTime(r.submittedAt) } },
  {
    header: 'Vence (30 días)',
    cell: (r) => (
      <>
        {formatDate(r.dueAt)} <DueBadge request={r} now={now} />
      </>
    ),
    csv: { header: 'Vence', value: (r) => formatDate(r.dueAt) },
  },
];

/**
 * The data-protection officer's desk (Ley 21.719): every request with its legal due date (30 calendar
 * days), overdue and due-soon marked, filters in the URL; each opens its detail.
 */
export default function DataRequestsDeskPage() {
  const [now] = useState(() => Date.now());
  return (
    <ResourceListPage
      title="Solicitudes de datos personales"
      intro="Derechos de la Ley 21.719: cada solicitud debe responderse dentro de 30 días corridos desde su recepción."
      caption="Solicitudes de datos personales, la más próxima a vencer primero"
      resource={DESK}
      columns={columns(now)}
      exportName="solicitudes-datos-personales"
      emptyMessage="No hay solicitudes con estos filtros."
      filters={{ label: 'Filtrar solicitudes', fields: FIELDS, minWidth: '180px' }}
    />
  );
}
