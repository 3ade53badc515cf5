import type { SalesAnalytics } from '../../../../../contract/analytics';
import { formatCLP, formatInteger, formatPercent, formatUF } from '../../../shared/format/format';
import { periodLabel } from '../period-label';
import { Card, DescriptionList, Grid } from '../../../shared/ui/layout';
import { ChartWithTable } from './ChartWithTable';

const count = (v: number) => formatInteger(v);
const percent = (ratio: number) => formatPercent(ratio * 100, 1);

/** The headline figures: reservations, revenue (UF with two decimals, CLP without), rates, contribution. */
export function SalesTotals({ data }: { readonly data: SalesAnalytics }) {
  const { totals, rates, contribution } = data;
  return (
    <Grid $min="200px" aria-label="Resumen">
      <Card>
        <h2>Reservas</h2>
        <DescriptionList>
          <dt>Iniciadas</dt>
          <dd>{count(totals.started)}</dd>
          <dt>Confirmadas</dt>
          <dd>{count(totals.confirmed)}</dd>
          <dt>Expiradas</dt>
          <dd>{count(totals.expired)}</dd>
          <dt>Canceladas</dt>
          <dd>{count(totals.cancelled)}</dd>
        </DescriptionList>
      </Card>
      <Card>
        <h2>Ventas</h2>
        <DescriptionList>
          <dt>En UF</dt>
          <dd>{formatUF(totals.revenueUF)}</dd>
          <dt>Reservas pagadas (CLP)</dt>
          <dd>{formatCLP(totals.revenueCLP)}</dd>
        </DescriptionList>
      </Card>
      <Card>
        <h2>Tasas</h2>
        <DescriptionList>
          <dt>Expiración (expiradas / retenidas)</dt>
          <dd>{percent(rates.holdExpiry)}</dd>
          <dt>Pagos rechazados (rechazados / intentos de pago)</dt>
          <dd>{percent(rates.paymentRejection)}</dd>
        </DescriptionList>
      </Card>
      <Card>
        <h2>Aporte de empresas</h2>
        <DescriptionList>
          <dt>Comprometido</dt>
          <dd>{formatUF(contribution.committedUF)}</dd>
          <dt>Pagado</dt>
          <dd>{formatUF(contribution.paidUF)}</dd>
        </DescriptionList>
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
