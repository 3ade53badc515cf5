import { BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, LineElement, PointElement, Tooltip, type ChartOptions } from 'chart.js';
import type { ReactNode } from 'react';
import { Bar, Line } from 'react-chartjs-2';
import styled, { useTheme } from 'styled-components';
import { chartAxes, type AxisSeries } from '../chart-axes';
import { stackedOnPhones } from '../../../shared/ui/table';

ChartJS.register(BarElement, CategoryScale, LinearScale, LineElement, PointElement, Tooltip, Legend);

/** One series; `percent`: rates between 0 and 1, drawn on their own 0-100 % axis. */
export type ChartSeries = AxisSeries;

/** One series: its table beside the chart. Several: the table below it, where every column has room. */
const Layout = styled.div<{ $tableBelow: boolean }>`
  display: grid;
  grid-template-columns: ${({ $tableBelow }) => ($tableBelow ? 'minmax(0, 1fr)' : 'minmax(0, 3fr) minmax(0, 2fr)')};
  gap: ${({ theme }) => theme.space(4)};
  align-items: start;
  @media (max-width: 900px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

/** Chart.js sizes the canvas from this box: relative and free to shrink, so the chart follows a narrower window. */
const ChartBox = styled.div`
  position: relative;
  min-width: 0;
  height: 260px;
`;

const TableBox = styled.div`
  overflow: auto;
  max-height: 320px;
  table {
    border-collapse: collapse;
    width: 100%;
    font-size: 0.9rem;
  }
  th,
  td {
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
    text-align: right;
  }
  th:first-child,
  td:first-child {
    text-align: left;
  }
  caption {
    text-align: left;
    font-weight: 600;
    padding-bottom: ${({ theme }) => theme.space(2)};
  }
  table {
    ${stackedOnPhones}
  }
`;

export interface ChartWithTableProps {
  readonly title: string;
  readonly kind?: 'bar' | 'line';
  readonly labels: readonly string[];
  readonly series: readonly ChartSeries[];
  /** How each series' values are written in the table (CLP without decimals, UF with two...). */
  readonly format: (value: number, seriesIndex: number) => string;
  readonly horizontal?: boolean;
  readonly children?: ReactNode;
}

/**
 * A chart and, beside it, the same figures in a table: the canvas is decoration (aria-hidden), the table is
 * what a screen reader (and anyone wanting exact numbers) reads.
 */
export function ChartWithTable({ title, kind = 'bar', labels, series, format, horizontal = false, children }: ChartWithTableProps) {
  const theme = useTheme();
  const palette = [theme.colors.primary, theme.colors.success, theme.colors.warning, theme.colors.danger, theme.colors.textMuted];
  const reduced = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  const axes = chartAxes(series, kind === 'bar' && horizontal, { text: theme.colors.textMuted, grid: theme.colors.border });
  const scales = axes.scales;
  const legend = { display: series.length > 1, labels: { color: theme.colors.text } };
  const datasets = axes.datasets.map((d, i) => ({
    ...d,
    backgroundColor: palette[i % palette.length],
    borderColor: palette[i % palette.length],
    pointRadius: 2,
  }));
  const data = { labels: [...labels], datasets };
  return (
    <section aria-label={title}>
      <h2>{title}</h2>
      {children}
      <Layout $tableBelow={series.length > 1}>
        <ChartBox aria-hidden="true">
          {kind === 'line' ? (
            <Line
              data={data}
              options={
                { responsive: true, maintainAspectRatio: false, animation: reduced ? false : undefined, plugins: { legend }, scales } as ChartOptions<'line'>
              }
            />
          ) : (
            <Bar
              data={data}
              options={
                {
                  indexAxis: horizontal ? 'y' : 'x',
                  responsive: true,
                  maintainAspectRatio: false,
                  animation: reduced ? false : undefined,
                  plugins: { legend },
                  scales,
                } as ChartOptions<'bar'>
              }
            />
          )}
        </ChartBox>
        <TableBox tabIndex={0} role="region" aria-label={`Tabla: ${title}`}>
          <table>
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">Periodo / categoría</th>
                {series.map((s) => (
                  <th key={s.label} scope="col">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {labels.map((label, row) => (
                <tr key={`${label}-${row}`}>
                  <th scope="row" data-label="Periodo / categoría">
                    {label}
                  </th>
                  {series.map((s, i) => (
                    <td key={s.label} data-label={s.label}>
                      {format(s.values[row] ?? 0, i)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      </Layout>
    </section>
  );
}
