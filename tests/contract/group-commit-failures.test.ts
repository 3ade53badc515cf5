import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from '../../adapters/embedded/sqlite-driver';
import { SqliteEventStore } from '../../adapters/embedded/sqlite-event-store';
import { WrongExpectedRevisionError, type EventToAppend } from '../../kernel/ports/event-store';

const event = (n: number): EventToAppend => ({
  type: 'Counted',
  data: { n },
  metadata: { correlationId: `c${n}`, actorId: 'test', actorRoles: [], occurredAt: new Date(0).toISOString(), schemaVersion: 1 },
});

/**
 * A group commit runs its appends without savepoints (they cost 40% of a 32-append commit): a refused revision
 * check writes nothing, and any other failure undoes the group, which is redone with a savepoint per append.
 * Either way only the failing caller fails, and the others' events are written once.
 */
describe.each([
  ['the writer thread', { soleWriter: true }],
  ['the event loop (no writer thread)', { writerThread: false }],
])('group commit failures, on %s', (_, options) => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'group-commit-'));
    file = path.join(dir, 'events.sqlite');
    // The store creates its schema on open; a trigger then refuses one stream's rows as a disk or constraint would.
    SqliteEventStore.open(file).close();
    const db = new Database(file);
    db.exec(`CREATE TRIGGER refuse_poison BEFORE INSERT ON events WHEN new.stream_id = 'poison' BEGIN SELECT RAISE(ABORT, 'refused'); END;`);
    db.close();
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a failing append among others fails alone; a refused revision check too; the rest is written once', async () => {
    const store = SqliteEventStore.open(file, options);
    try {
      await store.append('known', [event(0)], 'no_stream');
      const outcomes = await Promise.allSettled([
        store.append('first', [event(1), event(2)], 'no_stream'),
        store.append('poison', [event(3)], 'no_stream'),
        store.append('known', [event(4)], 'no_stream'), // it exists: refused
        store.append('last', [event(5)], 'no_stream'),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
      expect(String((outcomes[1] as PromiseRejectedResult).reason)).toMatch(/refused/);
      expect((outcomes[2] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect((await store.readStream('first')).map((e) => e.data.n)).toEqual([1, 2]);
      expect((await store.readStream('last')).map((e) => e.data.n)).toEqual([5]);
      expect(await store.readStream('poison')).toEqual([]);
      const all = await store.readAll({ fromPosition: 0, limit: 100 });
      expect(all.map((e) => e.streamId).sort()).toEqual(['first', 'first', 'known', 'last']);
    } finally {
      await store.close();
    }
  });
});
