import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteEventStore } from '../../adapters/embedded/sqlite-event-store';
import type { EventToAppend, RecordedEvent } from '../../kernel/ports/event-store';
import { Deferred } from './deferred';

/**
 * What the subscriptions get of an event just appended (adapters/embedded/sqlite-event-store.ts, EncodedEvent):
 * the appended objects themselves when a JSON round trip would give them back deep-equal, the round trip otherwise,
 * so the feed always equals what a read of the file gives. Both ways of committing: the writer thread (a file) and
 * the event loop (a lone append of a sole writer, or a store over a connection).
 */
const metadata = { correlationId: 'c-1', actorId: 'test', actorRoles: [], occurredAt: new Date(0).toISOString(), schemaVersion: 1 };

const feedOf = async (store: SqliteEventStore, append: () => Promise<unknown>, count: number): Promise<RecordedEvent[]> => {
  const seen: RecordedEvent[] = [];
  const all = new Deferred<void>();
  const subscription = store.subscribeToAll({
    fromPosition: await store.headPosition(),
    onEvents: async (events) => {
      seen.push(...events);
      if (seen.length >= count) all.resolve();
    },
  });
  try {
    await append();
    await all.promise;
    return seen;
  } finally {
    await subscription.stop();
  }
};

describe.each([
  ['the writer thread', (dir: string) => SqliteEventStore.open(path.join(dir, 'events.sqlite'))],
  ['the event loop', (dir: string) => SqliteEventStore.open(path.join(dir, 'events.sqlite'), { writerThread: false })],
])('events just appended, as the feed gets them (%s)', (_name, open) => {
  let dir: string;
  let store: SqliteEventStore;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'appended-feed-'));
    store = open(dir);
  });
  afterEach(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('hands plain JSON data and metadata on as appended, equal to what a read of the file gives', async () => {
    const event: EventToAppend = { type: 'Counted', data: { n: 1, tags: ['a', 'b'], nested: { ok: true, none: null } }, metadata };
    // Two appends at once, so the thread (when there is one) commits them rather than the loop committing a lone one.
    const [fed] = await feedOf(store, () => Promise.all([store.append('plain-1', [event], 'no_stream'), store.append('plain-2', [event], 'no_stream')]), 2);
    expect(fed.data).toBe(event.data);
    expect(fed.metadata).toBe(event.metadata);
    const [read] = await store.readStream('plain-1');
    expect(fed.data).toEqual(read.data);
    expect(fed.metadata).toEqual(read.metadata);
  });

  it('gives what the JSON round trip makes of anything else: dates as text, undefined fields gone, -0 as 0', async () => {
    const at = new Date('2026-12-02T10:00:00.000Z');
    const data = { at, missing: undefined, zero: -0, list: [1, 2] };
    const withUndefined = { ...metadata, causationId: undefined };
    const [fed] = await feedOf(
      store,
      () =>
        Promise.all([
          store.append('odd-1', [{ type: 'Odd', data, metadata: withUndefined }], 'no_stream'),
          store.append('odd-2', [{ type: 'Odd', data, metadata: withUndefined }], 'no_stream'),
        ]),
      2,
    );
    expect(fed.data).not.toBe(data);
    expect(fed.data).toEqual({ at: '2026-12-02T10:00:00.000Z', zero: 0, list: [1, 2] });
    expect(Object.keys(fed.data)).not.toContain('missing');
    expect(Object.is(fed.data.zero, -0)).toBe(false);
    expect(Object.keys(fed.metadata)).not.toContain('causationId');
    const [read] = await store.readStream('odd-1');
    expect(fed.data).toEqual(read.data);
    expect(fed.metadata).toEqual(read.metadata);
  });
});
