import { ufDecider, ufOn, UF_STREAM, type UfSource, type UfValue } from '../../domain/financing/uf';
import { DomainError } from '../../domain/shared/errors';
import type { CommandMetadata } from '../../domain/shared/event';
import { foldStream, handleCommand } from '../../kernel/command-handling/handle-command';
import type { EventStore } from '../../kernel/ports/event-store';

const CHILE_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day in Chile (UF values are per Chilean day), yyyy-mm-dd. */
export const chileDate = (instant: Date): string => CHILE_DAY.format(instant);

export interface UfOfDay extends UfValue {
  /** The day that was asked for; `date` is the day whose value applies (the same, or the latest before). */
  readonly requestedDate: string;
}

/**
 * UF values from their stream (a handful of events: one per month of published values), so every
 * conversion reads the table as it is, not a read model that may lag.
 */
export class UfService {
  constructor(private readonly events: EventStore) {}

  async valueOn(date: string): Promise<UfOfDay> {
    const table = foldStream(ufDecider, await this.events.readStream(UF_STREAM));
    const found = ufOn(table, date);
    if (!found)
      throw new DomainError('NOT_FOUND', `no UF value on or before ${date}`, [
        { field: 'date', code: 'INVALID_UF_VALUE', message: 'No hay valor UF para esa fecha.' },
      ]);
    return { ...found, requestedDate: date };
  }

  async record(values: UfValue[], source: UfSource, meta: CommandMetadata) {
    return handleCommand(this.events, UF_STREAM, ufDecider, { type: 'RecordUfValues', values, source }, meta);
  }
}
