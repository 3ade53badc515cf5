/**
 * Quiet hours (spec §3 Preferences): a daily window, in Chile's time, when nothing but urgent news may
 * interrupt. Shared by the server's dispatcher and the browser's notifications, so both agree.
 */
export interface QuietHours {
  readonly enabled: boolean;
  /** hh:mm, 24 h */
  readonly start: string;
  readonly end: string;
}

export const PLATFORM_TIME_ZONE = 'America/Santiago';

const minutes = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Minutes since midnight at `at` in the platform's time zone. */
const minuteOfDay = (at: Date, timeZone = PLATFORM_TIME_ZONE): number => {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? '0');
  return part('hour') * 60 + part('minute');
};

/** Whether `at` falls in the window; a window may cross midnight (22:00-08:00). Equal ends mean no window. */
export const inQuietHours = (quiet: QuietHours, at: Date, timeZone = PLATFORM_TIME_ZONE): boolean => {
  if (!quiet.enabled) return false;
  const [start, end, now] = [minutes(quiet.start), minutes(quiet.end), minuteOfDay(at, timeZone)];
  if (start === end) return false;
  return start < end ? now >= start && now < end : now >= start || now < end;
};
