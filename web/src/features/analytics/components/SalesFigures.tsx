import type { SalesAnalytics } from '../../../../../contract/analytics';
import { formatCLP, formatInteger, formatPercent, formatUF } from '../../../shared/format/format';
import { periodLabel } from '../period-label';
import { Card, KpiList, Grid } from '../../../shared/ui/layout';
import { Kpi } from '../../../shared/ui/Kpi';
import { ChartWithTable } from './ChartWithTable';

const count = (v: number) => formatInteger(v);
const percent = (ratio: number) => formatPercent(ratio * 100, 1);

/** The headline figures: reservations, revenue (UF with two decimals, CLP without), rates, contribution. */
export function SalesTotals({ data }: { readonly data: SalesAnalytics }) {
  const { totals, rates, contribution } = data;
  return (
    <Grid $min="240px" aria-label="Resumen">
      <Card>
        <h2>Reservas</h2>
        <KpiList>
          <Kpi label="Iniciadas">{count(totals.started)}</Kpi>
          <Kpi label="Confirmadas">{count(totals.confirmed)}</Kpi>
          <Kpi label="Expiradas">{count(totals.expired)}</Kpi>
          <Kpi label="Canceladas">{count(totals.cancelled)}</Kpi>
        </KpiList>
      </Card>
      <Card>
        <h2>Ventas</h2>
        <KpiList>
          <Kpi label="En UF">{formatUF(totals.revenueUF)}</Kpi>
          <Kpi label="Reservas pagadas (CLP)">{formatCLP(totals.revenueCLP)}</Kpi>
        </KpiList>
      </Card>
      <Card>
        <h2>Tasas</h2>
        <KpiList>
          <Kpi label="Expiración (expiradas / retenidas)">{percent(rates.holdExpiry)}</Kpi>
          <Kpi label="Pagos rechazados (rechazados / intentos de pago)">{percent(rates.paymentRejection)}</Kpi>
        </KpiList>
      </Card>
      <Card>
        <h2>Aporte de empresas</h2>
        <KpiList>
          <Kpi label="Comprometido">{formatUF(contribution.committedUF)}</Kpi>
          <Kpi label="Pagado">{formatUF(contribution.paidUF)}</Kpi>
        </KpiList>
      </Card>
    </Grid>
  );
}

export function ReservationsChart({ data }: { readonly data: SalesAnalytics }) {
  return (
    <ChartWithTable
      title="Reservas por periodo"
      labels={data.series.map((s) => periodLabel(s.period, data.granularity))}
      series={[
        { label: 'Iniciadas', values: data.series.map((s) => s.started) },
        { label: 'Confirmadas', values: data.series.map((s) => s.confirmed) },
        { label: 'Expiradas', values: data.series.map((s) => s.expired) },
        { label: 'Canceladas', values: data.series.map((s) => s.cancelled) },
      ]}
      format={count}
    />
  );
}

export function RevenueChart({ data }: { readonly data: SalesAnalytics }) {
  return (
    <>
      <ChartWithTable
        kind="line"
        title="Ventas en UF por periodo"
        labels={data.series.map((s) => periodLabel(s.period, data.granularity))}
        series={[{ label: 'UF', values: data.series.map((s) => s.revenueUF) }]}
        format={(v) => formatUF(v)}
      />
      <ChartWithTable
        kind="line"
        title="Reservas pagadas en CLP por periodo"
        labels={data.series.map((s) => periodLabel(s.period, data.granularity))}
        series={[{ label: 'CLP', values: data.series.map((s) => s.revenueCLP) }]}
        format={(v) => formatCLP(v)}
      />
    </>
  );
}

export function FunnelChart({ data }: { readonly data: SalesAnalytics }) {
  const f = data.funnel;
  return (
    <ChartWithTable
      title="Embudo: visitas → leads → cotizaciones → reservas → confirmadas"
      horizontal
      labels={['Visitas', 'Leads', 'Cotizaciones', 'Reservas', 'Confirmadas']}
      series={[{ label: 'Cantidad', values: [f.visits, f.leads, f.quotes, f.reservations, f.confirmed] }]}
      format={count}
    />
  );
}

export function ByProjectChart({ data, title = 'Por proyecto' }: { readonly data: SalesAnalytics; readonly title?: string }) {
  const rows = data.byProject.slice(0, 15);
  return (
    <ChartWithTable
      title={title}
      horizontal
      labels={rows.map((p) => p.projectName)}
      series={[
        { label: 'Visitas', values: rows.map((p) => p.views) },
        { label: 'Favoritos', values: rows.map((p) => p.favourites) },
        { label: 'Cotizaciones', values: rows.map((p) => p.quotes) },
        { label: 'Reservas', values: rows.map((p) => p.started) },
        { label: 'Confirmadas', values: rows.map((p) => p.confirmed) },
      ]}
      format={count}
    />
  );
}

export function ByCompanyCharts({ data }: { readonly data: SalesAnalytics }) {
  return (
    <>
      {data.byRealEstateCompany.length > 0 && (
        <ChartWithTable
          title="Por inmobiliaria"
          horizontal
          labels={data.byRealEstateCompany.map((r) => r.companyName)}
          series={[
            { label: 'Reservas', values: data.byRealEstateCompany.map((r) => r.started) },
            { label: 'Confirmadas', values: data.byRealEstateCompany.map((r) => r.confirmed) },
            { label: 'Ventas (UF)', values: data.byRealEstateCompany.map((r) => r.revenueUF) },
          ]}
          format={(v, i) => (i === 2 ? formatUF(v) : count(v))}
        />
      )}
      {data.byPartnerCompany.length > 0 && (
        <ChartWithTable
          title="Por empresa en convenio"
          horizontal
          labels={data.byPartnerCompany.map((r) => r.companyName)}
          series={[
            { label: 'Cotizaciones', values: data.byPartnerCompany.map((r) => r.quotes) },
            { label: 'Reservas', values: data.byPartnerCompany.map((r) => r.started) },
            { label: 'Confirmadas', values: data.byPartnerCompany.map((r) => r.confirmed) },
            { label: 'Aporte comprometido (UF)', values: data.byPartnerCompany.map((r) => r.contributionCommittedUF) },
          ]}
          format={(v, i) => (i === 3 ? formatUF(v) : count(v))}
        />
      )}
    </>
  );
}

export function ByTypologyChart({ data }: { readonly data: SalesAnalytics }) {
  const rows = data.byTypology.slice(0, 20);
  return (
    <ChartWithTable
      title="Conversión por proyecto y tipología"
      horizontal
      labels={rows.map((t) => `${t.projectName} · ${t.typology}`)}
      series={[
        { label: 'Cotizaciones', values: rows.map((t) => t.quotes) },
        { label: 'Reservas', values: rows.map((t) => t.started) },
        { label: 'Confirmadas', values: rows.map((t) => t.confirmed) },
        { label: 'Conversión (confirmadas / reservas)', values: rows.map((t) => t.conversionRate), percent: true },
      ]}
      format={(v, i) => (i === 3 ? percent(v) : count(v))}
    />
  );
}
