import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteEventStore } from '../../adapters/embedded/sqlite-event-store';
import { loadStream } from '../../kernel/command-handling/decided-state';
import { foldStream, handleCommand } from '../../kernel/command-handling/handle-command';
import type { EventStore } from '../../kernel/ports/event-store';
import type { Decider, DomainEvent } from '../../domain/shared/event';

/** A unit that one buyer may hold; holding it while held is refused, as UNIT_ALREADY_RESERVED would be. */
type UnitEvent = DomainEvent<'Held', { by: string; at: Date }> | DomainEvent<'Released', Record<string, never>>;
type State = { holder: string | null; at: string | null; changes: number };
type Command = { type: 'Hold'; buyer: string } | { type: 'Release' };
const unit: Decider<Command, State, UnitEvent> = {
  initialState: () => ({ holder: null, at: null, changes: 0 }),
  evolve: (state, event) =>
    event.type === 'Held'
      ? { holder: event.data.by, at: String(event.data.at), changes: state.changes + 1 }
      : { ...state, holder: null, changes: state.changes + 1 },
  decide: (command, state, meta) => {
    if (command.type === 'Release') return [{ type: 'Released', data: {} }];
    if (state.holder) throw new Error(`already held by ${state.holder}`);
    return [{ type: 'Held', data: { by: command.buyer, at: meta.now } }];
  },
};
const hold = (buyer: string): Command => ({ type: 'Hold', buyer });
const release: Command = { type: 'Release' };
const meta = (actorId: string) => ({ now: new Date('2026-11-24T10:00:00.000Z'), actorId, actorRoles: [], correlationId: actorId });

/** Counts what the store was asked to read: a cached stream is read only after its cached revision. */
const readsOf = (store: SqliteEventStore) => {
  const reads: number[] = [];
  const readStream = store.readStream.bind(store);
  store.readStream = (streamId, options) => {
    reads.push(options?.fromRevision ?? 0);
    return readStream(streamId, options);
  };
  return reads;
};

describe('decided state kept per stream', () => {
  let dir: string;
  let stores: EventStore[];
  const open = () => {
    const store = SqliteEventStore.open(path.join(dir, 'events.sqlite'), { pollIntervalMs: 10 });
    stores.push(store);
    return store;
  };
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'decided-'));
    stores = [];
  });
  afterEach(async () => {
    for (const store of stores) await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a command reads only the events after the state it kept, and the state equals a fresh fold', async () => {
    const store = open();
    const reads = readsOf(store as SqliteEventStore);
    for (let i = 0; i < 5; i++) await handleCommand(store, 'unit-1', unit, release, meta('admin'));
    reads.length = 0;
    await handleCommand(store, 'unit-1', unit, hold('ana'), meta('ana'));
    expect(reads).toEqual([5]);
    reads.length = 0;
    const kept = await loadStream(store, 'unit-1', unit);
    expect(reads).toEqual([6]);
    expect(kept).toMatchObject({ revision: 5, position: await store.headPosition() });
    expect(kept.state).toEqual(foldStream(unit, await store.readStream('unit-1')));
    // Event data is kept as the store gives it back (a Date as its ISO string).
    expect(kept.state.at).toBe('2026-11-24T10:00:00.000Z');
  });

  it("a sole writer's kept state that is current, and a stream it knows is absent, cost no read at all", async () => {
    const store = SqliteEventStore.open(path.join(dir, 'sole.sqlite'), { soleWriter: true });
    stores.push(store);
    const reads = readsOf(store);
    await handleCommand(store, 'unit-1', unit, release, meta('admin'));
    await handleCommand(store, 'unit-1', unit, hold('ana'), meta('ana'));
    expect(await store.readStream('unit-absent')).toEqual([]);
    reads.length = 0;
    expect(await loadStream(store, 'unit-1', unit)).toMatchObject({ revision: 1, state: { holder: 'ana', changes: 2 } });
    expect(await loadStream(store, 'unit-absent', unit)).toEqual({ state: unit.initialState(), revision: -1, position: 0 });
    expect(reads).toEqual([]);
    // An append the kept state has not folded yet is read, from the revision after it, and decided on.
    await store.append(
      'unit-1',
      [{ type: 'Released', data: {}, metadata: { correlationId: 'x', actorId: 'admin', actorRoles: [], occurredAt: 'x', schemaVersion: 1 } }],
      1,
    );
    expect(await loadStream(store, 'unit-1', unit)).toMatchObject({ revision: 2, state: { holder: null, changes: 3 } });
    expect(reads).toEqual([2]);
  });

  it('sees what another process appended since, and decides on it', async () => {
    const mine = open();
    const theirs = open();
    await handleCommand(mine, 'unit-2', unit, release, meta('admin'));
    expect((await loadStream(mine, 'unit-2', unit)).revision).toBe(0);
    await handleCommand(theirs, 'unit-2', unit, hold('bea'), meta('bea'));
    await expect(handleCommand(mine, 'unit-2', unit, hold('ana'), meta('ana'))).rejects.toThrow('already held by bea');
    expect((await loadStream(mine, 'unit-2', unit)).state).toMatchObject({ holder: 'bea', changes: 2 });
  });

  it('buyers racing through two processes for one unit: exactly one hold is recorded', async () => {
    const [a, b] = [open(), open()];
    await handleCommand(a, 'unit-3', unit, release, meta('admin'));
    await loadStream(a, 'unit-3', unit);
    await loadStream(b, 'unit-3', unit);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => handleCommand(i % 2 ? a : b, 'unit-3', unit, hold(`buyer-${i}`), meta(`buyer-${i}`), { retries: 5 })),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes) if (o.status === 'rejected') expect(String(o.reason)).toContain('already held by');
    expect((await a.readStream('unit-3')).filter((e) => e.type === 'Held')).toHaveLength(1);
  });
});
