import { Counter, Histogram, type Registry } from 'prom-client';
import { WrongExpectedRevisionError, type EventStore } from '../../kernel/ports/event-store';
import { categoryOf } from '../kafka/event-messages';

/**
 * The event store's figures, counted at its port (the `metered` decorator below) so the embedded SQLite store and
 * EventStoreDB report the same ones: appends committed and refused, their latency, how many events each carried,
 * and the events appended per stream category (`reservation`, `unit`...: a fixed set in code, never an id).
 */
export class EventStoreMetrics {
  readonly appends: Counter;
  readonly failures: Counter<'reason'>;
  readonly duration: Histogram;
  readonly batch: Histogram;
  private readonly appended: Counter<'category'>;
  /** One labelled child per category: prom-client hashes the labels on every call otherwise. */
  private readonly byCategory = new Map<string, Counter.Internal>();

  constructor(registry: Registry) {
    const registers = [registry];
    this.appends = new Counter({ name: 'eventstore_appends_total', help: 'Appends the event store committed', registers });
    this.failures = new Counter({
      name: 'eventstore_append_failures_total',
      help: 'Appends refused: conflict (another writer moved the stream first; the command retries) or error',
      labelNames: ['reason'] as const,
      registers,
    });
    this.duration = new Histogram({
      name: 'eventstore_append_duration_seconds',
      help: 'Time from an append to its commit (embedded: includes waiting for the group commit and its fsync)',
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers,
    });
    this.batch = new Histogram({
      name: 'eventstore_append_batch_events',
      help: 'Events per committed append',
      buckets: [1, 2, 3, 5, 10, 20, 50, 100, 500],
      registers,
    });
    this.appended = new Counter({
      name: 'eventstore_events_appended_total',
      help: 'Events committed, by stream category',
      labelNames: ['category'] as const,
      registers,
    });
  }

  committed(streamId: string, events: number, seconds: number): void {
    this.appends.inc();
    this.duration.observe(seconds);
    this.batch.observe(events);
    const category = categoryOf(streamId);
    let counter = this.byCategory.get(category);
    if (!counter) this.byCategory.set(category, (counter = this.appended.labels(category)));
    counter.inc(events);
  }

  refused(error: unknown): void {
    this.failures.inc({ reason: error instanceof WrongExpectedRevisionError ? 'conflict' : 'error' });
  }
}

/** What wraps a mode's event store (adapters/composition/container.ts): spans when traces are on, counts when metrics are served. */
export type Instrument = (store: EventStore) => EventStore;

/** The store with its appends counted; the store itself when there are no metrics (the CLIs, the workers). */
export const metered = (store: EventStore, metrics: EventStoreMetrics | undefined): EventStore => {
  if (!metrics) return store;
  return {
    append: async (streamId, events, expected) => {
      const started = process.hrtime.bigint();
      try {
        const result = await store.append(streamId, events, expected);
        metrics.committed(streamId, events.length, Number(process.hrtime.bigint() - started) / 1e9);
        return result;
      } catch (error) {
        metrics.refused(error);
        throw error;
      }
    },
    readStream: (streamId, options) => store.readStream(streamId, options),
    knownLastRevision: store.knownLastRevision?.bind(store),
    readAll: (options) => store.readAll(options),
    headPosition: () => store.headPosition(),
    subscribeToAll: (options) => store.subscribeToAll(options),
    close: () => store.close(),
  };
};
