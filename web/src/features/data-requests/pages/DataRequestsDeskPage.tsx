import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { formatDate, formatDateTime } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { ResourceList } from '../../../shared/kit/ResourceList';
import type { ResourceColumn } from '../../../shared/kit/ResourceTable';
import { useResourceList, type ListResource } from '../../../shared/kit/useResourceList';
import { Button } from '../../../shared/ui/Button';
import { SelectField } from '../../../shared/ui/fields';
import { Muted, Row, TextLink } from '../../../shared/ui/layout';
import { DUE_STATES, fetchDeskPage, KINDS, parseDeskQuery, STATUSES, type DataRequest, type DeskFilter } from '../api/data-requests-api';
import { DueBadge } from '../components/DueBadge';
import { DUE_LABELS, KIND_LABELS, STATUS_LABELS } from '../labels';

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

const DESK: ListResource<DataRequest, DeskFilter, never> = { parse: parseDeskQuery, fetchPage: (api, q) => fetchDeskPage(api, q) };

const options = (values: readonly string[], labels: Readonly<Record<string, string>>) => values.map((value) => ({ value, label: labels[value] ?? value }));

const columns = (now: number): ResourceColumn<DataRequest>[] => [
  {
    header: 'Solicitud',
    rowHeader: true,
    cell: (r) => <TextLink to={`/backoffice/data-requests/${encodeURIComponent(r.id)}`}>{`${KIND_LABELS[r.kind] ?? r.kind} · ${r.subject.name ?? r.subject.id}`}</TextLink>,
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
  useDocumentTitle('Solicitudes de datos personales');
  const list = useResourceList(DESK);
  const [draft, setDraft] = useState<DeskFilter>(list.query.filter);
  const applied = list.query.filter;
  useEffect(() => setDraft(applied), [applied]);
  const [now] = useState(() => Date.now());
  const apply = (event: FormEvent) => {
    event.preventDefault();
    list.setFilter(draft);
  };
  const set = (key: keyof DeskFilter) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: event.target.value }));
  return (
    <>
      <h1>Solicitudes de datos personales</h1>
      <Muted>Derechos de la Ley 21.719: cada solicitud debe responderse dentro de 30 días corridos desde su recepción.</Muted>
      <ResourceList
        list={list}
        caption="Solicitudes de datos personales, la más próxima a vencer primero"
        columns={columns(now)}
        rowKey={(r) => r.id}
        emptyMessage="No hay solicitudes con estos filtros."
        exportName="solicitudes-datos-personales"
        filters={
          <Filters role="search" aria-label="Filtrar solicitudes" onSubmit={apply} noValidate>
            <SelectField label="Estado" placeholder="Todos" options={options(STATUSES, STATUS_LABELS)} value={draft.status} onChange={set('status')} />
            <SelectField label="Tipo" placeholder="Todos" options={options(KINDS, KIND_LABELS)} value={draft.kind} onChange={set('kind')} />
            <SelectField label="Plazo" placeholder="Todos" options={options(DUE_STATES, DUE_LABELS)} value={draft.due} onChange={set('due')} />
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
