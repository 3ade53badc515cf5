import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { StreamNotFoundError, WrongExpectedVersionError, type EventStoreDBClient, type Position } from '@eventstore/db-client';

type Stored = {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  data: unknown;
  metadata: unknown;
  created: Date;
  isJson: true;
  position: Position;
};
type ReadPositionLike = 'start' | 'end' | Position;

/**
 * An in-memory imitation of the @eventstore/db-client calls EsdbEventStore makes, written from the
 * client's documented behaviour: $all holds system events ($-types in $-streams), positions are log
 * byte offsets (commit = prepare, gaps between events), reads from a position include it, subscriptions
 * start after it, a missing stream throws StreamNotFoundError when read, a revision conflict throws
 * WrongExpectedVersionError. It checks the adapter's own logic (mapping, paging, batching, resubscribing);
 * it is NOT EventStoreDB, whose contract run needs EVENTSTORE_URL or Docker.
 */
export class ImitationEsdbClient {
  private readonly log: Stored[] = [];
  private readonly streams = new Map<string, Stored[]>();
  private readonly live = new Set<{ stream: Readable; after: bigint }>();
  private nextPosition = 1_000n;
  private appends = 0;

  constructor() {
    this.write('$stats-127.0.0.1:2113', '$statsCollected', {});
  }

  asClient(): EventStoreDBClient {
    return this as unknown as EventStoreDBClient;
  }

  async appendToStream(
    streamName: string,
    events: { id: string; type: string; data: unknown; metadata: unknown }[],
    options: { expectedRevision?: 'any' | 'no_stream' | 'stream_exists' | bigint } = {},
  ) {
    await Promise.resolve();
    const current = this.streams.get(streamName)?.at(-1)?.revision ?? -1n;
    const expected = options.expectedRevision ?? 'any';
    const ok = expected === 'any' || (expected === 'no_stream' && current === -1n) || (expected === 'stream_exists' && current >= 0n) || expected === current;
    if (!ok) {
      throw new WrongExpectedVersionError(undefined, {
        streamName,
        expected,
        current: current === -1n ? 'no_stream' : current,
      });
    }
    // The server writes its own events between ours now and then.
    if (++this.appends % 3 === 0) this.write('$$' + streamName, '$metadata', {});
    let last: Stored | undefined;
    for (const event of events) last = this.write(streamName, event.type, event.data, event.metadata);
    return { success: true, nextExpectedRevision: last!.revision, position: last!.position };
  }

  readStream(streamName: string, options: { fromRevision?: 'start' | 'end' | bigint; direction?: 'forwards' | 'backwards'; maxCount?: number | bigint } = {}) {
    const stream = this.streams.get(streamName);
    const max = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
    return iterate(() => {
      if (!stream) throw new StreamNotFoundError(undefined, streamName);
      const from = options.fromRevision ?? (options.direction === 'backwards' ? 'end' : 'start');
      if (options.direction === 'backwards') {
        const upTo = from === 'end' ? Infinity : Number(from);
        return stream
          .filter((e) => Number(e.revision) <= upTo)
          .reverse()
          .slice(0, max);
      }
      const start = from === 'start' ? 0n : from === 'end' ? BigInt(stream.length) : from;
      return stream.filter((e) => e.revision >= start).slice(0, max);
    });
  }

  readAll(options: { fromPosition?: ReadPositionLike; direction?: 'forwards' | 'backwards'; maxCount?: number | bigint } = {}) {
    const max = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
    return iterate(() => {
      const from = options.fromPosition ?? (options.direction === 'backwards' ? 'end' : 'start');
      if (options.direction === 'backwards') {
        const before = from === 'end' ? BigInt(Number.MAX_SAFE_INTEGER) : from === 'start' ? 0n : from.commit;
        return this.log
          .filter((e) => e.position.commit < before)
          .reverse()
          .slice(0, max);
      }
      const start = from === 'start' ? 0n : from === 'end' ? this.nextPosition : from.commit;
      return this.log.filter((e) => e.position.commit >= start).slice(0, max);
    });
  }

  subscribeToAll(options: { fromPosition?: ReadPositionLike; filter?: { regex?: string } } = {}) {
    const after =
      options.fromPosition === undefined || options.fromPosition === 'start'
        ? -1n
        : options.fromPosition === 'end'
          ? this.nextPosition
          : options.fromPosition.commit;
    const regex = options.filter?.regex ? new RegExp(options.filter.regex) : undefined;
    const stream = new Readable({ objectMode: true, read() {} });
    const entry = { stream, after, regex };
    const subscription = Object.assign(stream, {
      unsubscribe: async () => {
        this.live.delete(entry);
        stream.destroy();
      },
    });
    // Catch-up from the log, then live: events are pushed as they are written.
    setImmediate(() => {
      if (stream.destroyed) return;
      for (const event of this.log) this.deliver(entry, event);
      this.live.add(entry);
    });
    return subscription;
  }

  async dispose(): Promise<void> {
    for (const { stream } of this.live) stream.destroy();
    this.live.clear();
  }

  private deliver(entry: { stream: Readable; after: bigint; regex?: RegExp }, event: Stored): void {
    if (event.position.commit <= entry.after) return;
    if (entry.regex && !entry.regex.test(event.type)) return;
    entry.stream.push({ event, commitPosition: event.position.commit });
  }

  private write(streamId: string, type: string, data: unknown, metadata: unknown = {}): Stored {
    const events = this.streams.get(streamId) ?? [];
    const position = { commit: this.nextPosition, prepare: this.nextPosition };
    this.nextPosition += 137n + BigInt(JSON.stringify(data).length);
    const stored: Stored = {
      streamId,
      id: randomUUID(),
      revision: BigInt(events.length),
      type,
      data: structuredClone(data),
      metadata: structuredClone(metadata),
      created: new Date(),
      isJson: true,
      position,
    };
    events.push(stored);
    this.streams.set(streamId, events);
    this.log.push(stored);
    for (const entry of this.live) this.deliver(entry, stored);
    return stored;
  }
}

/** The client's reads are async iterables that fail on iteration (e.g. StreamNotFoundError). */
function iterate<T>(produce: () => T[]): AsyncIterable<{ event: T }> {
  return {
    async *[Symbol.asyncIterator]() {
      for (const event of produce()) yield { event };
    },
  };
}
