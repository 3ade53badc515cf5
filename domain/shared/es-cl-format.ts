import { PLATFORM_TIME_ZONE } from './quiet-hours';
import { formatRut as formatCanonicalRut, parseRut } from './rut';

/**
 * es-CL formatting through Intl (spec §7 of the architecture), one module for every text a person reads: the web's
 * screens and CSV exports, the server's PDFs and mails: CLP without decimals, UF with two, dd-mm-yyyy, Chile's
 * time zone.
 */
const LOCALE = 'es-CL';

const clp = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'CLP', minimumFractionDigits: 0, maximumFractionDigits: 0 });
const uf = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const integer = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });

/** $1.234.568 */
export const formatCLP = (amount: number): string => clp.format(amount);

/** UF 1.234,50 */
export const formatUF = (amount: number): string => `UF ${uf.format(amount)}`;

export const formatInteger = (value: number): string => integer.format(value);

const toDate = (value: Date | string | number): Date | null => {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

const partsOf = (date: Date, options: Intl.DateTimeFormatOptions, timeZone: string) => {
  const parts = new Intl.DateTimeFormat(LOCALE, { ...options, timeZone }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return get;
};

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * dd-mm-yyyy; '' for a missing or invalid date. A calendar day ('2026-12-30': a UF day, a due date) is that
 * day wherever the reader is; only instants are shown in a time zone (read as UTC midnight, it showed the
 * day before west of Greenwich). Instants are shown in Chile's time zone unless another is asked for: what a
 * person reads is Chile's time, whatever the zone of the browser or the server that writes it.
 */
export const formatDate = (value: Date | string | number | null | undefined, timeZone = PLATFORM_TIME_ZONE): string => {
  const day = typeof value === 'string' ? CALENDAR_DAY.exec(value) : null;
  if (day) return `${day[3]}-${day[2]}-${day[1]}`;
  const date = value === null || value === undefined ? null : toDate(value);
  if (!date) return '';
  const get = partsOf(date, { day: '2-digit', month: '2-digit', year: 'numeric' }, timeZone);
  return `${get('day')}-${get('month')}-${get('year')}`;
};

/** dd-mm-yyyy HH:mm (24 h), Chile's time by default. */
export const formatDateTime = (value: Date | string | number | null | undefined, timeZone = PLATFORM_TIME_ZONE): string => {
  const date = value === null || value === undefined ? null : toDate(value);
  if (!date) return '';
  const get = partsOf(date, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, timeZone);
  return `${get('day')}-${get('month')}-${get('year')} ${get('hour')}:${get('minute')}`;
};

/** 12.345.678-5 for any accepted spelling; the input unchanged when it is not a valid RUT. */
export const formatRut = (value: string | null | undefined): string => {
  if (!value) return '';
  const rut = parseRut(value);
  return rut ? formatCanonicalRut(rut) : value;
};

/** +56 9 1234 5678 for Chilean numbers in E.164; anything else unchanged. */
export const formatPhone = (value: string): string => {
  const compact = value.replace(/[\s-]/g, '');
  const national = /^\+56(\d{9})$/.exec(compact)?.[1];
  if (!national) return value;
  return /^[29]/.test(national)
    ? `+56 ${national[0]} ${national.slice(1, 5)} ${national.slice(5)}`
    : `+56 ${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5)}`;
};

const ufRate = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'CLP', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const fixed = (digits: number) => new Intl.NumberFormat(LOCALE, { minimumFractionDigits: digits, maximumFractionDigits: digits });
const upTo2 = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });

/** The UF's value in pesos keeps its two decimals, as the Banco Central publishes it: $40.877,18 */
export const formatUfValue = (value: number): string => ufRate.format(value);

/** 4,00 % (es-CL writes a space before the sign). */
export const formatPercent = (value: number, digits = 2): string => `${fixed(digits).format(value)} %`;

/** 52,4 m² */
export const formatSurface = (squareMetres: number): string => `${upTo2.format(squareMetres)} m²`;

/** A month written yyyy-mm (delivery dates, promotions): 'junio de 2027'; the input unchanged if malformed. */
export const formatMonth = (yearMonth: string): string => {
  const match = /^(\d{4})-(\d{2})$/.exec(yearMonth);
  if (!match) return yearMonth;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return new Intl.DateTimeFormat(LOCALE, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
};
