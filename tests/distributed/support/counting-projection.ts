import type { RecordedEvent } from '../../../kernel/ports/event-store';
import type { ReadStore } from '../../../kernel/ports/read-store';
import { guardedUpsert } from '../../../kernel/projections/guarded-writes';
import type { Projection } from '../../../kernel/projections/projection';
import { categoryOf } from '../../../adapters/kafka/event-messages';

export type StreamCount = { _id: string; count: number; lastRevision: number };
export type CategoryTotal = { _id: string; events: number };
export type Deliveries = { _id: string; n: number };

/**
 * A projection that counts events with guarded writes (the application's guardedUpsert), per stream and
 * per category: if any redelivered event slipped past the guard, a count would exceed the events appended.
 * It also tallies every delivery WITHOUT a guard, so a test can prove that redelivery really happened.
 * `beforeApply` lets a test hold the projection mid-batch, or fail it (it gets the store the batch applies through).
 */
export function countingProjection(name: string, beforeApply?: (event: RecordedEvent, store: ReadStore) => Promise<void>): Projection {
  return {
    name,
    collections: ['stream_counts', 'category_totals', 'deliveries'],
    eventTypes: ['Counted'],
    async apply(event: RecordedEvent, store: ReadStore) {
      await beforeApply?.(event, store);
      await store.collection<Deliveries>('deliveries').updateOne({ _id: name }, { $inc: { n: 1 } }, { upsert: true });
      await guardedUpsert(store.collection<StreamCount>('stream_counts'), event.streamId, event, {
        $inc: { count: 1 },
        $set: { lastRevision: event.revision },
      });
      await guardedUpsert(store.collection<CategoryTotal>('category_totals'), categoryOf(event.streamId), event, {
        $inc: { events: 1 },
      });
    },
  };
}
