import { formatCLP, formatDate, formatUF } from '../../../shared/format/format';
import { dateRange, type FilterField } from '../../../shared/kit/FilterForm';
import { ResourceListPage } from '../../../shared/kit/ResourceListPage';
import type { ResourceColumn } from '../../../shared/kit/ResourceTable';
import type { ListResource } from '../../../shared/kit/useResourceList';
import { Badge } from '../../../shared/ui/layout';
import { parseQuoteQuery, QUOTE_STATUSES, type QuoteFilter, type QuoteSort } from '../../../shared/kit/quote-list-query';
import { fetchQuotes, type BackofficeQuoteView } from '../api/commercial-api';
import { QUOTE_STATUS_LABELS } from '../../../shared/format/commercial-labels';

const QUOTES: ListResource<BackofficeQuoteView, QuoteFilter, QuoteSort> = { parse: parseQuoteQuery, fetchPage: fetchQuotes };

const FIELDS: readonly FilterField<QuoteFilter>[] = [
  { key: 'status', label: 'Estado', type: 'select', options: QUOTE_STATUSES.map((s) => ({ value: s, label: QUOTE_STATUS_LABELS[s] })) },
  { key: 'project', label: 'Proyecto', type: 'text' },
  { key: 'buyer', label: 'Comprador (nombre o correo)', type: 'text' },
  dateRange('from', 'to', 'Emitida'),
];

const COLUMNS: readonly ResourceColumn<BackofficeQuoteView>[] = [
  { header: 'Número', rowHeader: true, cell: (q) => q.number, csv: { header: 'Número', value: (q) => q.number } },
  { header: 'Proyecto', cell: (q) => q.projectName, csv: { header: 'Proyecto', value: (q) => q.projectName } },
  { header: 'Unidad', cell: (q) => q.unitNumber, csv: { header: 'Unidad', value: (q) => q.unitNumber } },
  { header: 'Comprador', cell: (q) => q.buyerName ?? '—', csv: { header: 'Comprador', value: (q) => q.buyerName ?? '' } },
  {
    header: 'Monto',
    sort: 'priceUF',
    cell: (q) => `${formatUF(q.priceUF)} (${formatCLP(q.priceCLP)})`,
    csv: { header: 'Monto', value: (q) => formatUF(q.priceUF) },
  },
  { header: 'Emitida', sort: 'createdAt', cell: (q) => formatDate(q.createdAt), csv: { header: 'Emitida', value: (q) => formatDate(q.createdAt) } },
  { header: 'Válida hasta', cell: (q) => formatDate(q.validUntil), csv: { header: 'Válida hasta', value: (q) => formatDate(q.validUntil) } },
  {
    header: 'Estado',
    cell: (q) => <Badge $tone={q.status === 'valid' ? 'success' : 'neutral'}>{QUOTE_STATUS_LABELS[q.status]}</Badge>,
    csv: { header: 'Estado', value: (q) => QUOTE_STATUS_LABELS[q.status] },
  },
  { header: 'Descargas', cell: (q) => String(q.downloads), csv: { header: 'Descargas', value: (q) => String(q.downloads) } },
];

/** Comercial > Cotizaciones: every buyer's quotes, filtered in the URL, exported as filtered. */
export default function QuotesListPage() {
  return (
    <ResourceListPage
      title="Cotizaciones"
      intro="Cotizaciones emitidas a los compradores, con su vigencia."
      resource={QUOTES}
      columns={COLUMNS}
      exportName="cotizaciones"
      emptyMessage="No hay cotizaciones con estos filtros."
      filters={{ label: 'Filtrar cotizaciones', fields: FIELDS }}
    />
  );
}
