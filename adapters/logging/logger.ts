import pino, { type Logger } from 'pino';
import type { AppConfig } from '../../application/config';

export type { Logger } from 'pino';

/** The platform's log function (composition, workers, jobs): a message, and the error it is about if any. */
export type Log = (message: string, error?: unknown) => void;

/**
 * The process's logger: one JSON object a line on stdout (what a log collector reads), or pino-pretty's coloured
 * text with LOG_FORMAT=pretty (`npm run dev`; pino-pretty is a devDependency, absent from a production install).
 * `destination` replaces stdout (a test reads the lines).
 */
export const createLogger = (settings: AppConfig['log'] = { level: 'info', format: 'json' }, destination?: pino.DestinationStream): Logger => {
  const options: pino.LoggerOptions = { level: settings.level, base: { pid: process.pid } };
  if (destination) return pino(options, destination);
  if (settings.format === 'pretty') return pino({ ...options, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l' } } });
  return pino(options);
};

/**
 * A Log writing to `logger`: a message alone at info, with an error at error level (`err`: its type, message
 * and stack). What reaches the log never names a person: messages carry ids, never emails, RUTs or names.
 */
export const logTo =
  (logger: Logger): Log =>
  (message, error) => {
    if (error === undefined || error === '') logger.info(message);
    else logger.error({ err: error }, message);
  };
