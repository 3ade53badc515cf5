import { openDatabase } from '../../adapters/embedded/sqlite-database';
import { SqliteSessionStore } from '../../adapters/embedded/sqlite-session-store';
import type { SessionRecord } from '../../kernel/ports/session-store';

const record = (id: string, fields: Partial<SessionRecord> = {}): SessionRecord => ({
  id,
  kind: 'cookie',
  userId: 'user-1',
  createdAt: '2026-12-01T10:00:00.000Z',
  lastActivityAt: '2026-12-01T10:00:00.000Z',
  expiresAt: '2026-12-01T10:15:00.000Z',
  remember: false,
  ...fields,
});

/**
 * Every authenticated request looks its session up: the SQLite store answers a session it already read or wrote
 * from memory, and each of its own writes changes or drops that copy. What a reader sees (a miss not remembered, a
 * record the reader cannot change, a touch shown at once) is the contract suite's (session-store.contract.ts).
 */
describe('SQLite session store: lookups', () => {
  const open = () => {
    const db = openDatabase(':memory:');
    let lookups = 0;
    const prepare = db.prepare.bind(db);
    // Counts the queries of one session by id, the statement behind get().
    db.prepare = ((sql: string) => {
      const statement = prepare(sql);
      if (sql.startsWith('SELECT * FROM sessions WHERE id')) {
        const get = statement.get.bind(statement);
        statement.get = ((...args: unknown[]) => {
          lookups++;
          return get(...(args as [string]));
        }) as typeof statement.get;
      }
      return statement;
    }) as typeof db.prepare;
    return { db, store: new SqliteSessionStore(db), lookups: () => lookups };
  };

  it('a session read again is answered without a query', async () => {
    const { db, store, lookups } = open();
    await store.put(record('s1'));
    for (let i = 0; i < 5; i++) expect(await store.get('s1')).toEqual(record('s1'));
    expect(lookups()).toBe(1);
    // A touch hands back the row it wrote, which the next lookup reuses.
    const touched = await store.touch('s1', '2026-12-01T10:05:00.000Z', '2026-12-01T10:20:00.000Z');
    expect(await store.get('s1')).toEqual(touched);
    expect(lookups()).toBe(1);
    await store.close();
    db.close();
  });

  it('an unknown session is asked of the table each time (a session made meanwhile is found)', async () => {
    const { db, store, lookups } = open();
    expect(await store.get('s2')).toBeNull();
    await store.put(record('s2'));
    expect(await store.get('s2')).toEqual(record('s2'));
    expect(lookups()).toBe(2);
    await store.close();
    db.close();
  });
});
