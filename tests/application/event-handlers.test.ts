import { openDatabase } from '../../adapters/embedded/sqlite-database';
import { SqliteEventStore } from '../../adapters/embedded/sqlite-event-store';
import { SqliteReadStore } from '../../adapters/embedded/sqlite-read-store';
import type { EventToAppend } from '../../kernel/ports/event-store';
import type { EventHandler } from '../../kernel/projections/event-handler';
import { CHECKPOINTS, type Projection } from '../../kernel/projections/projection';
import { ProjectionRunner } from '../../kernel/projections/projection-runner';
import type { ReservationEvent } from '../../domain/reservations/reservation';
import type { DomainEvent } from '../../domain/shared/event';
import { ALL_PROJECTIONS } from '../../read-models/all-projections';

/**
 * Process managers are event handlers, not projections without collections: the read side delivers them
 * the events they declare, at least once, each with its own checkpoint beside the projections'.
 */
type Rung = DomainEvent<'Rung', { bell: string }>;
type Silenced = DomainEvent<'Silenced', { bell: string }>;

const appended = (type: string, bell: string): EventToAppend => ({
  type,
  data: { bell },
  metadata: { correlationId: 'c', actorId: 'a', actorRoles: [], occurredAt: '2026-11-22T12:00:00.000Z', schemaVersion: 1 },
});

/** A handler that remembers what it was handed; `failures` makes the next calls throw. */
const ringer = () => {
  const heard: string[] = [];
  const state = { failures: 0 };
  const handler: EventHandler<Rung> = {
    name: 'ringer',
    categories: ['bell'],
    eventTypes: ['Rung'],
    handle: async (event) => {
      if (state.failures > 0) {
        state.failures--;
        throw new Error('the bell-ringer is out');
      }
      // Typed by the domain's union: `event.data.bell` is a string, no cast.
      heard.push(`${event.type}:${event.data.bell}@${event.revision}`);
    },
  };
  return { handler, heard, state };
};

const setup = () => ({ events: SqliteEventStore.open(':memory:'), store: new SqliteReadStore(openDatabase(':memory:')) });

describe('event handlers on the embedded read side', () => {
  it('are handed only the events they declare, and keep a checkpoint of their own', async () => {
    const { events, store } = setup();
    const { handler, heard } = ringer();
    const runner = new ProjectionRunner(events, store, [], undefined, [handler]);
    await runner.start();
    try {
      await events.append('bell-1', [appended('Rung', 'one'), appended('Silenced', 'one'), appended('Rung', 'one')], 'no_stream');
      expect(await runner.waitFor(await events.headPosition(), 5_000)).toBe(true);
      expect(heard).toEqual(['Rung:one@0', 'Rung:one@2']);
      expect(runner.names).toEqual(['ringer']);
      expect(await store.collection(CHECKPOINTS).findOne({ _id: 'ringer' })).toMatchObject({ position: 3 });
    } finally {
      await runner.stop();
    }
  });

  it('a failing handler is handed the event again (at least once), after a backoff', async () => {
    const { events, store } = setup();
    const { handler, heard, state } = ringer();
    state.failures = 1;
    const errors: string[] = [];
    const runner = new ProjectionRunner(events, store, [], (name) => errors.push(name), [handler]);
    await runner.start();
    try {
      await events.append('bell-1', [appended('Rung', 'one')], 'no_stream');
      expect(await runner.waitFor(await events.headPosition(), 5_000)).toBe(true);
      expect(errors).toEqual(['ringer']);
      expect(heard).toEqual(['Rung:one@0']);
    } finally {
      await runner.stop();
    }
  });

  it('resumes after a restart from its checkpoint, not from the start', async () => {
    const { events, store } = setup();
    const first = ringer();
    let runner = new ProjectionRunner(events, store, [], undefined, [first.handler]);
    await runner.start();
    await events.append('bell-1', [appended('Rung', 'one')], 'no_stream');
    expect(await runner.waitFor(await events.headPosition(), 5_000)).toBe(true);
    await runner.stop();

    const second = ringer();
    runner = new ProjectionRunner(events, store, [], undefined, [second.handler]);
    await events.append('bell-1', [appended('Rung', 'two')], 0);
    await runner.start();
    try {
      expect(await runner.waitFor(await events.headPosition(), 5_000)).toBe(true);
      expect(second.heard).toEqual(['Rung:two@1']);
    } finally {
      await runner.stop();
    }
  });

  it('cannot be rebuilt (it owns no read model), and may not share a name with a projection', async () => {
    const { events, store } = setup();
    const runner = new ProjectionRunner(events, store, [], undefined, [ringer().handler]);
    await expect(runner.rebuild('ringer')).rejects.toThrow('event handler');
    const clash = { ...ringer().handler, name: ALL_PROJECTIONS[0].name };
    expect(() => new ProjectionRunner(events, store, ALL_PROJECTIONS, undefined, [clash])).toThrow('unique');
  });

  it('no registered projection is a process manager in disguise: each owns a collection', () => {
    expect(ALL_PROJECTIONS.filter((p) => p.collections.length === 0).map((p) => p.name)).toEqual([]);
  });

  it('a handler declares event types of its own union only (compile-time)', () => {
    const wrong: EventHandler<Rung | Silenced> = {
      name: 'x',
      categories: ['bell'],
      // @ts-expect-error 'Rang' is not one of the union's types
      eventTypes: ['Rang'],
      handle: async () => undefined,
    };
    expect(wrong.name).toBe('x');
  });

  it('a projection is typed the same way: its event types come from the domain union it declares (compile-time)', () => {
    const misspelt: Projection<ReservationEvent> = {
      name: 'y',
      collections: ['y'],
      // @ts-expect-error a reservation's event is 'ReservationConfirmed', not 'ReservationConfirm'
      eventTypes: ['ReservationConfirm'],
      apply: async (event) => {
        // Narrowed by the union: the data of a reservation event has its reservation id, no cast.
        const id: string = event.data.reservationId;
        expect(id).toBeDefined();
      },
    };
    expect(misspelt.collections).toEqual(['y']);
  });
});
