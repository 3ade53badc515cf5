import { ArcElement, Chart as ChartJS, Tooltip, type ChartOptions } from 'chart.js';
import { Doughnut } from 'react-chartjs-2';
import styled, { useTheme } from 'styled-components';
import { formatPercent, formatUF } from '../../../shared/format/format';
import type { ChartSlice } from '../calculator';

ChartJS.register(ArcElement, Tooltip);

const Figure = styled.figure`
  display: grid;
  grid-template-columns: minmax(160px, 220px) 1fr;
  gap: ${({ theme }) => theme.space(4)};
  align-items: center;
  margin: 0;
  @media (max-width: 520px) {
    grid-template-columns: 1fr;
  }
  figcaption {
    grid-column: 1 / -1;
    font-weight: 600;
  }
`;

const Legend = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    margin-bottom: ${({ theme }) => theme.space(1)};
  }
  span[aria-hidden] {
    width: 14px;
    height: 14px;
    border-radius: 3px;
    flex: none;
  }
`;

/**
 * A doughnut of how the price is paid (own pie, company and real-estate contributions, loan). The canvas
 * is decoration: the legend beside it states every amount and share in text.
 */
export default function PriceSplitChart({ title, slices }: { title: string; slices: readonly ChartSlice[] }) {
  const theme = useTheme();
  const palette = [theme.colors.primary, theme.colors.success, theme.colors.warning, theme.colors.info, theme.colors.textMuted];
  const colors = slices.map((_, i) => (slices.length > 2 && i === slices.length - 1 ? theme.colors.border : palette[i % palette.length]));
  const total = slices.reduce((sum, s) => sum + s.valueUF, 0) || 1;
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
    <Figure>
      <figcaption>{title}</figcaption>
      <div aria-hidden="true">
        <Doughnut
          data={{
            labels: slices.map((s) => s.label),
            datasets: [{ data: slices.map((s) => s.valueUF), backgroundColor: colors, borderColor: theme.colors.surface, borderWidth: 2 }],
          }}
          options={options}
        />
      </div>
      <Legend>
        {slices.map((s, i) => (
          <li key={s.label}>
            <span aria-hidden="true" style={{ background: colors[i] }} />
            <span>
              {s.label}: <strong>{formatUF(s.valueUF)}</strong> ({formatPercent((s.valueUF / total) * 100, 1)})
            </span>
          </li>
        ))}
      </Legend>
    </Figure>
  );
}
