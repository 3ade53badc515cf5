import type { Decider, DomainEvent } from '../../domain/shared/event';
import type { EventStore, RecordedEvent } from '../ports/event-store';
import { isJsonPlain } from '../../domain/shared/json-plain';

/** A stream's state as its decider folds it, at a revision. */
export interface StreamState<S> {
  readonly state: S;
  /** Revision of the last event folded, -1 when the stream does not exist. */
  readonly revision: number;
  /** Global position of that event, 0 when the stream does not exist. */
  readonly position: number;
}

type Folding<S, E extends DomainEvent> = Pick<Decider<unknown, S, E>, 'initialState' | 'evolve'>;

/** Streams kept per store and decider; the least recently used are forgotten first. */
const STREAMS_KEPT = 20_000;

/**
 * Decided state kept per stream and revision, so a command folds only the events appended since it last
 * looked (by anyone: another API process on the same file, EventStoreDB) instead of the whole stream.
 * Entries are keyed by store and decider object (weakly: they go with them), then by stream id. Deciders'
 * `evolve` is pure (returns a new state), so a cached state is never changed by a later fold.
 */
const cache = new WeakMap<EventStore, WeakMap<object, Map<string, StreamState<unknown>>>>();

const streamsOf = (store: EventStore, decider: object): Map<string, StreamState<unknown>> => {
  let byDecider = cache.get(store);
  if (!byDecider) cache.set(store, (byDecider = new WeakMap()));
  let streams = byDecider.get(decider);
  if (!streams) byDecider.set(decider, (streams = new Map()));
  return streams;
};

/**
 * Forgets every state kept for `store`. An erasure (crypto-shredding) changes what a stream folds to
 * without appending to it: the person's fields now read "titular suprimido", while a kept state would still
 * hold them in clear in memory and hand them to the next command. Erasures are rare, so all is dropped.
 */
export const forgetDecidedStates = (store: EventStore): void => {
  cache.delete(store);
};

const remember = <S>(store: EventStore, decider: object, streamId: string, entry: StreamState<S>): void => {
  const streams = streamsOf(store, decider);
  const known = streams.get(streamId);
  // Two commands may finish out of order: never replace a newer revision with an older one.
  if (known && known.revision > entry.revision) return;
  streams.delete(streamId); // re-inserted last: Map order is the LRU order
  streams.set(streamId, entry);
  if (streams.size > STREAMS_KEPT) streams.delete(streams.keys().next().value!);
};

const fold = <S, E extends DomainEvent>(decider: Folding<S, E>, from: S, recorded: readonly RecordedEvent[]): S =>
  recorded.reduce((state, r) => decider.evolve(state, { type: r.type, data: r.data } as E), from);

/**
 * The stream's current state: the cached state plus the events after its revision (read from the store,
 * so appends by other processes are always seen), or the whole stream folded when nothing is cached.
 */
export const loadStream = async <S, E extends DomainEvent>(store: EventStore, streamId: string, decider: Folding<S, E>): Promise<StreamState<S>> => {
  const cached = streamsOf(store, decider).get(streamId) as StreamState<S> | undefined;
  // What the store knows of the stream without reading (the sole writer of its file): nothing appended since
  // the kept state, or no stream at all (the processing restrictions of most people), costs no read.
  const known = store.knownLastRevision?.(streamId);
  if (cached) {
    if (known === cached.revision) return cached;
    const newer = await store.readStream(streamId, { fromRevision: cached.revision + 1 });
    if (newer.length === 0) return cached;
    // The events must follow on from the cached revision; anything else (a store replaced under us) refolds.
    if (newer[0].revision === cached.revision + 1) {
      const last = newer[newer.length - 1];
      const entry = { state: fold(decider, cached.state, newer), revision: last.revision, position: last.globalPosition };
      remember(store, decider, streamId, entry);
      return entry;
    }
  } else if (known === -1) return { state: decider.initialState(), revision: -1, position: 0 };
  const recorded = await store.readStream(streamId);
  const last = recorded[recorded.length - 1];
  const entry = { state: fold(decider, decider.initialState(), recorded), revision: last?.revision ?? -1, position: last?.globalPosition ?? 0 };
  if (last) remember(store, decider, streamId, entry);
  return entry;
};

/**
 * The state after appending `events` to a stream whose state at the append was `before`. The events are
 * folded as the store will give them back (JSON: Dates as ISO strings, undefined fields gone), so the
 * kept state equals what a fresh fold of the stream gives.
 */
export const rememberAppended = <S, E extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Folding<S, E>,
  before: S,
  events: readonly E[],
  revision: number,
  position: number,
): void => {
  // Most events are plain JSON already: their copy would be deep-equal, so only the others make the round trip.
  const stored = events.map((e) => ({ type: e.type, data: isJsonPlain(e.data) ? e.data : JSON.parse(JSON.stringify(e.data)) }) as E);
  remember(store, decider, streamId, { state: stored.reduce((state, e) => decider.evolve(state, e), before), revision, position });
};
