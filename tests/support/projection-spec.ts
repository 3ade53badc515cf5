import { openDatabase } from '../../adapters/embedded/sqlite-database';
import { SqliteReadStore } from '../../adapters/embedded/sqlite-read-store';
import type { EventMetadata, RecordedEvent } from '../../kernel/ports/event-store';
import type { ReadStore } from '../../kernel/ports/read-store';
import type { Projection } from '../../kernel/projections/projection';
import type { CommandMetadata, Decider, DomainEvent } from '../../domain/shared/event';

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

/**
 * When: one delivery, as the read side makes it: the event reaches the projection only if it declared the
 * type (a projection is typed by its domain union, so a raw recorded event goes through here, not `apply`).
 */
export const deliver = async (projection: Projection, event: RecordedEvent, store: ReadStore): Promise<void> => {
  if (!projection.eventTypes.includes(event.type)) return;
  await projection.apply(event, store);
  await projection.flush?.(store);
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
      for (const event of events) for (const p of projections) await deliver(p, event, store);
      return spec;
    },
    async snapshot() {
      const names = [...new Set(projections.flatMap((p) => p.collections))];
      return Object.fromEntries(await Promise.all(names.map(async (n) => [n, await store.collection(n).find({}, { sort: { _id: 1 } })] as const)));
    },
  };
  return spec;
};

/**
 * Given, from the domain: a history written by running commands through the deciders, recorded as the
 * store would record them (revisions per stream, rising positions, one second apart from `start`), so a
 * spec's events are ones the domain really decides rather than shapes retyped by hand.
 */
export const decidedHistory = (start: string) => {
  const t0 = Date.parse(start);
  const log: RecordedEvent[] = [];
  const streams = new Map<string, RecordedEvent[]>();
  let tick = 0;
  const run = <C, S, E extends DomainEvent>(streamId: string, decider: Decider<C, S, E>, command: C, actorId = 'actor'): RecordedEvent[] => {
    const stream = streams.get(streamId) ?? [];
    const state = stream.reduce((s, r) => decider.evolve(s, { type: r.type, data: r.data } as E), decider.initialState());
    const now = new Date(t0 + ++tick * 1000);
    const meta: CommandMetadata = { now, actorId, actorRoles: [], correlationId: `c${tick}` };
    const recorded = decider.decide(command, state, meta).map((e, i): RecordedEvent => ({
      streamId,
      revision: stream.length + i,
      globalPosition: ++globalPosition,
      type: e.type,
      data: e.data as Record<string, unknown>,
      metadata: { ...DEFAULT_EVENT_METADATA, actorId, correlationId: meta.correlationId, occurredAt: now.toISOString() },
      recordedAt: now.toISOString(),
    }));
    for (const r of recorded) {
      stream.push(r);
      log.push(r);
    }
    streams.set(streamId, stream);
    return recorded;
  };
  /** Moves the history's clock on (a gap between two commands). */
  const wait = (seconds: number) => {
    tick += seconds;
  };
  return { run, wait, log };
};

/**
 * Then, for every projection: at-least-once delivery changes nothing. Each event delivered twice in a row,
 * and the whole history again afterwards, leave the same documents as one delivery.
 */
export const expectRedeliveryChangesNothing = async (projections: readonly Projection[], events: readonly RecordedEvent[]): Promise<void> => {
  const once = await projectionSpec(projections).given(events);
  const twice = await projectionSpec(projections).given(events.flatMap((e) => [e, e]));
  await twice.given(events);
  expect(await twice.snapshot()).toEqual(await once.snapshot());
};
