import { RESERVATION_STATUSES } from '../../../../../contract/reservations';
import { formatCLP, formatDate, formatDateTime, formatUF } from '../../../shared/format/format';
import { PAYMENT_STATE_LABELS, paymentState, RESERVATION_STATUS_LABELS } from '../../../shared/format/commercial-labels';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { dateRange, FilterForm, type FilterField } from '../../../shared/kit/FilterForm';
import { parseReservationQuery, RESERVATION_PAYMENT_STATES, type ReservationFilter, type ReservationSort } from '../../../shared/kit/reservation-list-query';
import { ResourceList } from '../../../shared/kit/ResourceList';
import type { ResourceColumn } from '../../../shared/kit/ResourceTable';
import { useResourceList, type ListResource } from '../../../shared/kit/useResourceList';
import { Badge, Muted } from '../../../shared/ui/layout';
import { fetchRealEstateReservations, type RealEstateReservationView } from '../api/real-estate-portal-api';

const RESERVATIONS: ListResource<RealEstateReservationView, ReservationFilter, ReservationSort> = {
  parse: parseReservationQuery,
  fetchPage: fetchRealEstateReservations,
};

const FIELDS: readonly FilterField<ReservationFilter>[] = [
  { key: 'status', label: 'Estado', type: 'select', options: RESERVATION_STATUSES.map((s) => ({ value: s, label: RESERVATION_STATUS_LABELS[s] })) },
  { key: 'payment', label: 'Estado del pago', type: 'select', options: RESERVATION_PAYMENT_STATES.map((s) => ({ value: s, label: PAYMENT_STATE_LABELS[s] })) },
  { key: 'project', label: 'Proyecto', type: 'text' },
  { key: 'buyer', label: 'Comprador (nombre o correo)', type: 'text' },
  dateRange('from', 'to', 'Solicitada'),
];

const COLUMNS: readonly ResourceColumn<RealEstateReservationView>[] = [
  { header: 'Comprador', rowHeader: true, cell: (r) => r.buyerName, csv: { header: 'Comprador', value: (r) => r.buyerName } },
  { header: 'Proyecto', cell: (r) => r.projectName, csv: { header: 'Proyecto', value: (r) => r.projectName } },
  { header: 'Unidad', cell: (r) => r.unitNumber, csv: { header: 'Unidad', value: (r) => r.unitNumber } },
  {
    header: 'Solicitada',
    sort: 'requestedAt',
    cell: (r) => formatDate(r.requestedAt),
    csv: { header: 'Solicitada', value: (r) => formatDateTime(r.requestedAt) },
  },
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
  { header: 'Precio unidad', cell: (r) => formatUF(r.priceUF), csv: { header: 'Precio unidad (UF)', value: (r) => String(r.priceUF) } },
  { header: 'Reserva', sort: 'amountCLP', cell: (r) => formatCLP(r.amountCLP), csv: { header: 'Monto reserva (CLP)', value: (r) => String(r.amountCLP) } },
];

/** The real-estate company portal's Reservas: the reservations of its own projects' units (scoped by the server). */
export default function RealEstateReservationsPage() {
  useDocumentTitle('Reservas de sus proyectos');
  const list = useResourceList(RESERVATIONS);
  return (
    <>
      <h1>Reservas de sus proyectos</h1>
      <Muted>Reservas de las unidades de sus proyectos, con el estado de su pago.</Muted>
      <ResourceList
        list={list}
        caption="Reservas de sus proyectos"
        columns={COLUMNS}
        rowKey={(r) => r.id}
        emptyMessage="Sus proyectos no tienen reservas con estos filtros."
        exportName="reservas-proyectos"
        filters={<FilterForm label="Filtrar reservas" filter={list.query.filter} fields={FIELDS} onApply={list.setFilter} onClear={list.clear} />}
      />
    </>
  );
}
