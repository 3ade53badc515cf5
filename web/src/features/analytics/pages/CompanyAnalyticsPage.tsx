import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { CAMPAIGN_STATUS_LABELS, isScheduledCampaign, SCHEDULED_CAMPAIGN_LABEL } from '../../../../../contract/campaigns';
import { chileDay } from '../../../../../domain/shared/chile-day';
import type { EmployerOverview } from '../../../../../contract/analytics';
import { formatDate, formatInteger, formatUF } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useApi } from '../../../shared/kit/api-context';
import { ResourceTable, type ResourceColumn } from '../../../shared/kit/ResourceTable';
import { Card, KpiList, Grid, Muted, Stack } from '../../../shared/ui/layout';
import { Kpi } from '../../../shared/ui/Kpi';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { fetchEmployerOverview } from '../api/analytics-api';
import { SalesFilters } from '../components/SalesFilters';
import { ByProjectChart, ByTypologyChart, ReservationsChart, SalesTotals } from '../components/SalesFigures';
import { useSalesDashboard } from '../components/useSalesDashboard';
import { ChartWithTable } from '../components/ChartWithTable';

const CAMPAIGN_STATUS: Readonly<Record<string, string>> = CAMPAIGN_STATUS_LABELS;
type Campaign = EmployerOverview['campaigns'][number];
const CAMPAIGN_COLUMNS: ResourceColumn<Campaign>[] = [
  { header: 'Campaña', rowHeader: true, cell: (c) => c.name },
  { header: 'Estado', cell: (c) => (isScheduledCampaign(c, chileDay(new Date())) ? SCHEDULED_CAMPAIGN_LABEL : (CAMPAIGN_STATUS[c.status] ?? c.status)) },
  { header: 'Inscritos', cell: (c) => formatInteger(c.enrolledCount) },
  { header: 'Vigencia', cell: (c) => `${formatDate(c.startDate)} – ${c.endDate ? formatDate(c.endDate) : 'sin término'}` },
];

function EmployerSection() {
  const api = useApi();
  const [overview, setOverview] = useState<EmployerOverview | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    fetchEmployerOverview(api).then(setOverview, () => setFailed(true));
  }, [api]);
  if (failed) return <Muted>No fue posible cargar los colaboradores y campañas.</Muted>;
  if (!overview) return <p role="status">Cargando colaboradores...</p>;
  return (
    <>
      <Card>
        <h2>Colaboradores inscritos</h2>
        <KpiList>
          <Kpi label="Total">{formatInteger(overview.collaborators.total)}</Kpi>
          <Kpi label="Activos">{formatInteger(overview.collaborators.active)}</Kpi>
          <Kpi label="Con cuenta en la plataforma">{formatInteger(overview.collaborators.withAccount)}</Kpi>
        </KpiList>
      </Card>
      <ResourceTable
        caption="Resultados de campañas"
        columns={CAMPAIGN_COLUMNS}
        rows={overview.campaigns}
        rowKey={(c) => c.id}
        loading={false}
        empty={overview.campaigns.length === 0}
        emptyMessage="Su empresa no tiene campañas."
      />
    </>
  );
}

/**
 * The company portal's dashboard and analytics: the same routes as the back office, scoped by the server
 * to the user's company. A real-estate company sees its projects (views, favourites, quotes, reservations,
 * conversion per project and typology); a partner employer its collaborators, campaigns, their quotes and
 * reservations and the contribution committed and paid. The portal's home (`summary`) leaves out the
 * per-typology and per-period detail that its Analítica section shows.
 */
export default function CompanyAnalyticsPage({ title = 'Analítica', summary = false }: { readonly title?: string; readonly summary?: boolean }) {
  useDocumentTitle(title);
  const { filter, state, options, setFilter, clear, retry } = useSalesDashboard();
  const scope = state.status === 'loaded' ? state.data.scope : null;
  return (
    <Stack $gap={4}>
      <h1>{title}</h1>
      <SalesFilters filter={filter} options={options} onChange={setFilter} onClear={clear} />
      {state.status === 'loading' && <p role="status">Cargando cifras...</p>}
      {state.status === 'failed' && <LoadFailed message={state.message} onRetry={retry} />}
      {state.status === 'loaded' && scope === null && <Muted>Su cuenta no está asociada a una empresa: no hay cifras que mostrar.</Muted>}
      {state.status === 'loaded' && scope?.kind === 'real_estate' && (
        <>
          <Muted>Cifras de los proyectos de su inmobiliaria.</Muted>
          <SalesTotals data={state.data} />
          <ByProjectChart data={state.data} title="Visitas, favoritos, cotizaciones y reservas por proyecto" />
          {!summary && <ByTypologyChart data={state.data} />}
          {!summary && <ReservationsChart data={state.data} />}
        </>
      )}
      {state.status === 'loaded' && scope?.kind === 'employer' && (
        <>
          <Muted>Cifras de los colaboradores de su empresa.</Muted>
          <EmployerSection />
          <Grid $min="240px">
            <Card>
              <h2>Aporte de la empresa</h2>
              <KpiList>
                <Kpi label="Comprometido">{formatUF(state.data.contribution.committedUF)}</Kpi>
                <Kpi label="Pagado">{formatUF(state.data.contribution.paidUF)}</Kpi>
              </KpiList>
            </Card>
            <Card>
              <h2>Detalle de sus colaboradores</h2>
              <ul>
                <li>
                  <Link to="/company-portal/quotes">Cotizaciones de colaboradores</Link>
                </li>
                <li>
                  <Link to="/company-portal/reservations">Reservas de colaboradores y aporte</Link>
                </li>
              </ul>
            </Card>
          </Grid>
          <ChartWithTable
            title="Cotizaciones y reservas de sus colaboradores"
            labels={['Cotizaciones', 'Reservas iniciadas', 'Reservas confirmadas']}
            series={[{ label: 'Cantidad', values: [state.data.funnel.quotes, state.data.totals.started, state.data.totals.confirmed] }]}
            format={(v) => formatInteger(v)}
          />
          {!summary && <ReservationsChart data={state.data} />}
        </>
      )}
    </Stack>
  );
}
