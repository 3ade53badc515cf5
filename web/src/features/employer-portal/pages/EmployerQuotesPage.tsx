import { formatCLP, formatDate, formatUF } from '../../../shared/format/format';
import { QUOTE_STATUS_LABELS } from '../../../shared/format/commercial-labels';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { dateRange, FilterForm, type FilterField } from '../../../shared/kit/FilterForm';
import { ResourceList } from '../../../shared/kit/ResourceList';
import type { ResourceColumn } from '../../../shared/kit/ResourceTable';
import { useResourceList, type ListResource } from '../../../shared/kit/useResourceList';
import { Badge, Muted } from '../../../shared/ui/layout';
import { parseQuoteQuery, QUOTE_STATUSES, type QuoteFilter, type QuoteSort } from '../../../shared/kit/quote-list-query';
import { fetchEmployerQuotes, type EmployerQuoteView } from '../api/employer-portal-api';

const QUOTES: ListResource<EmployerQuoteView, QuoteFilter, QuoteSort> = { parse: parseQuoteQuery, fetchPage: fetchEmployerQuotes };

const FIELDS: readonly FilterField<QuoteFilter>[] = [
  { key: 'status', label: 'Estado', type: 'select', options: QUOTE_STATUSES.map((s) => ({ value: s, label: QUOTE_STATUS_LABELS[s] })) },
  { key: 'project', label: 'Proyecto', type: 'text' },
  { key: 'buyer', label: 'Colaborador (nombre o correo)', type: 'text' },
  dateRange('from', 'to', 'Emitida'),
];

const COLUMNS: readonly ResourceColumn<EmployerQuoteView>[] = [
  { header: 'Colaborador', rowHeader: true, cell: (q) => q.buyerName ?? '—', csv: { header: 'Colaborador', value: (q) => q.buyerName ?? '' } },
  { header: 'Proyecto', cell: (q) => q.projectName, csv: { header: 'Proyecto', value: (q) => q.projectName } },
  { header: 'Unidad', cell: (q) => q.unitNumber, csv: { header: 'Unidad', value: (q) => q.unitNumber } },
  { header: 'Emitida', sort: 'createdAt', cell: (q) => formatDate(q.createdAt), csv: { header: 'Emitida', value: (q) => formatDate(q.createdAt) } },
  {
    header: 'Estado',
    cell: (q) => <Badge $tone={q.status === 'valid' ? 'success' : 'neutral'}>{QUOTE_STATUS_LABELS[q.status]}</Badge>,
    csv: { header: 'Estado', value: (q) => QUOTE_STATUS_LABELS[q.status] },
  },
  {
    header: 'Precio',
    sort: 'priceUF',
    cell: (q) => `${formatUF(q.priceUF)} (${formatCLP(q.priceCLP)})`,
    csv: { header: 'Precio', value: (q) => formatUF(q.priceUF) },
  },
  {
    header: 'Aporte empresa',
    cell: (q) => formatUF(q.companyContributionUF),
    csv: { header: 'Aporte empresa', value: (q) => formatUF(q.companyContributionUF) },
  },
];

/** The employer portal's Cotizaciones: its collaborators' quotes (the server scopes them to the user's company). */
export default function EmployerQuotesPage() {
  useDocumentTitle('Cotizaciones de colaboradores');
  const list = useResourceList(QUOTES);
  return (
    <>
      <h1>Cotizaciones de colaboradores</h1>
      <Muted>Cotizaciones que pidieron los colaboradores de su empresa, con el aporte de la empresa que consideran.</Muted>
      <ResourceList
        list={list}
        caption="Cotizaciones de colaboradores"
        columns={COLUMNS}
        rowKey={(q) => q.id}
        emptyMessage="Sus colaboradores no tienen cotizaciones con estos filtros."
        exportName="cotizaciones-colaboradores"
        filters={<FilterForm label="Filtrar cotizaciones" filter={list.query.filter} fields={FIELDS} onApply={list.setFilter} onClear={list.clear} />}
      />
    </>
  );
}
