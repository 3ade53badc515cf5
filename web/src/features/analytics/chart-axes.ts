/**
 * A chart's value axes: counts (and amounts) on one, percentages on their own from 0 to 100 % (a rate drawn
 * on the counts' axis reads as a count, and a small one vanishes beside them). A plain module: the root type
 * check reads tests/web without JSX.
 */
export interface AxisSeries {
  readonly label: string;
  readonly values: readonly number[];
  /** The values are rates between 0 and 1: drawn as 0-100 % on the percentage axis. */
  readonly percent?: boolean;
}

export interface AxisColors {
  readonly text: string;
  readonly grid: string;
}

export const PERCENT_AXIS = 'percent';

/** The datasets' data and axis, and the scales: `horizontal` bars have their values on x. */
export const chartAxes = (series: readonly AxisSeries[], horizontal: boolean, colors: AxisColors) => {
  const valueAxis = horizontal ? 'x' : 'y';
  const categoryAxis = horizontal ? 'y' : 'x';
  const withPercent = series.some((s) => s.percent);
  const scales: Record<string, object> = {
    [categoryAxis]: { beginAtZero: true, ticks: { color: colors.text, maxTicksLimit: horizontal ? undefined : 10 }, grid: { color: colors.grid } },
    [valueAxis]: { beginAtZero: true, ticks: { color: colors.text, maxTicksLimit: 10 }, grid: { color: colors.grid } },
  };
  if (withPercent)
    scales[PERCENT_AXIS] = {
      axis: valueAxis,
      position: horizontal ? 'top' : 'right',
      min: 0,
      max: 100,
      title: { display: true, text: '%', color: colors.text },
      ticks: { color: colors.text, callback: (value: number | string) => `${value} %` },
      grid: { drawOnChartArea: false },
    };
  const datasets = series.map((s) => ({
    label: s.percent ? `${s.label} (%)` : s.label,
    data: s.percent ? s.values.map((v) => Math.round(v * 1000) / 10) : [...s.values],
    ...(s.percent ? { [`${valueAxis}AxisID`]: PERCENT_AXIS } : {}),
  }));
  return { scales, datasets };
};
