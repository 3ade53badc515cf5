import { BarElement, CategoryScale, Chart as ChartJS, LinearScale, Tooltip, type ChartOptions } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { useTheme } from 'styled-components';

ChartJS.register(BarElement, CategoryScale, LinearScale, Tooltip);

/** Mails by status. The canvas is decoration: the table beside it has every figure. */
export default function EmailStatusChart({ rows }: { readonly rows: readonly { label: string; count: number }[] }) {
  const theme = useTheme();
  const options: ChartOptions<'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? false : undefined,
    plugins: { legend: { display: false } },
    scales: {
      y: { beginAtZero: true, ticks: { color: theme.colors.textMuted, precision: 0 }, grid: { color: theme.colors.border } },
      x: { ticks: { color: theme.colors.textMuted }, grid: { display: false } },
    },
  };
  return (
    <div aria-hidden="true" style={{ position: 'relative', minWidth: 0, height: 220 }}>
      <Bar
        data={{ labels: rows.map((r) => r.label), datasets: [{ data: rows.map((r) => r.count), backgroundColor: theme.colors.primary }] }}
        options={options}
      />
    </div>
  );
}
