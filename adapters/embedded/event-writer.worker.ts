/**
 * The event writer's thread (event-writer-thread.ts starts it): its own SQLite connection appends each group
 * commit and waits for its fsync here, while the event loop goes on. It answers every message; an error it
 * cannot answer ends the thread, and the owner rejects what was in flight and starts a new one.
 */
import Database from './sqlite-driver';
import { parentPort, workerData } from 'node:worker_threads';
import { flatOutcomes, readAppends, type AppendOutcome, type AppendRequest, type EventWriterData } from './event-writer-protocol';

const settings = workerData as EventWriterData;
const port = parentPort!;
const db = new Database(settings.file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma(`busy_timeout = ${settings.busyTimeoutMs}`);
// A thread of its own checkpoints the WAL (checkpoint.worker.ts): a commit never waits for one.
db.pragma(`wal_autocheckpoint = ${settings.autocheckpointPages}`);

const lastRevisionStmt = db.prepare<[string], { revision: number | null }>('SELECT MAX(revision) AS revision FROM events WHERE stream_id = ?');
const headStmt = db.prepare<[], { position: number | null }>('SELECT MAX(global_position) AS position FROM events');
const insert = db.prepare('INSERT INTO events (stream_id, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?)');

const lastRevision = (streamId: string): number => lastRevisionStmt.get(streamId)?.revision ?? -1;
const head = (): number => headStmt.get()?.position ?? 0;
const satisfies = (expected: unknown, current: number): boolean =>
  expected === 'any' ? true : expected === 'no_stream' ? current === -1 : expected === 'stream_exists' ? current >= 0 : current === expected;

class Conflict extends Error {
  constructor(readonly actual: number) {
    super('conflict');
  }
}
type SqliteError = { code?: string; message?: string };
const isRevisionConflict = (e: SqliteError): boolean =>
  e?.code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof e.message === 'string' && e.message.includes('events.stream_id, events.revision');

/** One append's rows, its revision check inside the group's transaction (a Conflict is thrown before any row). */
const appendRows = (a: AppendRequest): AppendOutcome => {
  const current = lastRevision(a.streamId);
  if (!satisfies(a.expected, current)) throw new Conflict(current);
  if (a.events.length === 0) return { ok: true, revision: current, positions: [], head: head() };
  const recordedAt = new Date().toISOString();
  let revision = current;
  const positions: number[] = [];
  for (const e of a.events) {
    revision += 1;
    positions.push(Number(insert.run(a.streamId, revision, e.type, e.data, e.metadata, recordedAt).lastInsertRowid));
  }
  return { ok: true, revision, positions, recordedAt };
};
const guarded = db.transaction(appendRows);

/**
 * One group in one transaction. The usual way (isolated = false): no savepoints (they were 40% of a 32-append
 * commit); a refused revision check writes nothing, so it needs none, and any other failure undoes the group.
 * The group is then redone isolated: each append under its own savepoint, its failure its own outcome.
 */
const groupCommit = (isolated: boolean) =>
  db.transaction((appends: AppendRequest[]): AppendOutcome[] =>
    appends.map((a) => {
      try {
        return isolated ? guarded(a) : appendRows(a);
      } catch (e) {
        if (e instanceof Conflict) return { ok: false, conflict: e.actual };
        if (!isolated) throw e;
        if (isRevisionConflict(e as SqliteError)) return { ok: false, conflict: lastRevision(a.streamId) };
        return { ok: false, error: { message: String((e as SqliteError)?.message), code: (e as SqliteError)?.code } };
      }
    }),
  );
const commitFast = groupCommit(false);
const commitGuarded = groupCommit(true);
// IMMEDIATE takes the write lock before any revision is read: another process cannot slip in between.
const commit = (appends: AppendRequest[]): AppendOutcome[] => {
  try {
    return commitFast.immediate(appends);
  } catch {
    return commitGuarded.immediate(appends);
  }
};

type Message = { type: 'close' } | { type: 'autocheckpoint'; pages: number } | { type?: undefined; id: number; appends: unknown[] };

port.on('message', (m: Message) => {
  if (m.type === 'close') {
    db.close();
    port.close();
    return;
  }
  if (m.type === 'autocheckpoint') {
    db.pragma(`wal_autocheckpoint = ${m.pages}`);
    return;
  }
  try {
    port.postMessage({ id: m.id, outcomes: flatOutcomes(commit(readAppends(m.appends))) });
  } catch (e) {
    port.postMessage({ id: m.id, failed: { message: String((e as SqliteError)?.message), code: (e as SqliteError)?.code } });
  }
});
