import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  jsonEvent,
  type AppendExpectedRevision,
  type JSONType,
  type Position,
  type ReadPosition,
  type RecordedEvent as EsdbRecordedEvent,
  type ResolvedEvent,
  type AllStreamResolvedEvent,
} from '@eventstore/db-client';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../../kernel/ports/event-store';
import { EsdbAllSubscription } from './esdb-all-subscription';

/** gRPC's "no position" (ulong.MaxValue): a stream read on servers that do not report $all positions. */
const NO_POSITION = 18446744073709551615n;
const HEAD_PAGE = 100;

/**
 * EventStore port on EventStoreDB / KurrentDB (@eventstore/db-client 6).
 *
 * globalPosition is the event's commit position in $all. On EventStoreDB 20+ every event of a gRPC
 * append is its own committed record, so commit positions are unique and increasing per event (byte
 * offsets in the transaction log: gaps are normal). $all also holds system events ($-prefixed types and
 * streams): this adapter never returns them, so readAll/headPosition/subscribeToAll see application events only.
 */
export class EsdbEventStore implements EventStore {
  private readonly subscriptions = new Set<EsdbAllSubscription>();

  constructor(
    private readonly client: EventStoreDBClient,
    private readonly ownsClient = false,
  ) {}

  /** e.g. `esdb://localhost:2113?tls=false` (EVENTSTORE_URL). close() disposes the client. */
  static connect(connectionString: string): EsdbEventStore {
    return new EsdbEventStore(EventStoreDBClient.connectionString(connectionString), true);
  }

  async append(streamId: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) return this.checkRevisionOnly(streamId, expected);
    let result;
    try {
      result = await this.client.appendToStream(
        streamId,
        events.map((e) => jsonEvent({ type: e.type, data: e.data as JSONType, metadata: { ...e.metadata } as JSONType })),
        { expectedRevision: toEsdbExpected(expected) },
      );
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        throw new WrongExpectedRevisionError(streamId, expected, toActual(error.actualVersion));
      }
      throw error;
    }
    const nextExpectedRevision = Number(result.nextExpectedRevision);
    const lastGlobalPosition =
      events.length === 1 && result.position ? Number(result.position.commit) : await this.positionOfLast(streamId, nextExpectedRevision, result.position);
    return { nextExpectedRevision, lastGlobalPosition };
  }

  async readStream(streamId: string, options?: { fromRevision?: number }): Promise<RecordedEvent[]> {
    const fromRevision = options?.fromRevision ? BigInt(options.fromRevision) : START;
    try {
      const events: RecordedEvent[] = [];
      for await (const resolved of this.client.readStream(streamId, { fromRevision, direction: FORWARDS })) {
        if (resolved.event) events.push(toRecorded(resolved.event));
      }
      return events;
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
  }

  async readAll(options: { fromPosition: number; limit: number }): Promise<RecordedEvent[]> {
    const found: RecordedEvent[] = [];
    let from: ReadPosition = toReadPosition(options.fromPosition);
    let seen = options.fromPosition;
    // $all reads are inclusive of `fromPosition` and include system events: page until `limit` of ours.
    while (found.length < options.limit) {
      const pageSize = options.limit - found.length + 1;
      const page = await collect(this.client.readAll({ fromPosition: from, maxCount: pageSize, direction: FORWARDS }));
      let last: Position | undefined;
      for (const resolved of page) {
        const event = resolved.event;
        if (!event) continue;
        last = event.position;
        const position = Number(event.position.commit);
        if (position <= seen) continue;
        seen = position;
        if (!isSystemEvent(event) && found.length < options.limit) found.push(toRecorded(event));
      }
      if (page.length < pageSize || !last) break;
      from = last;
    }
    return found;
  }

  async headPosition(): Promise<number> {
    let from: ReadPosition = END;
    for (;;) {
      const page: AllStreamResolvedEvent[] = await collect(this.client.readAll({ fromPosition: from, maxCount: HEAD_PAGE, direction: BACKWARDS }));
      for (const resolved of page) {
        if (resolved.event && !isSystemEvent(resolved.event)) return Number(resolved.event.position.commit);
      }
      const last: Position | undefined = page[page.length - 1]?.event?.position;
      if (page.length < HEAD_PAGE || !last) return 0;
      from = last;
    }
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    const subscription = new EsdbAllSubscription(this.client, options, toRecorded);
    this.subscriptions.add(subscription);
    return {
      stop: async () => {
        this.subscriptions.delete(subscription);
        await subscription.stop();
      },
    };
  }

  async close(): Promise<void> {
    const subscriptions = [...this.subscriptions];
    this.subscriptions.clear();
    await Promise.all(subscriptions.map((s) => s.stop()));
    if (this.ownsClient) await this.client.dispose();
  }

  /** An empty append writes nothing, but still answers the optimistic-concurrency question. */
  private async checkRevisionOnly(streamId: string, expected: ExpectedRevision): Promise<AppendResult> {
    const current = await this.lastRevision(streamId);
    const ok = expected === 'any' || (expected === 'no_stream' && current === -1) || (expected === 'stream_exists' && current >= 0) || expected === current;
    if (!ok) throw new WrongExpectedRevisionError(streamId, expected, current === -1 ? 'no_stream' : current);
    return { nextExpectedRevision: current, lastGlobalPosition: await this.headPosition() };
  }

  private async lastRevision(streamId: string): Promise<number> {
    try {
      for await (const resolved of this.client.readStream(streamId, { fromRevision: END, direction: BACKWARDS, maxCount: 1 })) {
        if (resolved.event) return Number(resolved.event.revision);
      }
      return -1;
    } catch (error) {
      if (error instanceof StreamNotFoundError) return -1;
      throw error;
    }
  }

  /**
   * The append result carries the write's commit position: for one event, that event's position. For a
   * multi-event append, ask the stream for the position of its last event rather than assume which
   * event of the write that position designates.
   */
  private async positionOfLast(streamId: string, revision: number, written: Position | undefined): Promise<number> {
    const fallback = written ? Number(written.commit) : -1;
    for await (const resolved of this.client.readStream(streamId, { fromRevision: BigInt(revision), maxCount: 1 })) {
      const position = resolved.event?.position;
      if (position && position.commit !== NO_POSITION) return Number(position.commit);
    }
    return fallback;
  }
}

function toEsdbExpected(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'any':
      return ANY;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return BigInt(expected);
  }
}

function toActual(actual: 'no_stream' | bigint | string): number | 'no_stream' {
  return typeof actual === 'bigint' ? Number(actual) : 'no_stream';
}

function toReadPosition(position: number): ReadPosition {
  return position <= 0 ? START : { commit: BigInt(position), prepare: BigInt(position) };
}

function isSystemEvent(event: EsdbRecordedEvent): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

function parseJson(value: unknown): unknown {
  return value instanceof Uint8Array ? JSON.parse(Buffer.from(value).toString('utf8')) : value;
}

function toRecorded(event: EsdbRecordedEvent): RecordedEvent {
  const position = event.position && event.position.commit !== NO_POSITION ? Number(event.position.commit) : -1;
  return {
    streamId: event.streamId,
    revision: Number(event.revision),
    globalPosition: position,
    type: event.type,
    data: parseJson(event.data) as Record<string, unknown>,
    metadata: parseJson(event.metadata) as EventMetadata,
    recordedAt: event.created.toISOString(),
  };
}

async function collect<E extends ResolvedEvent | AllStreamResolvedEvent>(read: AsyncIterable<E>): Promise<E[]> {
  const out: E[] = [];
  for await (const item of read) out.push(item);
  return out;
}
