import { formatCLP, formatDate, formatUF } from '../../../shared/format/format';
import { QUOTE_STATUS_LABELS } from '../../../shared/format/commercial-labels';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { dateRange, FilterForm, type FilterField } from '../../../shared/kit/FilterForm';
import { parseQuoteQuery, QUOTE_STATUSES, type QuoteFilter, type QuoteSort } from '../../../shared/kit/quote-list-query';
import { ResourceList } from '../../../shared/kit/ResourceList';
import type { ResourceColumn } from '../../../shared/kit/ResourceTable';
import { useResourceList, type ListResource } from '../../../shared/kit/useResourceList';
import { Badge, Muted } from '../../../shared/ui/layout';
import { fetchRealEstateQuotes, type RealEstateQuoteView } from '../api/real-estate-portal-api';

const QUOTES: ListResource<RealEstateQuoteView, QuoteFilter, QuoteSort> = { parse: parseQuoteQuery, fetchPage: fetchRealEstateQuotes };

const FIELDS: readonly FilterField<QuoteFilter>[] = [
  { key: 'status', label: 'Estado', type: 'select', options: QUOTE_STATUSES.map((s) => ({ value: s, label: QUOTE_STATUS_LABELS[s] })) },
  { key: 'project', label: 'Proyecto', type: 'text' },
  { key: 'buyer', label: 'Comprador (nombre o correo)', type: 'text' },
  dateRange('from', 'to', 'Emitida'),
];

const COLUMNS: readonly ResourceColumn<RealEstateQuoteView>[] = [
  { header: 'Comprador', rowHeader: true, cell: (q) => q.buyerName ?? '—', csv: { header: 'Comprador', value: (q) => q.buyerName ?? '' } },
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
    csv: { header: 'Precio (UF)', value: (q) => String(q.priceUF) },
  },
];

/** The real-estate company portal's Cotizaciones: the quotes of its own projects (the server scopes them to the user's company). */
export default function RealEstateQuotesPage() {
  useDocumentTitle('Cotizaciones de sus proyectos');
  const list = useResourceList(QUOTES);
  return (
    <>
      <h1>Cotizaciones de sus proyectos</h1>
      <Muted>Cotizaciones que los compradores pidieron para las unidades de sus proyectos.</Muted>
      <ResourceList
        list={list}
        caption="Cotizaciones de sus proyectos"
        columns={COLUMNS}
        rowKey={(q) => q.id}
        emptyMessage="Sus proyectos no tienen cotizaciones con estos filtros."
        exportName="cotizaciones-proyectos"
        filters={<FilterForm label="Filtrar cotizaciones" filter={list.query.filter} fields={FIELDS} onApply={list.setFilter} onClear={list.clear} />}
      />
    </>
  );
}
