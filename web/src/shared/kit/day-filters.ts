const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day filter covers the whole local day: `from` at 00:00, `to` at 23:59:59.999, sent as ISO instants. */
export const dayBoundary = (day: string, edge: 'start' | 'end'): string | undefined => {
  if (!DAY.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number);
  const date = edge === 'start' ? new Date(y, m - 1, d, 0, 0, 0, 0) : new Date(y, m - 1, d, 23, 59, 59, 999);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
};

/** A day as it may travel in the URL (yyyy-mm-dd), or '' for anything else. */
export const dayOrEmpty = (value: string): string => (DAY.test(value) ? value : '');
