import { Link } from 'react-router-dom';
import { RESERVATION_STATUSES } from '../../../../../contract/reservations';
import { formatCLP, formatDate, formatDateTime } from '../../../shared/format/format';
import { dateRange, type FilterField } from '../../../shared/kit/FilterForm';
import { ResourceListPage } from '../../../shared/kit/ResourceListPage';
import type { ResourceColumn } from '../../../shared/kit/ResourceTable';
import type { ListResource } from '../../../shared/kit/useResourceList';
import { Badge } from '../../../shared/ui/layout';
import {
  fetchReservations,
  parseReservationQuery,
  RESERVATION_PAYMENT_STATES,
  type BackofficeReservationView,
  type ReservationFilter,
  type ReservationSort,
} from '../api/commercial-api';
import { PAYMENT_STATE_LABELS, paymentState, RESERVATION_STATUS_LABELS } from '../../../shared/format/commercial-labels';

const RESERVATIONS: ListResource<BackofficeReservationView, ReservationFilter, ReservationSort> = {
  parse: parseReservationQuery,
  fetchPage: fetchReservations,
};

const FIELDS: readonly FilterField<ReservationFilter>[] = [
  { key: 'status', label: 'Estado', type: 'select', options: RESERVATION_STATUSES.map((s) => ({ value: s, label: RESERVATION_STATUS_LABELS[s] })) },
  { key: 'payment', label: 'Estado del pago', type: 'select', options: RESERVATION_PAYMENT_STATES.map((s) => ({ value: s, label: PAYMENT_STATE_LABELS[s] })) },
  { key: 'project', label: 'Proyecto', type: 'text' },
  { key: 'buyer', label: 'Comprador (nombre o correo)', type: 'text' },
  dateRange('from', 'to', 'Solicitada'),
  dateRange('holdFrom', 'holdTo', 'Retención vence'),
];

const COLUMNS: readonly ResourceColumn<BackofficeReservationView>[] = [
  {
    header: 'Reserva',
    rowHeader: true,
    cell: (r) => <Link to={`/backoffice/reservations/${encodeURIComponent(r.id)}`}>{`${r.projectName}, unidad ${r.unitNumber}`}</Link>,
    csv: { header: 'Reserva', value: (r) => r.id },
  },
  { header: 'Proyecto', cell: (r) => r.projectName, csv: { header: 'Proyecto', value: (r) => r.projectName } },
  { header: 'Comprador', cell: (r) => r.buyerName, csv: { header: 'Comprador', value: (r) => r.buyerName } },
  { header: 'Monto', sort: 'amountCLP', cell: (r) => formatCLP(r.amountCLP), csv: { header: 'Monto', value: (r) => formatCLP(r.amountCLP) } },
  {
    header: 'Estado',
    cell: (r) => (
      <Badge $tone={r.status === 'confirmed' ? 'success' : r.status === 'payment_started' || r.status === 'held' ? 'warning' : 'neutral'}>
        {RESERVATION_STATUS_LABELS[r.status]}
      </Badge>
    ),
    csv: { header: 'Estado', value: (r) => RESERVATION_STATUS_LABELS[r.status] },
  },
  { header: 'Pago', cell: (r) => PAYMENT_STATE_LABELS[paymentState(r)], csv: { header: 'Pago', value: (r) => PAYMENT_STATE_LABELS[paymentState(r)] } },
  {
    header: 'Solicitada',
    sort: 'requestedAt',
    cell: (r) => formatDate(r.requestedAt),
    csv: { header: 'Solicitada', value: (r) => formatDateTime(r.requestedAt) },
  },
  {
    header: 'Retención vence',
    sort: 'holdExpiresAt',
    cell: (r) => formatDateTime(r.holdExpiresAt),
    csv: { header: 'Retención vence', value: (r) => formatDateTime(r.holdExpiresAt) },
  },
];

/** Comercial > Reservas: every buyer's reservations, filtered in the URL, exported as filtered. */
export default function ReservationsListPage() {
  return (
    <ResourceListPage
      title="Reservas"
      intro="Reservas de todos los compradores con el estado de su pago; abra una para ver su historial."
      resource={RESERVATIONS}
      columns={COLUMNS}
      exportName="reservas"
      emptyMessage="No hay reservas con estos filtros."
      filters={{ label: 'Filtrar reservas', fields: FIELDS }}
    />
  );
}
