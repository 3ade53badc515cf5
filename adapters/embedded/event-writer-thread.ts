import { RequestThread, toError } from './request-thread';

/**
 * The event store's writer in a worker thread: its own SQLite connection to the same file appends each
 * group commit and waits for its fsync there, so the event loop goes on reading requests and answering
 * queries meanwhile. The main thread's connection only reads (WAL: it sees a commit once it returned).
 *
 * The worker is plain JavaScript evaluated from this string (no TypeScript loader needed in the thread, under
 * tsx, Jest or compiled code alike) and needs only better-sqlite3. It answers every message; an error it
 * cannot answer (it should not happen) ends the thread, and the owner rejects what was in flight and starts
 * a new one (event-writer-thread is restarted on demand, see WorkerWriter).
 */
const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = ' + workerData.busyTimeoutMs);
// A thread of its own checkpoints the WAL (background-checkpoints.ts): a commit never waits for one.
db.pragma('wal_autocheckpoint = ' + workerData.autocheckpointPages);
const lastRevisionStmt = db.prepare('SELECT MAX(revision) AS revision FROM events WHERE stream_id = ?');
const headStmt = db.prepare('SELECT MAX(global_position) AS position FROM events');
const insert = db.prepare('INSERT INTO events (stream_id, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?)');
const lastRevision = (streamId) => { const r = lastRevisionStmt.get(streamId); return r && r.revision !== null ? r.revision : -1; };
const head = () => { const r = headStmt.get(); return r && r.position !== null ? r.position : 0; };
const satisfies = (expected, current) =>
  expected === 'any' ? true : expected === 'no_stream' ? current === -1 : expected === 'stream_exists' ? current >= 0 : current === expected;
class Conflict extends Error { constructor(actual) { super('conflict'); this.actual = actual; } }
const isRevisionConflict = (e) => e && e.code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof e.message === 'string' && e.message.includes('events.stream_id, events.revision');
// One append's rows, its revision check inside the group's transaction (a Conflict is thrown before any row).
const appendRows = (a) => {
  const current = lastRevision(a.streamId);
  if (!satisfies(a.expected, current)) throw new Conflict(current);
  if (a.events.length === 0) return { ok: true, revision: current, positions: [], head: head() };
  const recordedAt = new Date().toISOString();
  let revision = current;
  const positions = [];
  for (const e of a.events) {
    revision += 1;
    positions.push(Number(insert.run(a.streamId, revision, e.type, e.data, e.metadata, recordedAt).lastInsertRowid));
  }
  return { ok: true, revision, positions, recordedAt };
};
const guarded = db.transaction((a) => appendRows(a));
// One group in one transaction. The usual way (isolated = false): no savepoints (they were 40% of a 32-append
// commit); a refused revision check writes nothing, so it needs none, and any other failure undoes the group.
// The group is then redone isolated: each append under its own savepoint, its failure its own outcome.
const groupCommit = (isolated) =>
  db.transaction((appends) =>
    appends.map((a) => {
      try {
        return isolated ? guarded(a) : appendRows(a);
      } catch (e) {
        if (e instanceof Conflict) return { ok: false, conflict: e.actual };
        if (!isolated) throw e;
        if (isRevisionConflict(e)) return { ok: false, conflict: lastRevision(a.streamId) };
        return { ok: false, error: { message: String(e && e.message), code: e && e.code } };
      }
    }),
  );
const commitFast = groupCommit(false);
const commitGuarded = groupCommit(true);
const commit = (appends) => {
  try {
    return commitFast.immediate(appends);
  } catch (e) {
    return commitGuarded.immediate(appends);
  }
};
// The appends arrive flat (see WorkerWriter.commit): stream, expected revision, number of events, then each event's
// type, data and metadata. Outcomes go back flat too (see readOutcomes).
const readAppends = (flat) => {
  const appends = [];
  for (let i = 0; i < flat.length; ) {
    const streamId = flat[i];
    const expected = flat[i + 1];
    const count = flat[i + 2];
    const events = [];
    for (let k = 0, at = i + 3; k < count; k++, at += 3) events.push({ type: flat[at], data: flat[at + 1], metadata: flat[at + 2] });
    appends.push({ streamId, expected, events });
    i += 3 + 3 * count;
  }
  return appends;
};
const writeOutcomes = (outcomes) => {
  const flat = [];
  for (const o of outcomes) {
    if (o.ok) {
      flat.push(1, o.revision, o.recordedAt === undefined ? null : o.recordedAt, o.head === undefined ? null : o.head, o.positions.length);
      for (const p of o.positions) flat.push(p);
    } else if (o.error) flat.push(-1, o.error.message, o.error.code === undefined ? null : o.error.code);
    else flat.push(0, o.conflict);
  }
  return flat;
};
parentPort.on('message', (m) => {
  if (m.type === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  if (m.type === 'autocheckpoint') {
    db.pragma('wal_autocheckpoint = ' + m.pages);
    return;
  }
  try {
    // IMMEDIATE takes the write lock before any revision is read: another process cannot slip in between.
    parentPort.postMessage({ id: m.id, outcomes: writeOutcomes(commit(readAppends(m.appends))) });
  } catch (e) {
    parentPort.postMessage({ id: m.id, failed: { message: String(e && e.message), code: e && e.code } });
  }
});
`;

export interface AppendRequest {
  readonly streamId: string;
  readonly events: readonly { type: string; data: string; metadata: string }[];
  readonly expected: unknown;
}

export type AppendOutcome =
  | { ok: true; revision: number; positions: number[]; recordedAt?: string; head?: number }
  | { ok: false; conflict: number }
  | { ok: false; error: { message: string; code?: string } };

/**
 * A group's appends as one flat array of strings and numbers (stream, expected revision, number of events, then
 * each event's type, data and metadata): copying an object per append and per event to the thread, their property
 * names with them, was ~4% of a reservation's event-loop time.
 */
const flatAppends = (appends: readonly AppendRequest[]): unknown[] => {
  const flat: unknown[] = [];
  for (const { streamId, expected, events } of appends) {
    flat.push(streamId, expected, events.length);
    for (const e of events) flat.push(e.type, e.data, e.metadata);
  }
  return flat;
};

/** The thread's outcomes, flat the same way (writeOutcomes in WORKER_SOURCE). */
const readOutcomes = (flat: readonly unknown[]): AppendOutcome[] => {
  const outcomes: AppendOutcome[] = [];
  for (let i = 0; i < flat.length;) {
    const kind = flat[i];
    if (kind === 1) {
      const count = flat[i + 4] as number;
      const outcome: AppendOutcome = { ok: true, revision: flat[i + 1] as number, positions: flat.slice(i + 5, i + 5 + count) as number[] };
      if (flat[i + 2] !== null) outcome.recordedAt = flat[i + 2] as string;
      if (flat[i + 3] !== null) outcome.head = flat[i + 3] as number;
      outcomes.push(outcome);
      i += 5 + count;
    } else if (kind === -1) {
      outcomes.push({
        ok: false,
        error: flat[i + 2] === null ? { message: flat[i + 1] as string } : { message: flat[i + 1] as string, code: flat[i + 2] as string },
      });
      i += 3;
    } else {
      outcomes.push({ ok: false, conflict: flat[i + 1] as number });
      i += 2;
    }
  }
  return outcomes;
};

/** One writer thread; `commit` sends one group of appends and resolves after its commit returned (fsync'd). */
export class WorkerWriter {
  /** 0 while a checkpoint thread runs for the file; SQLite's default (1,000 pages) otherwise. */
  private autocheckpointPages = 1000;
  private readonly thread: RequestThread<{ outcomes?: unknown[] }>;

  constructor(file: string, busyTimeoutMs: number) {
    this.thread = new RequestThread('event writer', WORKER_SOURCE, () => ({
      file,
      driver: require.resolve('better-sqlite3'),
      busyTimeoutMs,
      autocheckpointPages: this.autocheckpointPages,
    }));
  }

  /** The writer's automatic WAL checkpoints: 0 turns them off (another thread checkpoints the file). */
  setAutocheckpoint(pages: number): void {
    this.autocheckpointPages = pages;
    this.thread.tell({ type: 'autocheckpoint', pages });
  }

  async commit(appends: readonly AppendRequest[]): Promise<AppendOutcome[]> {
    const reply = await this.thread.request({ appends: flatAppends(appends) });
    if (!reply.outcomes) throw toError({ message: 'event writer: no answer' });
    return readOutcomes(reply.outcomes);
  }

  close(): Promise<void> {
    return this.thread.close();
  }
}
