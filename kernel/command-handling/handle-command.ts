import type { CommandMetadata, Decider, DomainEvent } from '../../domain/shared/event';
import { WrongExpectedRevisionError, type EventStore, type EventToAppend, type RecordedEvent } from '../ports/event-store';
import { loadStream, rememberAppended } from './decided-state';
import { EVENT_SCHEMA_VERSION } from './event-upcasters';

export interface CommandResult<E> {
  readonly events: readonly E[];
  /** Stream revision after the command (-1 when the stream still does not exist). */
  readonly revision: number;
  /** Global position of the last event written, or of the head when nothing was written. */
  readonly position: number;
}

/** The caller's If-Match revision did not match: answered 412, never retried. */
export class StaleRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`Stale revision on ${streamId}: expected ${expected}, actual ${actual}`);
    this.name = 'StaleRevisionError';
  }
}

export const toEventsToAppend = (events: readonly DomainEvent[], meta: CommandMetadata): EventToAppend[] =>
  events.map((e) => ({
    type: e.type,
    data: e.data as Record<string, unknown>,
    metadata: {
      correlationId: meta.correlationId,
      causationId: meta.causationId ?? meta.correlationId,
      actorId: meta.actorId,
      actorRoles: [...meta.actorRoles],
      occurredAt: meta.now.toISOString(),
      // The first version; the store stamps a type's newer one (event-upcasters.ts).
      schemaVersion: EVENT_SCHEMA_VERSION,
    },
  }));

export const foldStream = <S, E extends DomainEvent>(decider: Pick<Decider<unknown, S, E>, 'initialState' | 'evolve'>, recorded: readonly RecordedEvent[]): S =>
  recorded.reduce((state, r) => decider.evolve(state, { type: r.type, data: r.data } as E), decider.initialState());

/**
 * Load, decide, append: the one way every command is handled. The append expects the revision that was
 * read; on a concurrency conflict only, it retries (bounded, with a small jittered backoff), so the retry
 * sees the winner's events and `decide` refuses with the business error if the rule no longer holds.
 * Loading starts from the state kept for the stream (decided-state.ts) and folds only newer events; the
 * expected-revision check of the append stays the guard against any writer the load did not see.
 * `newStream`: the caller has just made the stream's id (a fresh UUID), so the first attempt decides on the
 * initial state without reading the stream (a query that finds nothing, one per reservation); the append
 * expects no stream, and should one exist after all, the conflict retries with a read as any other.
 */
export const handleCommand = async <C, S, E extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<C, S, E>,
  command: C,
  meta: CommandMetadata,
  options: { retries?: number; ifMatch?: number; newStream?: boolean } = {},
): Promise<CommandResult<E>> => {
  const retries = options.retries ?? 3;
  for (let attempt = 0; ; attempt++) {
    const { state, revision, position } =
      attempt === 0 && options.newStream ? { state: decider.initialState(), revision: -1, position: 0 } : await loadStream(store, streamId, decider);
    if (options.ifMatch !== undefined && options.ifMatch !== revision) throw new StaleRevisionError(streamId, options.ifMatch, revision);
    const events = decider.decide(command, state, meta);
    if (events.length === 0) return { events, revision, position };
    try {
      const result = await store.append(streamId, toEventsToAppend(events, meta), revision === -1 ? 'no_stream' : revision);
      rememberAppended(store, streamId, decider, state, events, result.nextExpectedRevision, result.lastGlobalPosition);
      return { events, revision: result.nextExpectedRevision, position: result.lastGlobalPosition };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= retries) throw error;
      if (options.ifMatch !== undefined) throw new StaleRevisionError(streamId, options.ifMatch, revision + 1);
      await new Promise((resolve) => setTimeout(resolve, 2 ** attempt * 5 + Math.random() * 5));
    }
  }
};
