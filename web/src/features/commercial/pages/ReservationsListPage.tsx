import { Link } from 'react-router-dom';
import { RESERVATION_STATUSES } from '../../../../../contract/reservations';
import { formatCLP, formatDate, formatDateTime } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { FilterForm, type FilterField } from '../../../shared/kit/FilterForm';
import { ResourceList } from '../../../shared/kit/ResourceList';
import type { ResourceColumn } from '../../../shared/kit/ResourceTable';
import { useResourceList, type ListResource } from '../../../shared/kit/useResourceList';
import { Badge, Muted } from '../../../shared/ui/layout';
import { fetchReservations, parseReservationQuery, RESERVATION_PAYMENT_STATES, type BackofficeReservationView, type ReservationFilter, type ReservationSort } from '../api/commercial-api';
import { PAYMENT_STATE_LABELS, paymentState, RESERVATION_STATUS_LABELS } from '../../../shared/format/commercial-labels';

const RESERVATIONS: ListResource<BackofficeReservationView, ReservationFilter, ReservationSort> = { parse: parseReservationQuery, fetchPage: fetchReservations };

const FIELDS: readonly FilterField<ReservationFilter>[] = [
  { key: 'status', label: 'Estado', type: 'select', options: RESERVATION_STATUSES.map((s) => ({ value: s, label: RESERVATION_STATUS_LABELS[s] })) },
  { key: 'payment', label: 'Estado del pago', type: 'select', options: RESERVATION_PAYMENT_STATES.map((s) => ({ value: s, label: PAYMENT_STATE_LABELS[s] })) },
  { key: 'project', label: 'Proyecto', type: 'text' },
  { key: 'buyer', label: 'Comprador (nombre o correo)', type: 'text' },
  { key: 'from', label: 'Solicitada desde', type: 'date' },
  { key: 'to', label: 'Solicitada hasta', type: 'date' },
  { key: 'holdFrom', label: 'Retención vence desde', type: 'date' },
  { key: 'holdTo', label: 'Retención vence hasta', type: 'date' },
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
  { header: 'Monto', sort: 'amountCLP', cell: (r) => formatCLP(r.amountCLP), csv: { header: 'Monto (CLP)', value: (r) => String(r.amountCLP) } },
  {
    header: 'Estado',
    cell: (r) => <Badge $tone={r.status === 'confirmed' ? 'success' : r.status === 'payment_started' || r.status === 'held' ? 'warning' : 'neutral'}>{RESERVATION_STATUS_LABELS[r.status]}</Badge>,
    csv: { header: 'Estado', value: (r) => RESERVATION_STATUS_LABELS[r.status] },
  },
  { header: 'Pago', cell: (r) => PAYMENT_STATE_LABELS[paymentState(r)], csv: { header: 'Pago', value: (r) => PAYMENT_STATE_LABELS[paymentState(r)] } },
  { header: 'Solicitada', sort: 'requestedAt', cell: (r) => formatDate(r.requestedAt), csv: { header: 'Solicitada', value: (r) => formatDateTime(r.requestedAt) } },
  { header: 'Retención vence', sort: 'holdExpiresAt', cell: (r) => formatDateTime(r.holdExpiresAt), csv: { header: 'Retención vence', value: (r) => formatDateTime(r.holdExpiresAt) } },
];

/** Comercial > Reservas: every buyer's reservations, filtered in the URL, exported as filtered. */
export default function ReservationsListPage() {
  useDocumentTitle('Reservas');
  const list = useResourceList(RESERVATIONS);
  return (
    <>
      <h1>Reservas</h1>
      <Muted>Reservas de todos los compradores con el estado de su pago; abra una para ver su historial.</Muted>
      <ResourceList
        list={list}
        caption="Reservas"
        columns={COLUMNS}
        rowKey={(r) => r.id}
        emptyMessage="No hay reservas con estos filtros."
        exportName="reservas"
        filters={<FilterForm label="Filtrar reservas" filter={list.query.filter} fields={FIELDS} ranges={[['from', 'to'], ['holdFrom', 'holdTo']]} onApply={list.setFilter} onClear={list.clear} />}
      />
    </>
  );
}
