import { PLATFORM_TIME_ZONE } from './quiet-hours';

/**
 * Chile's calendar days (America/Santiago, which moves its clocks twice a year) from instants and back,
 * through Intl's time-zone data (the runtime's ICU, kept up to date with Node): no offset is written here.
 * Dashboards count a sale on the day it happened for the people who made it, and their date filters name
 * those days.
 */
const DAY_FORMAT = new Map<string, Intl.DateTimeFormat>();
const formatFor = (timeZone: string): Intl.DateTimeFormat => {
  let format = DAY_FORMAT.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    DAY_FORMAT.set(timeZone, format);
  }
  return format;
};

const HOUR_MS = 3_600_000;
/** Chile's day of each UTC hour asked for lately (the dashboards' projection asks for every event it counts). */
const DAY_OF_HOUR = new Map<number, string>();
/** The same by the ISO text of the hour (`2026-12-03T07`). */
const DAY_OF_ISO_HOUR = new Map<string, string>();

/**
 * The calendar day (yyyy-mm-dd) an instant falls on in Chile. Chile's offsets are whole hours and its clocks
 * change on the hour, so every instant of one UTC hour falls on the same Chilean day: asked of Intl once per hour.
 */
export const chileDay = (instant: Date | string | number, timeZone = PLATFORM_TIME_ZONE): string => {
  // An instant as the platform writes it (`toISOString()`: UTC, 24 characters) names its hour in its first 13: the
  // day is looked up by them, with no Date parsed (projections ask this of every event they count).
  if (typeof instant === 'string' && timeZone === PLATFORM_TIME_ZONE && instant.length === 24 && instant.charCodeAt(23) === 90 /* Z */) {
    const hour = instant.slice(0, 13);
    const known = DAY_OF_ISO_HOUR.get(hour);
    if (known !== undefined) return known;
    const day = chileDay(new Date(instant), timeZone);
    if (DAY_OF_ISO_HOUR.size >= 10_000) DAY_OF_ISO_HOUR.clear();
    DAY_OF_ISO_HOUR.set(hour, day);
    return day;
  }
  const at = instant instanceof Date ? instant : new Date(instant);
  const time = at.getTime();
  if (timeZone !== PLATFORM_TIME_ZONE || !(time >= 0)) return formatFor(timeZone).format(at);
  const hour = Math.floor(time / HOUR_MS);
  let day = DAY_OF_HOUR.get(hour);
  if (day === undefined) {
    if (DAY_OF_HOUR.size >= 10_000) DAY_OF_HOUR.clear();
    day = formatFor(timeZone).format(at);
    DAY_OF_HOUR.set(hour, day);
  }
  return day;
};

const MINUTE = 60_000;
/** Any zone's day starts within 14 hours of the same date's midnight in UTC. */
const SPAN = 14 * 60;

/**
 * The first instant of a Chilean calendar day, as an ISO string. On the day clocks jump forward at midnight
 * the day starts at 01:00 local time; the search asks Intl which day each candidate instant is on (the local
 * day never goes backwards as time moves on: Chile's clocks change at midnight, so a repeated hour stays
 * within one day), so it holds whatever the offsets are.
 */
export const chileDayStart = (day: string, timeZone = PLATFORM_TIME_ZONE): string => {
  const midnightUtc = Date.parse(`${day}T00:00:00.000Z`);
  if (!Number.isFinite(midnightUtc)) throw new RangeError(`not a calendar day: ${day}`);
  let low = -SPAN; // minutes from midnight UTC: day is not reached yet here
  let high = SPAN; // ... and is reached (or passed) here
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (chileDay(midnightUtc + mid * MINUTE, timeZone) >= day) high = mid;
    else low = mid;
  }
  return new Date(midnightUtc + high * MINUTE).toISOString();
};

/** The next calendar day (date arithmetic on the calendar, no time zone involved). */
export const nextCalendarDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);

/** The calendar day before `day` (yyyy-mm-dd). */
export const previousCalendarDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00.000Z`) - 86_400_000).toISOString().slice(0, 10);

/** The calendar days from `from` to `to`, inclusive (yyyy-mm-dd). */
export const calendarDays = (from: string, to: string): string[] => {
  const days: string[] = [];
  for (let day = from; day <= to; day = nextCalendarDay(day)) days.push(day);
  return days;
};
