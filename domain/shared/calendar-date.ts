/**
 * A day as yyyy-mm-dd that exists on the calendar (2026-02-31 does not, and neither does year 0) within the
 * years this product deals with: 1900 to 2100 (UF values start in 1967; a mortgage ends within 40 years).
 * Pure, so the contract, the server and the web refuse the same days.
 */
export const CALENDAR_DATE_MESSAGE = 'Ingrese una fecha válida (día, mes y año entre 1900 y 2100).';
const FIRST_YEAR = 1900;
const LAST_YEAR = 2100;

const SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_SHAPE = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A month as yyyy-mm (a project's delivery date), in the same years. */
export const isCalendarMonth = (value: string): boolean => {
  const match = MONTH_SHAPE.exec(value);
  return match !== null && Number(match[1]) >= FIRST_YEAR && Number(match[1]) <= LAST_YEAR;
};

export const isCalendarDate = (value: string): boolean => {
  const match = SHAPE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < FIRST_YEAR || year > LAST_YEAR || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one (leap years included).
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
};
