import { DomainError } from '../shared/errors';
import type { CommandMetadata, Decider, DomainEvent } from '../shared/event';
import { decimalPlaces } from './decimal';

/**
 * The UF table, a financial parameter kept as events (stream `financial-parameter-uf`): the value of the
 * Unidad de Fomento for each day. The Banco Central publishes a month of daily values at a time; admins
 * add values and correct a wrong one, and every change keeps who and when.
 */
export interface UfValue {
  readonly date: string;
  readonly value: number;
}

export type UfSource = 'seed' | 'admin' | 'import';

export type UfEvent =
  | DomainEvent<'UfValuesPublished', { values: UfValue[]; source: UfSource; recordedBy: string; recordedAt: string }>
  | DomainEvent<'UfValueCorrected', { date: string; previousValue: number; value: number; source: UfSource; correctedBy: string; correctedAt: string }>;

export type UfCommand = { type: 'RecordUfValues'; values: UfValue[]; source: UfSource };

export interface UfTable {
  /** date (yyyy-mm-dd) -> value in CLP with two decimals. */
  readonly values: Readonly<Record<string, number>>;
}

export const UF_STREAM = 'financial-parameter-uf';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const isIsoDate = (date: string): boolean => {
  const m = ISO_DATE.exec(date);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === date;
};

/** Published UF values have two decimals and have stayed between these bounds since the 1990s. */
const isPlausible = (value: number): boolean => Number.isFinite(value) && value >= 10_000 && value <= 1_000_000 && decimalPlaces(value) <= 2;

const decide = (command: UfCommand, state: UfTable, meta: CommandMetadata): UfEvent[] => {
  const at = meta.now.toISOString();
  if (command.values.length === 0) throw new DomainError('VALIDATION_FAILED', 'no values', [{ field: 'values', code: 'REQUIRED' }]);
  command.values.forEach((v, i) => {
    if (!isIsoDate(v.date)) throw new DomainError('VALIDATION_FAILED', `date ${v.date}`, [{ field: `values.${i}.date`, code: 'INVALID_DATE' }]);
    if (!isPlausible(v.value)) throw new DomainError('INVALID_UF_VALUE', `value ${v.value}`, [{ field: `values.${i}.value`, code: 'INVALID_UF_VALUE' }]);
  });
  const latest = new Map(command.values.map((v) => [v.date, v.value]));
  const fresh: UfValue[] = [];
  const events: UfEvent[] = [];
  for (const [date, value] of [...latest].sort(([a], [b]) => a.localeCompare(b))) {
    const previous = state.values[date];
    if (previous === undefined) fresh.push({ date, value });
    else if (previous !== value)
      events.push({
        type: 'UfValueCorrected',
        data: { date, previousValue: previous, value, source: command.source, correctedBy: meta.actorId, correctedAt: at },
      });
  }
  if (fresh.length) events.unshift({ type: 'UfValuesPublished', data: { values: fresh, source: command.source, recordedBy: meta.actorId, recordedAt: at } });
  return events;
};

export const ufDecider: Decider<UfCommand, UfTable, UfEvent> = {
  initialState: () => ({ values: {} }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'UfValuesPublished':
        return { values: { ...state.values, ...Object.fromEntries(event.data.values.map((v) => [v.date, v.value])) } };
      case 'UfValueCorrected':
        return { values: { ...state.values, [event.data.date]: event.data.value } };
    }
  },
  decide,
};

/** The UF that applies on a day: the value of that day, else the latest one before it (null if none). */
export const ufOn = (table: UfTable, date: string): UfValue | null => {
  let best: string | null = null;
  for (const day of Object.keys(table.values)) if (day <= date && (best === null || day > best)) best = day;
  return best === null ? null : { date: best, value: table.values[best] };
};
