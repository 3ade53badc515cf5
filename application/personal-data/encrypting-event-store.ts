import type { EventUpcasters } from '../../kernel/command-handling/event-upcasters';
import type { AppendResult, EventStore, EventToAppend, ExpectedRevision, RecordedEvent, SubscribeOptions, Subscription } from '../../kernel/ports/event-store';
import type { PersonalDataCodec } from '../../kernel/personal-data/pii-codec';
import type { PseudonymousStreamIds } from './pseudonymous-stream-ids';

export interface EncryptingEventStoreOptions {
  /** Streams named after a personal value, stored under a keyed hash of their id. */
  readonly streamIds?: PseudonymousStreamIds;
  /** Closed with the store (the key store, when the store is its only user at shutdown). */
  readonly alsoClose?: () => Promise<void>;
  /** Old shapes of events brought to the current one as they are read, appends stamped with the current version. */
  readonly upcasters?: EventUpcasters;
}

/**
 * An EventStore whose stored events hold personal fields only as ciphertext, while every reader
 * (command handlers, projections, process managers, the Kafka relay) sees them in clear, or as
 * "titular suprimido" once their subject is erased. It wraps any EventStore adapter and passes the same
 * contract suite (tests/personal-data/encrypting-event-store.test.ts).
 *
 * Streams named after a personal value are stored under a pseudonymous id. One written under its clear
 * id before this store was in place keeps being read and appended there (its events are upcast on read),
 * until the one-off rewrite of docs/architecture.md ("Personal data") removes it.
 */
export class EncryptingEventStore implements EventStore {
  constructor(
    private readonly inner: EventStore,
    private readonly codec: PersonalDataCodec,
    private readonly options: EncryptingEventStoreOptions = {},
  ) {}

  /** The store underneath, holding only ciphertext (operations and benchmarks read its own statistics). */
  get undecorated(): EventStore {
    return this.inner;
  }

  /**
   * Opens events read from the store underneath (e.g. from Kafka, which carries them sealed): personal fields in
   * clear, then the current shape of each type. Every reader of the platform's events gets them through here.
   */
  open(events: readonly RecordedEvent[]): Promise<RecordedEvent[]> {
    const upcasters = this.options.upcasters;
    // Without a changed type (today's platform), the decrypting promise alone: no step on every read.
    return upcasters && !upcasters.empty ? this.codec.decrypt(events).then((opened) => upcasters.upcast(opened)) : this.codec.decrypt(events);
  }

  async append(streamId: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    const current = this.options.upcasters ? this.options.upcasters.stamp(events) : events;
    const known = this.knownStoredId(streamId);
    const [stored, sealed] =
      known === undefined ? await Promise.all([this.storedId(streamId), this.codec.encrypt(current)]) : [known, await this.codec.encrypt(current)];
    return this.inner.append(stored, sealed, expected);
  }

  async readStream(streamId: string, options?: { fromRevision?: number }): Promise<RecordedEvent[]> {
    const stored = this.knownStoredId(streamId) ?? (await this.storedId(streamId));
    const events = await this.inner.readStream(stored, options);
    return events.length === 0 ? events : this.open(events);
  }

  knownLastRevision(streamId: string): number | undefined {
    if (!this.inner.knownLastRevision) return undefined;
    const stored = this.knownStoredId(streamId);
    return stored === undefined ? undefined : this.inner.knownLastRevision(stored);
  }

  async readAll(options: { fromPosition: number; limit: number }): Promise<RecordedEvent[]> {
    return this.open(await this.inner.readAll(options));
  }

  headPosition(): Promise<number> {
    return this.inner.headPosition();
  }

  /** A batch that fails to decrypt goes to onError like a failing handler, and is delivered again. */
  subscribeToAll(options: SubscribeOptions): Subscription {
    return this.inner.subscribeToAll({ ...options, onEvents: async (events) => options.onEvents(await this.open(events)) });
  }

  async close(): Promise<void> {
    await this.inner.close();
    await this.options.alsoClose?.();
  }

  private pseudonymousId(streamId: string): string {
    return this.options.streamIds?.stored(streamId) ?? streamId;
  }

  /**
   * The stored id when it needs no read: most streams are not pseudonymous (no legacy id to look for), and a store
   * that knows the clear id holds no stream tells so at once. Undefined when only a read can say.
   */
  private knownStoredId(streamId: string): string | undefined {
    const pseudonymous = this.pseudonymousId(streamId);
    if (pseudonymous === streamId) return streamId;
    const legacy = this.inner.knownLastRevision?.(streamId);
    return legacy === undefined ? undefined : legacy >= 0 ? streamId : pseudonymous;
  }

  /** The pseudonymous id, unless the stream already exists under its clear id (written before encryption). */
  private async storedId(streamId: string): Promise<string> {
    const pseudonymous = this.pseudonymousId(streamId);
    if (pseudonymous === streamId) return streamId;
    const legacy = await this.inner.readStream(streamId);
    return legacy.length > 0 ? streamId : pseudonymous;
  }
}
