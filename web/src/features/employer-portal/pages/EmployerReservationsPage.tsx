import { RESERVATION_STATUSES } from '../../../../../contract/reservations';
import { formatCLP, formatDate, formatDateTime, formatInteger, formatUF } from '../../../shared/format/format';
import { PAYMENT_STATE_LABELS, paymentState, RESERVATION_STATUS_LABELS } from '../../../shared/format/commercial-labels';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { dateRange, FilterForm, type FilterField } from '../../../shared/kit/FilterForm';
import { ResourceList } from '../../../shared/kit/ResourceList';
import type { ResourceColumn } from '../../../shared/kit/ResourceTable';
import { useResourceList, type ListResource } from '../../../shared/kit/useResourceList';
import { Badge, Card, DescriptionList, Grid, Muted } from '../../../shared/ui/layout';
import { parseReservationQuery, RESERVATION_PAYMENT_STATES, type ReservationFilter, type ReservationSort } from '../../../shared/kit/reservation-list-query';
import { contributionArgs, fetchEmployerReservations, useEmployerContributionQuery, type EmployerReservationView } from '../api/employer-portal-api';

const RESERVATIONS: ListResource<EmployerReservationView, ReservationFilter, ReservationSort> = {
  parse: parseReservationQuery,
  fetchPage: fetchEmployerReservations,
};

const CONTRIBUTION_LABELS: Readonly<Record<EmployerReservationView['contribution'], string>> = {
  paid: 'Pagado',
  committed: 'Comprometido',
  none: 'Sin aporte',
};

const FIELDS: readonly FilterField<ReservationFilter>[] = [
  { key: 'status', label: 'Estado', type: 'select', options: RESERVATION_STATUSES.map((s) => ({ value: s, label: RESERVATION_STATUS_LABELS[s] })) },
  { key: 'payment', label: 'Estado del pago', type: 'select', options: RESERVATION_PAYMENT_STATES.map((s) => ({ value: s, label: PAYMENT_STATE_LABELS[s] })) },
  { key: 'project', label: 'Proyecto', type: 'text' },
  { key: 'buyer', label: 'Colaborador (nombre o correo)', type: 'text' },
  dateRange('from', 'to', 'Solicitada'),
];

const COLUMNS: readonly ResourceColumn<EmployerReservationView>[] = [
  { header: 'Colaborador', rowHeader: true, cell: (r) => r.buyerName, csv: { header: 'Colaborador', value: (r) => r.buyerName } },
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
  { header: 'Precio unidad', cell: (r) => formatUF(r.priceUF), csv: { header: 'Precio unidad', value: (r) => formatUF(r.priceUF) } },
  { header: 'Reserva', sort: 'amountCLP', cell: (r) => formatCLP(r.amountCLP), csv: { header: 'Monto reserva', value: (r) => formatCLP(r.amountCLP) } },
  {
    header: 'Aporte empresa',
    cell: (r) => `${formatUF(r.companyContributionUF)} · ${CONTRIBUTION_LABELS[r.contribution]}`,
    csv: { header: 'Aporte empresa', value: (r) => formatUF(r.companyContributionUF) },
  },
];

/** "Aporte comprometido" and "aporte pagado" over the reservations the list's filter selects. */
function ContributionTotals({ filter }: { readonly filter: ReservationFilter }) {
  const contribution = useEmployerContributionQuery(contributionArgs(filter));
  const loaded = contribution.isFetching ? null : { data: contribution.currentData ?? null, failed: contribution.isError };
  return (
    <Grid $min="220px">
      <Card aria-busy={!loaded}>
        <h2>Aporte de la empresa</h2>
        {loaded?.failed && <Muted>No fue posible calcular el aporte.</Muted>}
        {!loaded && <p role="status">Calculando aporte...</p>}
        {loaded?.data && (
          <DescriptionList>
            <dt>Aporte comprometido</dt>
            <dd>
              {formatUF(loaded.data.committedUF)} ({formatInteger(loaded.data.committed)} reservas en curso o confirmadas)
            </dd>
            <dt>Aporte pagado</dt>
            <dd>
              {formatUF(loaded.data.paidUF)} ({formatInteger(loaded.data.paid)} reservas confirmadas y pagadas)
            </dd>
          </DescriptionList>
        )}
      </Card>
    </Grid>
  );
}

/** The employer portal's Reservas: its collaborators' reservations and the contribution they commit (scoped by the server). */
export default function EmployerReservationsPage() {
  useDocumentTitle('Reservas de colaboradores');
  const list = useResourceList(RESERVATIONS);
  return (
    <>
      <h1>Reservas de colaboradores</h1>
      <Muted>Reservas de los colaboradores de su empresa, con el aporte de la empresa a cada una.</Muted>
      <ContributionTotals filter={list.query.filter} />
      <ResourceList
        list={list}
        caption="Reservas de colaboradores"
        columns={COLUMNS}
        rowKey={(r) => r.id}
        emptyMessage="Sus colaboradores no tienen reservas con estos filtros."
        exportName="reservas-colaboradores"
        filters={<FilterForm label="Filtrar reservas" filter={list.query.filter} fields={FIELDS} onApply={list.setFilter} onClear={list.clear} />}
      />
    </>
  );
}
