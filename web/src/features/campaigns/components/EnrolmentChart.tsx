import { BarElement, CategoryScale, Chart as ChartJS, LinearScale, Tooltip, type ChartOptions } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { useTheme } from 'styled-components';

ChartJS.register(BarElement, CategoryScale, LinearScale, Tooltip);

/** Enrolled collaborators per campaign. The canvas is decoration: the table beside it has every figure. */
export default function EnrolmentChart({ rows }: { readonly rows: readonly { name: string; enrolled: number }[] }) {
  const theme = useTheme();
  const options: ChartOptions<'bar'> = {
    indexAxis: 'y',
    responsive: true,
    maintainAspectRatio: false,
    animation: window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? false : undefined,
    plugins: { legend: { display: false } },
    scales: {
      x: { beginAtZero: true, ticks: { color: theme.colors.textMuted, precision: 0 }, grid: { color: theme.colors.border } },
      y: { ticks: { color: theme.colors.textMuted }, grid: { display: false } },
    },
  };
  return (
    <div aria-hidden="true" style={{ position: 'relative', minWidth: 0, height: Math.max(120, rows.length * 36) }}>
      <Bar
        data={{ labels: rows.map((r) => r.name), datasets: [{ data: rows.map((r) => r.enrolled), backgroundColor: theme.colors.primary }] }}
        options={options}
      />
    </div>
  );
}
