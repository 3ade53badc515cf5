import type { RecordedEvent, SubscribeOptions, Subscription } from '../../kernel/ports/event-store';

const FIRST_RETRY_DELAY_MS = 50;
const MAX_RETRY_DELAY_MS = 5_000;
const DEFAULT_BATCH_SIZE = 256;
/**
 * Events read and decoded in one go. A batch of 2,000 (the projection feed's, for catch-ups and under load)
 * read at once held the event loop ~18 ms; read 250 at a time, with the loop's other work between, it is
 * the same delivery without the stall.
 */
const READ_CHUNK = 250;

export type ReadAfter = (fromPosition: number, limit: number) => RecordedEvent[];

/**
 * A catch-up subscription that pulls the log by global position: one loop, one batch in flight,
 * so batches reach the handler strictly in order. A failed batch is retried (at-least-once).
 */
export class PullSubscription implements Subscription {
  private position: number;
  private stopped = false;
  /** Set while the loop waits; `idle` tells whether that wait is for new events (a notify may cut it short). */
  private wait: { readonly idle: boolean; readonly resume: () => void } | undefined;
  private readonly running: Promise<void>;

  /** `pollIntervalMs`: how soon appends by other processes are seen; in-process appends call notify(). */
  constructor(
    private readonly readAfter: ReadAfter,
    private readonly options: SubscribeOptions,
    private readonly pollIntervalMs: number,
  ) {
    this.position = options.fromPosition;
    // Deferred so the first batch never reaches the handler before subscribeToAll has returned.
    this.running = Promise.resolve().then(() => this.run());
  }

  /** New events were committed in this process: pull them now rather than at the next poll. */
  notify(): void {
    if (this.wait?.idle) this.wait.resume();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wait?.resume();
    await this.running;
  }

  private async run(): Promise<void> {
    const batchSize = this.options.batchSize ?? DEFAULT_BATCH_SIZE;
    let retryDelay = FIRST_RETRY_DELAY_MS;
    while (!this.stopped) {
      try {
        const batch = await this.read(batchSize);
        if (batch.length === 0) {
          await this.pause(this.pollIntervalMs, true);
          continue;
        }
        await this.options.onEvents(batch);
        this.position = batch[batch.length - 1].globalPosition;
        retryDelay = FIRST_RETRY_DELAY_MS;
      } catch (error) {
        this.options.onError?.(error);
        await this.pause(retryDelay, false);
        retryDelay = Math.min(retryDelay * 2, MAX_RETRY_DELAY_MS);
      }
    }
  }

  /** Up to `batchSize` events after the position, read READ_CHUNK at a time with a turn of the event loop between. */
  private async read(batchSize: number): Promise<RecordedEvent[]> {
    const chunk = Math.min(batchSize, READ_CHUNK);
    const batch = this.readAfter(this.position, chunk);
    for (let last = batch.length; last === chunk && batch.length < batchSize && !this.stopped;) {
      await new Promise((resolve) => setImmediate(resolve));
      const more = this.readAfter(batch[batch.length - 1].globalPosition, Math.min(chunk, batchSize - batch.length));
      for (const event of more) batch.push(event);
      last = more.length;
    }
    return batch;
  }

  private pause(ms: number, idle: boolean): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const resume = () => {
        clearTimeout(timer);
        this.wait = undefined;
        resolve();
      };
      const timer = setTimeout(resume, ms);
      this.wait = { idle, resume };
    });
  }
}
