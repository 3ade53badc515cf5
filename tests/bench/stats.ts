import fs from 'node:fs';
/** Percentiles over measured durations (ms). */
export const percentile = (values: readonly number[], p: number): number => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

export const timed = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
  const start = process.hrtime.bigint();
  const result = await fn();
  return [result, Number(process.hrtime.bigint() - start) / 1e6];
};

export const fmt = (n: number, digits = 2): string => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/**
 * CPU time (ms) a Linux /proc stat file gives (`/proc/<pid>/stat`, `/proc/self/task/<tid>/stat`): utime + stime,
 * the 12th and 13th fields after the command name (which may hold spaces), in 10 ms ticks.
 */
export const cpuMsOf = (statFile: string): number => {
  const fields = fs.readFileSync(statFile, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};
