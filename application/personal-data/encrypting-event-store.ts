import type {
  AppendResult,
  EventStore,
  EventToAppend,
  ExpectedRevision,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from '../ports/event-store';
import type { PersonalDataCodec } from './pii-codec';

/**
 * An EventStore whose stored events hold personal fields only as ciphertext, while every reader
 * (command handlers, projections, process managers, the Kafka relay) sees them in clear, or as
 * "titular suprimido" once their subject is erased. It wraps any EventStore adapter and passes the same
 * contract suite (tests/personal-data/encrypting-event-store.test.ts).
 */
export class EncryptingEventStore implements EventStore {
  constructor(
    private readonly inner: EventStore,
    private readonly codec: PersonalDataCodec,
  ) {}

  async append(streamId: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    return this.inner.append(streamId, await this.codec.encrypt(events), expected);
  }

  async readStream(streamId: string, options?: { fromRevision?: number }): Promise<RecordedEvent[]> {
    return this.codec.decrypt(await this.inner.readStream(streamId, options));
  }

  async readAll(options: { fromPosition: number; limit: number }): Promise<RecordedEvent[]> {
    return this.codec.decrypt(await this.inner.readAll(options));
  }

  headPosition(): Promise<number> {
    return this.inner.headPosition();
  }

  /** A batch that fails to decrypt goes to onError like a failing handler, and is delivered again. */
  subscribeToAll(options: SubscribeOptions): Subscription {
    return this.inner.subscribeToAll({ ...options, onEvents: async (events) => options.onEvents(await this.codec.decrypt(events)) });
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
