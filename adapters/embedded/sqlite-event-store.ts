import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../../kernel/ports/event-store';
import { BackgroundCheckpoints } from './background-checkpoints';
import { WorkerWriter, type AppendOutcome } from './event-writer-thread';
import { internedType } from './interned-type';
import { isJsonPlain } from '../../domain/shared/json-plain';
import { acquireProcessLock, type ProcessLock } from './process-lock';
import { PullSubscription } from './pull-subscription';
import { BUSY_TIMEOUT_MS, openDatabase, type SqliteDatabase } from './sqlite-database';

// AUTOINCREMENT: a position is never reused, even after the newest event's transaction rolls back.
// UNIQUE(stream_id, revision) is both the last defence against a lost race and the index readStream uses.
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    global_position INTEGER PRIMARY KEY AUTOINCREMENT,
    stream_id TEXT NOT NULL,
    revision INTEGER NOT NULL,
    type TEXT NOT NULL,
    data TEXT NOT NULL,
    metadata TEXT NOT NULL,
    recorded_at TEXT NOT NULL,
    UNIQUE (stream_id, revision)
  );
`;

/** How many recently appended events are kept decoded for the subscriptions. */
const RECENT_EVENTS = 4096;

const COLUMNS = 'global_position, stream_id, revision, type, data, metadata, recorded_at';

export interface SqliteEventStoreOptions {
  /** How soon subscriptions see events appended by another process over the same file. */
  readonly pollIntervalMs?: number;
  /**
   * `open` only: append from a worker thread with its own connection (default), so the group commit's fsync
   * does not hold the event loop; `false` appends on the event loop, as a store over a given connection does.
   */
  readonly writerThread?: boolean;
  /**
   * `open` only: this process is the file's only writer (embedded mode), held by a lock file for as long as the
   * store is open. The store then knows each stream's last revision (it wrote or read it), and a read of what
   * follows a known revision, as every command's decided state asks (decided-state.ts), needs no query.
   * Without it (MODE=distributed may share the file between API processes) every such read queries the file.
   */
  readonly soleWriter?: boolean;
}

/** Streams whose last revision a sole writer keeps; past that, the oldest known are forgotten (and queried again). */
const KNOWN_STREAMS = 200_000;

/** One caller's append waiting for the next group commit. */
interface PendingAppend {
  readonly streamId: string;
  readonly events: readonly EncodedEvent[];
  readonly expected: ExpectedRevision;
  readonly resolve: (result: AppendResult) => void;
  readonly reject: (error: unknown) => void;
  /** Set inside the transaction; acknowledged only once the commit (and its fsync) returned. */
  outcome?: { ok: true; result: AppendResult; recorded: RecordedEvent[] } | { ok: false; error: unknown };
}

/** An event to append, already serialised (outside the transaction: a bad payload fails its caller only). */
interface EncodedEvent {
  readonly type: string;
  readonly data: string;
  readonly metadata: string;
  /**
   * The appended objects themselves where a JSON round trip would give them back deep-equal (isJsonPlain): the
   * recorded event handed to the subscriptions is then made of them, not parsed back from the text just written.
   * Parsing every appended event again was ~5% of a reservation's event-loop time, and its copies, alive until
   * every projection had them, were the young generation's survivors. Subscribers must not mutate what they get.
   */
  readonly plainData?: Record<string, unknown>;
  readonly plainMetadata?: EventMetadata;
}

const encode = (e: EventToAppend): EncodedEvent => ({
  type: e.type,
  data: JSON.stringify(e.data),
  metadata: JSON.stringify(e.metadata),
  plainData: isJsonPlain(e.data) ? e.data : undefined,
  plainMetadata: isJsonPlain(e.metadata) ? e.metadata : undefined,
});

/** Bounds how long one group commit holds the event loop. */
const MAX_APPENDS_PER_COMMIT = 512;

interface EventRow {
  global_position: number;
  stream_id: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
  recorded_at: string;
}

/**
 * Event store over one SQLite file. SQLite has a single writer, so positions are assigned and become
 * visible in commit order: a reader never sees position n+1 while n is still uncommitted.
 */
export class SqliteEventStore implements EventStore {
  private ownsDatabase = false;
  private readonly subscriptions = new Set<PullSubscription>();
  private readonly statements;
  private readonly appendInSavepoint;
  private readonly commitGuarded;
  private readonly commitFast;
  private readonly pending: PendingAppend[] = [];
  private flushScheduled = false;
  /** A group commit sent to the writer thread and not answered yet: the next one waits (and grows) meanwhile. */
  private inFlight: Promise<void> | undefined;
  private writer: WorkerWriter | undefined;
  /** Group commits made and the appends they carried (the benchmark reports appends per fsync). */
  readonly commitStats = { commits: 0, appends: 0 };
  /** Stream reads asked for, and those answered without a query (a sole writer's known revisions). */
  readonly readStats = { reads: 0, answeredFromMemory: 0 };
  /** A sole writer's last revision of each stream it wrote or read (-1: no such stream); undefined when shared. */
  private knownRevisions: Map<string, number> | undefined;
  private lock: ProcessLock | undefined;
  private checkpoints: BackgroundCheckpoints | undefined;
  /** The newest appended events, decoded, served to subscriptions without reading them back. */
  private recent: RecordedEvent[] = [];

  private readonly pollIntervalMs: number;

  constructor(
    private readonly db: SqliteDatabase,
    options: SqliteEventStoreOptions = {},
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
    db.exec(SCHEMA);
    this.statements = {
      lastRevision: db.prepare<[string], { revision: number | null }>('SELECT MAX(revision) AS revision FROM events WHERE stream_id = ?'),
      head: db.prepare<[], { position: number | null }>('SELECT MAX(global_position) AS position FROM events'),
      insert: db.prepare('INSERT INTO events (stream_id, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?)'),
      readStream: db.prepare<[string, number], EventRow>(`SELECT ${COLUMNS} FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision`),
      readAll: db.prepare<[number, number], EventRow>(`SELECT ${COLUMNS} FROM events WHERE global_position > ? ORDER BY global_position LIMIT ?`),
    };
    // Nested in commitGuarded, better-sqlite3 runs this one as a SAVEPOINT.
    this.appendInSavepoint = db.transaction(this.appendRows.bind(this));
    this.commitGuarded = db.transaction((batch: readonly PendingAppend[]) => {
      for (const append of batch) this.appendOne(append);
    });
    this.commitFast = db.transaction((batch: readonly PendingAppend[]) => {
      for (const append of batch) this.appendUnguarded(append);
    });
  }

  /** A store over its own file; close() closes the file too. */
  static open(filePath: string, options?: SqliteEventStoreOptions): SqliteEventStore {
    const lock = options?.soleWriter && filePath !== ':memory:' ? acquireProcessLock(filePath, 'the embedded event store') : undefined;
    let store: SqliteEventStore;
    try {
      store = new SqliteEventStore(openDatabase(filePath), options);
    } catch (error) {
      lock?.release();
      throw error;
    }
    store.ownsDatabase = true;
    if (options?.soleWriter) {
      store.lock = lock;
      store.knownRevisions = new Map();
    }
    if (filePath !== ':memory:' && options?.writerThread !== false) {
      const writer = (store.writer = new WorkerWriter(filePath, BUSY_TIMEOUT_MS));
      // The writer thread's commits never wait for a WAL checkpoint: another thread runs them. Nor do those of
      // this connection, which commits a sole writer's lone appends.
      writer.setAutocheckpoint(0);
      store.checkpoints = BackgroundCheckpoints.start(store.db, filePath, 'FULL', { alsoLost: (pages) => writer.setAutocheckpoint(pages) });
    }
    return store;
  }

  /**
   * Group commit: appends that arrive while the event loop is busy (the same tick, or while the previous
   * commit ran) are written in ONE transaction with one fsync. Each append still checks its own expected
   * revision inside that transaction, in arrival order, and only a conflicting caller fails; every caller is
   * answered after the commit returned, so nothing is acknowledged before it is durable.
   */
  append(streamId: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    let encoded: EncodedEvent[];
    try {
      encoded = events.map(encode);
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      this.pending.push({ streamId, events: encoded, expected, resolve, reject });
      // setImmediate runs after the I/O callbacks of this loop turn: the requests read in the same turn join.
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(this.flush);
      }
    });
  }

  private readonly flush = (): void => {
    this.flushScheduled = false;
    if (this.inFlight) return; // the answer to the commit in flight flushes what gathered meanwhile
    const batch = this.pending.splice(0, MAX_APPENDS_PER_COMMIT);
    if (batch.length === 0) return;
    // A lone append while the thread is idle (one writer, a quiet moment) is committed here: the thread's round
    // trip (two postMessages) cost a single writer 40% of its rate, and one fsync on the loop is nothing when
    // nothing else waits. Only a sole writer: no other process can hold the write lock it would wait for.
    if (this.writer && !(this.knownRevisions && batch.length === 1)) {
      const writer = this.writer;
      this.inFlight = writer.commit(batch.map(({ streamId, events, expected }) => ({ streamId, events, expected }))).then(
        (outcomes) => this.settle(batch, () => batch.forEach((append, i) => (append.outcome = this.fromThread(append, outcomes[i])))),
        (error: unknown) =>
          this.settle(batch, () => {
            throw error;
          }),
      );
      void this.inFlight.finally(() => {
        this.inFlight = undefined;
        if (this.pending.length > 0) this.flush();
      });
      return;
    }
    if (this.pending.length > 0) {
      this.flushScheduled = true;
      setImmediate(this.flush);
    }
    // IMMEDIATE takes the write lock before any revision is read, so another process cannot slip in between.
    this.settle(batch, () => this.commitGroup(batch));
  };

  /** Runs a group's commit, then answers every caller: none before the commit (and its fsync) returned. */
  private settle(batch: PendingAppend[], commit: () => void): void {
    try {
      commit();
      this.commitStats.commits += 1;
      this.commitStats.appends += batch.length;
    } catch (error) {
      // The commit itself failed (disk, lock timeout): nothing of the batch is written.
      for (const append of batch) append.reject(error);
      return;
    }
    const recorded: RecordedEvent[] = [];
    for (const append of batch) {
      if (!append.outcome?.ok) continue;
      recorded.push(...append.outcome.recorded);
      this.know(append.streamId, append.outcome.result.nextExpectedRevision);
    }
    this.remember(recorded);
    if (recorded.length > 0) for (const subscription of this.subscriptions) subscription.notify();
    for (const append of batch) {
      const outcome = append.outcome!;
      if (outcome.ok) append.resolve(outcome.result);
      else append.reject(outcome.error);
    }
  }

  /** The writer thread's answer for one append, as the in-loop commit would have given it. */
  private fromThread(append: PendingAppend, outcome: AppendOutcome): PendingAppend['outcome'] {
    if (!outcome.ok) {
      return 'conflict' in outcome
        ? { ok: false, error: new WrongExpectedRevisionError(append.streamId, append.expected, toActual(outcome.conflict)) }
        : { ok: false, error: Object.assign(new Error(outcome.error.message), outcome.error.code ? { code: outcome.error.code } : {}) };
    }
    if (outcome.positions.length === 0)
      return { ok: true, result: { nextExpectedRevision: outcome.revision, lastGlobalPosition: outcome.head ?? 0 }, recorded: [] };
    const recorded = append.events.map((event, i) =>
      appendedEvent(event, outcome.positions[i], append.streamId, outcome.revision - append.events.length + 1 + i, outcome.recordedAt!),
    );
    return { ok: true, result: { nextExpectedRevision: outcome.revision, lastGlobalPosition: recorded[recorded.length - 1].globalPosition }, recorded };
  }

  /**
   * The group's transaction without savepoints (they were 40% of a 32-append commit): a refused revision
   * check writes nothing, so it needs none. Any other failure undoes the whole group, which is then redone with
   * each append under its own savepoint, so that only the failing caller fails.
   */
  private commitGroup(batch: readonly PendingAppend[]): void {
    try {
      this.commitFast.immediate(batch);
    } catch {
      this.commitGuarded.immediate(batch);
    }
  }

  /** One caller's append, no savepoint: only a refused revision check (thrown before any row) is its own outcome. */
  private appendUnguarded(append: PendingAppend): void {
    try {
      append.outcome = { ok: true, ...this.appendRows(append.streamId, append.events, append.expected) };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      append.outcome = { ok: false, error };
    }
  }

  /** One caller's append inside the group's transaction, under a savepoint: a failure undoes only its rows. */
  private appendOne(append: PendingAppend): void {
    try {
      append.outcome = { ok: true, ...this.appendInSavepoint(append.streamId, append.events, append.expected) };
    } catch (error) {
      append.outcome = {
        ok: false,
        error: isRevisionConflict(error)
          ? new WrongExpectedRevisionError(append.streamId, append.expected, toActual(this.lastRevision(append.streamId)))
          : error,
      };
    }
  }

  async readStream(streamId: string, options?: { fromRevision?: number }): Promise<RecordedEvent[]> {
    const from = options?.fromRevision ?? 0;
    this.readStats.reads += 1;
    const known = this.knownRevisions?.get(streamId);
    if (known !== undefined && from > known) {
      this.readStats.answeredFromMemory += 1;
      return [];
    }
    const rows = this.statements.readStream.all(streamId, from);
    // The read went to the stream's end: its last row is the last revision (none read from 0: no stream yet).
    if (rows.length > 0) this.know(streamId, rows[rows.length - 1].revision);
    else if (from === 0) this.know(streamId, -1);
    return rows.map(toRecordedEvent);
  }

  knownLastRevision(streamId: string): number | undefined {
    const known = this.knownRevisions?.get(streamId);
    if (known === undefined) return undefined;
    this.readStats.reads += 1;
    this.readStats.answeredFromMemory += 1;
    return known;
  }

  async readAll(options: { fromPosition: number; limit: number }): Promise<RecordedEvent[]> {
    return this.readAfter(options.fromPosition, options.limit);
  }

  async headPosition(): Promise<number> {
    return this.head();
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    const subscription = new PullSubscription(this.readAfter.bind(this), options, this.pollIntervalMs);
    this.subscriptions.add(subscription);
    return {
      stop: async () => {
        this.subscriptions.delete(subscription);
        await subscription.stop();
      },
    };
  }

  async close(): Promise<void> {
    // Appends already accepted are committed (and answered) before the file closes.
    while (this.inFlight || this.pending.length > 0) {
      if (this.inFlight) await this.inFlight.catch(() => undefined);
      else this.flush();
    }
    await this.writer?.close();
    this.writer = undefined;
    await this.checkpoints?.stop();
    this.checkpoints = undefined;
    const subscriptions = [...this.subscriptions];
    this.subscriptions.clear();
    await Promise.all(subscriptions.map((subscription) => subscription.stop()));
    if (this.ownsDatabase) this.db.close();
    this.lock?.release();
    this.lock = undefined;
  }

  private appendRows(streamId: string, events: readonly EncodedEvent[], expected: ExpectedRevision): { result: AppendResult; recorded: RecordedEvent[] } {
    const current = this.lastRevision(streamId);
    if (!satisfies(expected, current)) throw new WrongExpectedRevisionError(streamId, expected, toActual(current));
    if (events.length === 0) return { result: { nextExpectedRevision: current, lastGlobalPosition: this.head() }, recorded: [] };
    const recordedAt = new Date().toISOString();
    let revision = current;
    const recorded: RecordedEvent[] = [];
    for (const event of events) {
      revision += 1;
      const { lastInsertRowid } = this.statements.insert.run(streamId, revision, event.type, event.data, event.metadata, recordedAt);
      recorded.push(appendedEvent(event, Number(lastInsertRowid), streamId, revision, recordedAt));
    }
    return { result: { nextExpectedRevision: revision, lastGlobalPosition: recorded[recorded.length - 1].globalPosition }, recorded };
  }

  /**
   * A sole writer's record of a stream's last revision. Never lowered: a read that began before a commit
   * settled may report the revision before it. Only committed revisions are recorded, so a read answered
   * from here may miss an append still in flight, which no caller has been told of yet.
   */
  private know(streamId: string, revision: number): void {
    const known = this.knownRevisions;
    if (!known) return;
    const current = known.get(streamId);
    if (current !== undefined && current >= revision) return;
    known.set(streamId, revision);
    if (known.size > KNOWN_STREAMS) known.delete(known.keys().next().value!);
  }

  /** Keeps the newest committed events (decoded once, exactly as a read would give them) for the subscriptions. */
  private remember(recorded: readonly RecordedEvent[]): void {
    if (recorded.length === 0) return;
    this.recent.push(...recorded);
    if (this.recent.length > RECENT_EVENTS * 2) this.recent = this.recent.slice(-RECENT_EVENTS);
  }

  /**
   * Events after `fromPosition`. Served from the recently appended events while they follow on without a
   * gap (positions n, n+1, ... prove that no other writer, e.g. another process on the file, committed in
   * between); anything else is read from the file. Subscribers get shared objects, plain appended data the
   * appender's own (EncodedEvent): they must not mutate them.
   */
  private readAfter(fromPosition: number, limit: number): RecordedEvent[] {
    const recent = this.recent;
    let start = -1;
    if (recent.length > 0 && recent[0].globalPosition <= fromPosition + 1) {
      start = recent.findIndex((e) => e.globalPosition === fromPosition + 1);
    }
    if (start === -1) return this.statements.readAll.all(fromPosition, limit).map(toRecordedEvent);
    let end = start + 1;
    while (end < recent.length && end - start < limit && recent[end].globalPosition === recent[end - 1].globalPosition + 1) end++;
    return recent.slice(start, end);
  }

  /** Revision of the stream's last event, -1 when the stream does not exist. */
  private lastRevision(streamId: string): number {
    return this.statements.lastRevision.get(streamId)?.revision ?? -1;
  }

  private head(): number {
    return this.statements.head.get()?.position ?? 0;
  }
}

function satisfies(expected: ExpectedRevision, current: number): boolean {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return current === -1;
    case 'stream_exists':
      return current >= 0;
    default:
      return current === expected;
  }
}

function toActual(revision: number): number | 'no_stream' {
  return revision === -1 ? 'no_stream' : revision;
}

/**
 * The UNIQUE(stream_id, revision) constraint refused an insert: another writer took that revision since
 * the read. Recognised by code and message, not `instanceof SqliteError`: the native addon keeps the
 * SqliteError class of the first copy of better-sqlite3 loaded in the process, and a module registry that
 * loads it again (Jest, per test file) would hold a different class.
 */
function isRevisionConflict(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof message === 'string' && message.includes('events.stream_id, events.revision');
}

/** An event just appended, as a read of its row would give it (see EncodedEvent's plain fields). */
function appendedEvent(event: EncodedEvent, globalPosition: number, streamId: string, revision: number, recordedAt: string): RecordedEvent {
  return {
    streamId,
    revision,
    globalPosition,
    type: internedType(event.type),
    data: event.plainData ?? (JSON.parse(event.data) as Record<string, unknown>),
    metadata: event.plainMetadata ?? (JSON.parse(event.metadata) as EventMetadata),
    recordedAt,
  };
}

function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    streamId: row.stream_id,
    revision: row.revision,
    globalPosition: row.global_position,
    type: internedType(row.type),
    data: JSON.parse(row.data) as Record<string, unknown>,
    metadata: JSON.parse(row.metadata) as EventMetadata,
    recordedAt: row.recorded_at,
  };
}
