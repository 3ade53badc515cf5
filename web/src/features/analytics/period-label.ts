import { formatDate } from '../../shared/format/format';

/** A period of the sales series in es-CL: the day dd-mm-yyyy, the week by its Monday, the month mm-yyyy. */
export const periodLabel = (period: string, granularity: string): string =>
  granularity === 'month' ? formatDate(period).slice(3) : granularity === 'week' ? `Semana del ${formatDate(period)}` : formatDate(period);
