import { Link } from 'react-router-dom';
import { displayValue } from '../../../../../contract/display-text';
import { formatCLP, formatDateTime } from '../../../shared/format/format';
import { dateRange, type FilterField } from '../../../shared/kit/FilterForm';
import { ResourceListPage } from '../../../shared/kit/ResourceListPage';
import type { ResourceColumn } from '../../../shared/kit/ResourceTable';
import type { ListResource } from '../../../shared/kit/useResourceList';
import { Badge, Detail } from '../../../shared/ui/layout';
import { fetchLedger, LEDGER_OUTCOMES, parseLedgerQuery, type LedgerFilter, type LedgerRowView } from '../api/payments-ledger-api';
import { OUTCOME_LABELS } from '../labels';

const LEDGER: ListResource<LedgerRowView, LedgerFilter, never> = { parse: parseLedgerQuery, fetchPage: fetchLedger };

const FIELDS: readonly FilterField<LedgerFilter>[] = [
  { key: 'reservationId', label: 'Reserva (ID)', type: 'text' },
  { key: 'buyer', label: 'Comprador (nombre o correo)', type: 'text' },
  { key: 'project', label: 'Proyecto', type: 'text' },
  dateRange('from', 'to'),
  { key: 'outcome', label: 'Resultado', type: 'select', options: LEDGER_OUTCOMES.map((o) => ({ value: o, label: OUTCOME_LABELS[o] })) },
];

const tone = (outcome: LedgerRowView['outcome']) =>
  outcome === 'approved' || outcome === 'confirmed'
    ? 'success'
    : outcome === 'refund_due' || outcome === 'started'
      ? 'warning'
      : outcome === 'refunded'
        ? 'info'
        : 'danger';

const shortId = (id: string) => id.slice(0, 8);

/** One part of the gateway's code ('AUTHORIZED / 0', 'automatic / 0') as staff read it. */
const codePart = (part: string): string => {
  if (/^-?\d+$/.test(part)) return `código ${part}`;
  const status = displayValue(part, 'gatewayStatus');
  return status !== part ? status : displayValue(part, 'refundType');
};

/** The gateway's reference and its status in Spanish (the gateway answers AUTHORIZED, FAILED...). */
const gatewayReference = (r: LedgerRowView): string =>
  [r.gatewayReference, r.gatewayCode && r.gatewayCode.split(' / ').map(codePart).join(', ')].filter(Boolean).join(' · ');

const COLUMNS: readonly ResourceColumn<LedgerRowView>[] = [
  {
    header: 'Fecha',
    rowHeader: true,
    cell: (r) => <time dateTime={r.at}>{formatDateTime(r.at)}</time>,
    csv: { header: 'Fecha', value: (r) => formatDateTime(r.at) },
  },
  {
    header: 'Reserva',
    cell: (r) => (
      <Link
        to={`/backoffice/reservations/${encodeURIComponent(r.reservationId)}?tab=historial`}
        aria-label={`Reserva ${shortId(r.reservationId)}: ${r.projectName}, ver historial`}
      >
        {shortId(r.reservationId)}
      </Link>
    ),
    csv: { header: 'Reserva', value: (r) => r.reservationId },
  },
  { header: 'Evento', cell: (r) => r.event, csv: { header: 'Evento', value: (r) => r.event } },
  {
    header: 'Resultado',
    cell: (r) => <Badge $tone={tone(r.outcome)}>{OUTCOME_LABELS[r.outcome]}</Badge>,
    csv: { header: 'Resultado', value: (r) => OUTCOME_LABELS[r.outcome] },
  },
  { header: 'Monto', cell: (r) => formatCLP(r.amountCLP), csv: { header: 'Monto', value: (r) => formatCLP(r.amountCLP) } },
  // Gateway with its reference, and project with its buyer, share a column: the ledger keeps to a laptop's width.
  {
    header: 'Pasarela',
    cell: (r) => (
      <>
        {displayValue(r.gateway, 'gateway')}
        <Detail>{gatewayReference(r) || 'Sin referencia'}</Detail>
      </>
    ),
    csv: [
      { header: 'Pasarela', value: (r) => (r.gateway ? displayValue(r.gateway, 'gateway') : '') },
      { header: 'Referencia', value: gatewayReference },
    ],
  },
  {
    header: 'Proyecto y comprador',
    cell: (r) => (
      <>
        {r.projectName}
        <Detail>{r.buyerName ?? 'Comprador no informado'}</Detail>
      </>
    ),
    csv: [
      { header: 'Proyecto', value: (r) => r.projectName },
      { header: 'Comprador', value: (r) => r.buyerName ?? '' },
    ],
  },
  { header: 'Autor', cell: (r) => r.actor?.name ?? 'Sistema', csv: { header: 'Autor', value: (r) => r.actor?.name ?? 'Sistema' } },
];

/** Auditoría > Pagos: every payment step of every reservation, from its events. */
export default function PaymentsLedgerPage() {
  return (
    <ResourceListPage
      title="Pagos"
      caption="Libro de pagos"
      resource={LEDGER}
      columns={COLUMNS}
      exportName="pagos"
      emptyMessage="No hay movimientos de pago con estos filtros."
      intro="Cada intento de pago de cada reserva: inicio, respuesta de la pasarela con sus códigos, confirmación, vencimiento, cancelación y reembolsos."
      filters={{ label: 'Filtrar pagos', fields: FIELDS }}
    />
  );
}
