import {
  START,
  excludeSystemEvents,
  type AllStreamSubscription,
  type EventStoreDBClient,
  type RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
import type { RecordedEvent, SubscribeOptions, Subscription } from '../../kernel/ports/event-store';

const DEFAULT_BATCH_SIZE = 256;
const FIRST_RETRY_DELAY_MS = 50;
const MAX_RETRY_DELAY_MS = 5_000;

/**
 * The port's catch-up subscription over an EventStoreDB $all subscription (system events filtered out by
 * the server). The server streams events; this class hands them to the handler in batches, one batch at a
 * time, pausing the stream while its buffer is full. When the handler (or the connection) fails, it drops
 * the server subscription and opens a new one from the last position the handler finished: the failed
 * batch is delivered again.
 */
export class EsdbAllSubscription implements Subscription {
  private position: number;
  /** Highest position buffered: a resubscription may repeat events, they are skipped. */
  private buffered: number;
  private readonly queue: RecordedEvent[] = [];
  private stream: AllStreamSubscription | undefined;
  private streamError: unknown;
  private stopped = false;
  private wake: (() => void) | undefined;
  private readonly running: Promise<void>;

  constructor(
    private readonly client: EventStoreDBClient,
    private readonly options: SubscribeOptions,
    private readonly convert: (event: EsdbRecordedEvent) => RecordedEvent,
  ) {
    this.position = options.fromPosition;
    this.buffered = options.fromPosition;
    this.running = Promise.resolve().then(() => this.run());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.running;
  }

  private get batchSize(): number {
    return this.options.batchSize ?? DEFAULT_BATCH_SIZE;
  }

  private async run(): Promise<void> {
    let retryDelay = FIRST_RETRY_DELAY_MS;
    try {
      while (!this.stopped) {
        try {
          if (!this.stream) this.open();
          if (this.streamError) throw this.streamError;
          if (this.queue.length === 0) {
            await this.idle();
            continue;
          }
          const batch = this.queue.splice(0, this.batchSize);
          if (this.queue.length < this.batchSize) this.stream?.resume();
          await this.options.onEvents(batch);
          this.position = batch[batch.length - 1].globalPosition;
          retryDelay = FIRST_RETRY_DELAY_MS;
        } catch (error) {
          if (this.stopped) break;
          this.options.onError?.(error);
          await this.close();
          await this.pause(retryDelay);
          retryDelay = Math.min(retryDelay * 2, MAX_RETRY_DELAY_MS);
        }
      }
    } finally {
      await this.close();
    }
  }

  private open(): void {
    this.queue.length = 0;
    this.buffered = this.position;
    this.streamError = undefined;
    const fromPosition = this.position <= 0 ? START : { commit: BigInt(this.position), prepare: BigInt(this.position) };
    const stream = this.client.subscribeToAll({ fromPosition, filter: excludeSystemEvents() });
    stream.on('data', (resolved) => {
      if (!resolved.event || this.stream !== stream) return;
      const event = this.convert(resolved.event);
      if (event.globalPosition <= this.buffered) return;
      this.buffered = event.globalPosition;
      this.queue.push(event);
      if (this.queue.length >= this.batchSize * 4) stream.pause();
      this.wake?.();
    });
    stream.on('error', (error) => {
      if (this.stream !== stream) return;
      this.streamError = error;
      this.wake?.();
    });
    stream.on('end', () => {
      if (this.stream !== stream || this.stopped) return;
      this.streamError = new Error('EventStoreDB ended the $all subscription');
      this.wake?.();
    });
    this.stream = stream;
  }

  private async close(): Promise<void> {
    const stream = this.stream;
    this.stream = undefined;
    this.queue.length = 0;
    if (stream) await stream.unsubscribe().catch(() => undefined);
  }

  /** Waits for events, an error or stop(). */
  private idle(): Promise<void> {
    return new Promise((resolve) => {
      this.wake = () => {
        this.wake = undefined;
        resolve();
      };
    });
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      this.wake = done;
      function done() {
        clearTimeout(timer);
        resolve();
      }
    });
  }
}
