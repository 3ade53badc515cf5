import type { UfValue } from '../../domain/financing/uf';

/**
 * DEMO VALUES, not the Banco Central's: a UF table for 2025-2026 that looks published. It is built the
 * official way (from the 10th of a month to the 9th of the next, the UF grows day by day at the previous
 * month's CPI variation, compounded, rounded to two decimals) from illustrative CPI variations and an
 * illustrative starting value. Replace them with the published values (CMF, mindicador.cl) in production.
 */
const START = { date: '2024-12-09', value: 38_412.34 };

/** Illustrative monthly CPI variations (%), for the periods starting on the 10th of Dec 2024 ... Dec 2026. */
const CPI_PERCENT = [0.2, 0.4, 0.0, 0.5, 0.4, 0.3, 0.2, -0.1, 0.3, 0.2, 0.4, 0.1, 0.3, 0.5, 0.3, 0.4, 0.2, 0.3, 0.1, 0.2, 0.3, 0.4, 0.2, 0.3, 0.1];

const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const daysInMonth = (date: string): number => {
  const d = new Date(`${date}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
};

/** One "publication" per period (10th to 9th), from 2025-01-01 to 2026-12-31. */
export const demoUfPublications = (): UfValue[][] => {
  const publications: UfValue[][] = [];
  let base = START;
  for (const cpi of CPI_PERCENT) {
    const periodDays = daysInMonth(addDays(base.date, 1)); // the period starts on the 10th of base's month
    const values: UfValue[] = [];
    for (let d = 1; d <= periodDays; d++) {
      const date = addDays(base.date, d);
      const value = Math.round(base.value * (1 + cpi / 100) ** (d / periodDays) * 100) / 100;
      if (date >= '2025-01-01' && date <= '2026-12-31') values.push({ date, value });
    }
    if (values.length) publications.push(values);
    base = { date: addDays(base.date, periodDays), value: Math.round(base.value * (1 + cpi / 100) * 100) / 100 };
    if (base.date > '2026-12-31') break;
  }
  return publications;
};
