import { CategoryScale, Chart as ChartJS, LinearScale, LineElement, PointElement, Tooltip, type ChartOptions } from 'chart.js';
import { Line } from 'react-chartjs-2';
import { useTheme } from 'styled-components';
import { formatDate, formatUfValue } from '../../../shared/format/format';

ChartJS.register(CategoryScale, LinearScale, LineElement, PointElement, Tooltip);

/** The UF over the listed days, oldest to newest. The canvas is decoration: the table beside it has every value. */
export default function UfLineChart({ values }: { readonly values: readonly { date: string; value: number }[] }) {
  const theme = useTheme();
  const points = [...values].reverse();
  const options: ChartOptions<'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? false : undefined,
    plugins: { legend: { display: false }, tooltip: { callbacks: { label: (item) => formatUfValue(Number(item.raw)) } } },
    scales: {
      x: { ticks: { color: theme.colors.textMuted, maxTicksLimit: 8 }, grid: { color: theme.colors.border } },
      y: { ticks: { color: theme.colors.textMuted, callback: (v) => formatUfValue(Number(v)) }, grid: { color: theme.colors.border } },
    },
  };
  return (
    <div aria-hidden="true" style={{ position: 'relative', minWidth: 0, height: 220 }}>
      <Line
        data={{
          labels: points.map((p) => formatDate(p.date)),
          datasets: [{ data: points.map((p) => p.value), borderColor: theme.colors.primary, backgroundColor: theme.colors.primary, pointRadius: 2 }],
        }}
        options={options}
      />
    </div>
  );
}
