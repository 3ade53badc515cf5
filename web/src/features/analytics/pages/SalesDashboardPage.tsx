import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { Muted, Stack } from '../../../shared/ui/layout';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { SalesFilters } from '../components/SalesFilters';
import { ByCompanyCharts, ByProjectChart, FunnelChart, ReservationsChart, RevenueChart, SalesTotals } from '../components/SalesFigures';
import { useSalesDashboard } from '../components/useSalesDashboard';

/** Back office, Comercial > Dashboard de ventas (analysts, auditors, administrators: read only). */
export default function SalesDashboardPage() {
  useDocumentTitle('Dashboard de ventas');
  const { filter, state, options, setFilter, clear, retry } = useSalesDashboard();
  return (
    <Stack $gap={4}>
      <h1>Dashboard de ventas</h1>
      <Muted>Reservas, ventas, embudo y aportes de las empresas en el rango elegido (días de Chile, hora de Santiago).</Muted>
      <SalesFilters filter={filter} options={options} onChange={setFilter} onClear={clear} />
      {state.status === 'loading' && <p role="status">Cargando cifras...</p>}
      {state.status === 'failed' && <LoadFailed message={state.message} onRetry={retry} />}
      {state.status === 'loaded' && (
        <>
          <SalesTotals data={state.data} />
          <ReservationsChart data={state.data} />
          <RevenueChart data={state.data} />
          <FunnelChart data={state.data} />
          <ByProjectChart data={state.data} />
          <ByCompanyCharts data={state.data} />
        </>
      )}
    </Stack>
  );
}
