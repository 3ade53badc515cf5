import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from '../../adapters/embedded/sqlite-driver';

/**
 * The raw engine under the hot paths, measured in the same run: better-sqlite3 on a file in the same
 * temporary directory as the platform's, WAL and synchronous=FULL as the event store opens it.
 */
export const rawSqlite = <T>(work: (db: Database.Database) => T): T => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-raw-'));
  const db = new Database(path.join(dir, 'raw.sqlite'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT, k TEXT NOT NULL, v TEXT NOT NULL, UNIQUE (k))');
    return work(db);
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
};

/** fsync'd commits per second: one small insert per transaction, back to back, for about `ms`. */
export const rawCommitsPerSecond = (ms = 1_000): number =>
  rawSqlite((db) => {
    const insert = db.prepare('INSERT INTO t (k, v) VALUES (?, ?)');
    const commit = db.transaction((i: number) => insert.run(`k${i}`, '{"type":"BenchHappened","data":{"n":1}}'));
    const started = performance.now();
    let n = 0;
    while (performance.now() - started < ms) commit(n++);
    return n / ((performance.now() - started) / 1000);
  });
