import { openDatabase } from '../../adapters/embedded/sqlite-database';
import { SqliteReadStore } from '../../adapters/embedded/sqlite-read-store';
import type { EventMetadata, RecordedEvent } from '../../application/ports/event-store';
import type { Projection } from '../../application/projections/projection';

/**
 * Given/when/then for projection specs, shared instead of re-made per file: recorded events with a rising
 * global position, a fresh in-memory read store per spec, delivery only to the projections that declare the
 * event, and a snapshot of their collections to compare deliveries (twice, out of order) with.
 */
export const DEFAULT_EVENT_METADATA: EventMetadata = {
  correlationId: 'c',
  actorId: 'a',
  actorRoles: [],
  occurredAt: '2026-11-22T12:00:00.000Z',
  schemaVersion: 1,
};

let globalPosition = 0;

/** An event as the store records it (the position rises across the whole test file). */
export const recordedEvent = (
  streamId: string,
  revision: number,
  type: string,
  data: Record<string, unknown>,
  metadata: Partial<EventMetadata> = {},
): RecordedEvent => {
  const meta = { ...DEFAULT_EVENT_METADATA, ...metadata };
  return { streamId, revision, globalPosition: ++globalPosition, type, data, metadata: meta, recordedAt: meta.occurredAt };
};

export interface ProjectionSpec {
  readonly store: SqliteReadStore;
  /** Delivers the events, in this order, to every projection that declares their type. */
  given(events: readonly RecordedEvent[]): Promise<ProjectionSpec>;
  /** The documents of every collection the projections own, sorted by id. */
  snapshot(): Promise<Record<string, unknown[]>>;
}

export const projectionSpec = (projections: readonly Projection[]): ProjectionSpec => {
  const store = new SqliteReadStore(openDatabase(':memory:'));
  const spec: ProjectionSpec = {
    store,
    async given(events) {
      for (const event of events) for (const p of projections) if (p.eventTypes.includes(event.type)) await p.apply(event, store);
      return spec;
    },
    async snapshot() {
      const names = [...new Set(projections.flatMap((p) => p.collections))];
      return Object.fromEntries(await Promise.all(names.map(async (n) => [n, await store.collection(n).find({}, { sort: { _id: 1 } })] as const)));
    },
  };
  return spec;
};
