/**
 * EventStore port. Embedded: one SQLite file. Distributed: EventStoreDB/KurrentDB.
 * Both pass tests/contract/event-store.contract.ts.
 */

/** How the caller expects the stream to look before the append (optimistic concurrency). */
export type ExpectedRevision =
  | 'no_stream' // the stream must not exist yet
  | 'any' // no check
  | 'stream_exists' // at least one event
  | number; // the revision of the stream's last event (0-based)

export interface EventMetadata {
  readonly correlationId: string;
  readonly causationId?: string;
  readonly actorId: string;
  readonly actorRoles: readonly string[];
  /** ISO-8601 instant, set by the command's metadata, never by the store. */
  readonly occurredAt: string;
  readonly schemaVersion: number;
}

export interface EventToAppend {
  readonly type: string;
  readonly data: Record<string, unknown>;
  readonly metadata: EventMetadata;
}

export interface RecordedEvent {
  readonly streamId: string;
  /** 0-based position of the event inside its stream. */
  readonly revision: number;
  /** Strictly increasing across the whole store (1-based); gaps are allowed. */
  readonly globalPosition: number;
  readonly type: string;
  readonly data: Record<string, unknown>;
  readonly metadata: EventMetadata;
  /** ISO-8601 instant at which the store committed the event. */
  readonly recordedAt: string;
}

export interface AppendResult {
  /** Revision of the last appended event. */
  readonly nextExpectedRevision: number;
  /** Global position of the last appended event. */
  readonly lastGlobalPosition: number;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

export interface Subscription {
  /** Stops delivery; resolves once no handler call is in flight. */
  stop(): Promise<void>;
}

export interface SubscribeOptions {
  /** Deliver events with globalPosition strictly greater than this (0 = from the start). */
  readonly fromPosition: number;
  /** Called with batches in global order; the next batch waits until the promise settles. */
  readonly onEvents: (events: readonly RecordedEvent[]) => Promise<void>;
  /** Called when the handler throws; delivery resumes after the last successful batch. */
  readonly onError?: (error: unknown) => void;
  readonly batchSize?: number;
}

export interface EventStore {
  append(streamId: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult>;
  /** All events of a stream in order; an empty array when the stream does not exist. */
  readStream(streamId: string, options?: { fromRevision?: number }): Promise<RecordedEvent[]>;
  /**
   * Optional: the stream's last committed revision (-1: no such stream) when the store knows it without reading,
   * as the sole writer of its file does; undefined when it would have to read. What `readStream` would answer
   * without a query, synchronously: a command whose kept state is current then costs no read at all (a
   * reservation's commands check ~18 streams, and the promise chain of each read was ~3% of the event loop).
   */
  knownLastRevision?(streamId: string): number | undefined;
  /** Events after `fromPosition` (exclusive) in global order. */
  readAll(options: { fromPosition: number; limit: number }): Promise<RecordedEvent[]>;
  /** Global position of the newest event, 0 when empty. */
  headPosition(): Promise<number>;
  /** Catch-up subscription to every event: replays from the position, then follows live appends. */
  subscribeToAll(options: SubscribeOptions): Subscription;
  close(): Promise<void>;
}
