import { ArcElement, Chart as ChartJS, Tooltip, type ChartOptions } from 'chart.js';
import { Doughnut } from 'react-chartjs-2';
import { formatUF } from '../../../shared/format/format';
import type { ChartSlice } from '../calculator';

ChartJS.register(ArcElement, Tooltip);

/** The doughnut itself (chart.js), apart from its legend so that the library loads only when it is about to be seen. */
export default function PriceSplitDoughnut({ slices, colors, borderColor }: { slices: readonly ChartSlice[]; colors: readonly string[]; borderColor: string }) {
  const options: ChartOptions<'doughnut'> = {
    responsive: true,
    maintainAspectRatio: true,
    cutout: '60%',
    animation: window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? false : undefined,
    plugins: {
      legend: { display: false },
      tooltip: { callbacks: { label: (item) => `${item.label}: ${formatUF(Number(item.raw))}` } },
    },
  };
  return (
    <Doughnut
      data={{
        labels: slices.map((s) => s.label),
        datasets: [{ data: slices.map((s) => s.valueUF), backgroundColor: [...colors], borderColor, borderWidth: 2 }],
      }}
      options={options}
    />
  );
}
