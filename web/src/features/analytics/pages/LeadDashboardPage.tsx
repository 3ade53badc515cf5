import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { LeadAnalytics } from '../../../../../contract/analytics';
import { LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS } from '../../../../../contract/leads';
import { toApiErrorBody } from '../../../shared/api/errors';
import { formatInteger, formatPercent } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useApi } from '../../../shared/kit/api-context';
import { Button } from '../../../shared/ui/Button';
import { TextField } from '../../../shared/ui/fields';
import { Card, KpiList, Grid, Muted, Row, Stack } from '../../../shared/ui/layout';
import { Kpi } from '../../../shared/ui/Kpi';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { fetchLeadAnalytics, parseSalesFilter } from '../api/analytics-api';
import { ChartWithTable } from '../components/ChartWithTable';
import type { Loadable } from '../components/useSalesDashboard';

const STATUS: Readonly<Record<string, string>> = LEAD_STATUS_LABELS;
const SOURCE: Readonly<Record<string, string>> = LEAD_SOURCE_LABELS;
const count = (v: number) => formatInteger(v);
const hours = (h: number | null) => (h === null ? '—' : `${h.toLocaleString('es-CL', { maximumFractionDigits: 1 })} h`);

/** Back office, Comercial > Dashboard de leads: status, source, advisor, score, and the 24-hour promise. */
export default function LeadDashboardPage() {
  useDocumentTitle('Dashboard de leads');
  const api = useApi();
  const [params, setParams] = useSearchParams();
  const { from, to } = useMemo(() => parseSalesFilter(params), [params]);
  const [state, setState] = useState<Loadable<LeadAnalytics>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    fetchLeadAnalytics(api, { from, to }).then(
      (data) => current && setState({ status: 'loaded', data }),
      (error: unknown) => current && setState({ status: 'failed', message: toApiErrorBody(error).message }),
    );
    return () => {
      current = false;
    };
  }, [api, from, to, attempt]);
  const set = (key: 'from' | 'to') => (e: { target: { value: string } }) => setParams({ from, to, [key]: e.target.value }, { replace: true });
  return (
    <Stack $gap={4}>
      <h1>Dashboard de leads</h1>
      <Muted>Leads creados en el rango: estado, origen, asesor, puntaje y el primer contacto frente a la promesa de 24 horas.</Muted>
      <Row
        as="form"
        role="search"
        aria-label="Filtrar leads por fecha"
        $gap={3}
        $align="flex-end"
        onSubmit={(e: { preventDefault(): void }) => e.preventDefault()}
      >
        <TextField label="Desde" type="date" name="from" value={from} max={to} onChange={set('from')} />
        <TextField label="Hasta" type="date" name="to" value={to} min={from} onChange={set('to')} />
        <Button onClick={() => setParams({}, { replace: true })}>Últimos 30 días</Button>
      </Row>
      {state.status === 'loading' && <p role="status">Cargando cifras...</p>}
      {state.status === 'failed' && <LoadFailed message={state.message} onRetry={() => setAttempt((n) => n + 1)} />}
      {state.status === 'loaded' && (
        <>
          <Grid $min="240px">
            <Card>
              <h2>Leads</h2>
              <KpiList>
                <Kpi label="Total">{count(state.data.total)}</Kpi>
              </KpiList>
            </Card>
            <Card>
              <h2>Primer contacto (promesa de {state.data.firstContact.promiseHours} horas)</h2>
              <KpiList>
                <Kpi label="A tiempo">{count(state.data.firstContact.onTime)}</Kpi>
                <Kpi label="Tarde">{count(state.data.firstContact.late)}</Kpi>
                <Kpi label="Atrasados sin contacto">{count(state.data.firstContact.overdue)}</Kpi>
                <Kpi label="Cumplimiento (a tiempo / contactados)">{formatPercent(state.data.firstContact.onTimeRate * 100, 1)}</Kpi>
                <Kpi label="Mediana">{hours(state.data.firstContact.medianHours)}</Kpi>
              </KpiList>
            </Card>
          </Grid>
          <ChartWithTable
            title="Leads por estado"
            labels={state.data.byStatus.map((s) => STATUS[s.status] ?? s.status)}
            series={[{ label: 'Leads', values: state.data.byStatus.map((s) => s.count) }]}
            format={count}
          />
          <ChartWithTable
            title="Leads por origen"
            horizontal
            labels={state.data.bySource.map((s) => SOURCE[s.source] ?? s.source)}
            series={[{ label: 'Leads', values: state.data.bySource.map((s) => s.count) }]}
            format={count}
          />
          <ChartWithTable
            title="Leads por asesor"
            horizontal
            labels={state.data.byAdvisor.map((a) => a.advisorName ?? 'Sin asignar')}
            series={[
              { label: 'Asignados', values: state.data.byAdvisor.map((a) => a.total) },
              { label: 'Contactados a tiempo', values: state.data.byAdvisor.map((a) => a.onTime) },
              { label: 'Atrasados', values: state.data.byAdvisor.map((a) => a.overdue) },
            ]}
            format={count}
          />
          <ChartWithTable
            title="Distribución de puntaje"
            labels={state.data.scoreDistribution.map((b) => b.band)}
            series={[{ label: 'Leads', values: state.data.scoreDistribution.map((b) => b.count) }]}
            format={count}
          />
        </>
      )}
    </Stack>
  );
}
