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
} from '../../application/ports/event-store';
import { PullSubscription } from './pull-subscription';
import { openDatabase, type SqliteDatabase } from './sqlite-database';

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

const COLUMNS = 'global_position, stream_id, revision, type, data, metadata, recorded_at';

export interface SqliteEventStoreOptions {
  /** How soon subscriptions see events appended by another process over the same file. */
  readonly pollIntervalMs?: number;
}

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
  private readonly appendInTransaction;

  private readonly pollIntervalMs: number;

  constructor(
    private readonly db: SqliteDatabase,
    options: SqliteEventStoreOptions = {},
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
    db.exec(SCHEMA);
    this.statements = {
      lastRevision: db.prepare<[string], { revision: number | null }>(
        'SELECT MAX(revision) AS revision FROM events WHERE stream_id = ?',
      ),
      head: db.prepare<[], { position: number | null }>('SELECT MAX(global_position) AS position FROM events'),
      insert: db.prepare(
        'INSERT INTO events (stream_id, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      readStream: db.prepare<[string, number], EventRow>(
        `SELECT ${COLUMNS} FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision`,
      ),
      readAll: db.prepare<[number, number], EventRow>(
        `SELECT ${COLUMNS} FROM events WHERE global_position > ? ORDER BY global_position LIMIT ?`,
      ),
    };
    this.appendInTransaction = db.transaction(this.appendRows.bind(this));
  }

  /** A store over its own file; close() closes the file too. */
  static open(filePath: string, options?: SqliteEventStoreOptions): SqliteEventStore {
    const store = new SqliteEventStore(openDatabase(filePath), options);
    store.ownsDatabase = true;
    return store;
  }

  async append(streamId: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    let result: AppendResult;
    try {
      // IMMEDIATE takes the write lock before the revision is read, so another process cannot slip in between.
      result = this.appendInTransaction.immediate(streamId, events, expected);
    } catch (error) {
      if (isRevisionConflict(error)) {
        throw new WrongExpectedRevisionError(streamId, expected, toActual(this.lastRevision(streamId)));
      }
      throw error;
    }
    if (events.length > 0) for (const subscription of this.subscriptions) subscription.notify();
    return result;
  }

  async readStream(streamId: string, options?: { fromRevision?: number }): Promise<RecordedEvent[]> {
    return this.statements.readStream.all(streamId, options?.fromRevision ?? 0).map(toRecordedEvent);
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
    const subscriptions = [...this.subscriptions];
    this.subscriptions.clear();
    await Promise.all(subscriptions.map((subscription) => subscription.stop()));
    if (this.ownsDatabase) this.db.close();
  }

  private appendRows(streamId: string, events: readonly EventToAppend[], expected: ExpectedRevision): AppendResult {
    const current = this.lastRevision(streamId);
    if (!satisfies(expected, current)) throw new WrongExpectedRevisionError(streamId, expected, toActual(current));
    if (events.length === 0) return { nextExpectedRevision: current, lastGlobalPosition: this.head() };
    const recordedAt = new Date().toISOString();
    let revision = current;
    let lastGlobalPosition = 0;
    for (const event of events) {
      revision += 1;
      const { lastInsertRowid } = this.statements.insert.run(
        streamId,
        revision,
        event.type,
        JSON.stringify(event.data),
        JSON.stringify(event.metadata),
        recordedAt,
      );
      lastGlobalPosition = Number(lastInsertRowid);
    }
    return { nextExpectedRevision: revision, lastGlobalPosition };
  }

  private readAfter(fromPosition: number, limit: number): RecordedEvent[] {
    return this.statements.readAll.all(fromPosition, limit).map(toRecordedEvent);
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

function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    streamId: row.stream_id,
    revision: row.revision,
    globalPosition: row.global_position,
    type: row.type,
    data: JSON.parse(row.data) as Record<string, unknown>,
    metadata: JSON.parse(row.metadata) as EventMetadata,
    recordedAt: row.recorded_at,
  };
}
