import { isKept, type SessionRecord, type SessionsKept, type SessionStore } from '../../kernel/ports/session-store';
import { BackgroundCheckpoints, truncateWal } from './background-checkpoints';
import { openDatabase, type SqliteDatabase } from './sqlite-database';

// Instants are ISO-8601 UTC strings (Date.toISOString), which order correctly as text.
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS sessions (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('cookie', 'refresh')),
    user_id TEXT NOT NULL,
    family_id TEXT,
    created_at TEXT NOT NULL,
    last_activity_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    remember INTEGER NOT NULL,
    rotated_at TEXT
  );
  CREATE INDEX IF NOT EXISTS sessions_by_user ON sessions (user_id);
  CREATE INDEX IF NOT EXISTS sessions_by_family ON sessions (family_id);
  CREATE INDEX IF NOT EXISTS sessions_by_expiry ON sessions (expires_at);
`;

interface SessionRow {
  id: string;
  kind: 'cookie' | 'refresh';
  user_id: string;
  family_id: string | null;
  created_at: string;
  last_activity_at: string;
  expires_at: string;
  remember: number;
  rotated_at: string | null;
}

/** Sessions kept in memory (a few hundred bytes each); the oldest looked-up one makes room. */
const CACHED_SESSIONS = 10_000;

export class SqliteSessionStore implements SessionStore {
  private ownsDatabase = false;
  private checkpoints: BackgroundCheckpoints | undefined;
  private readonly statements;
  /**
   * Records as this store last wrote or read them, by id: every authenticated request looks its session up, and
   * the query was ~2% of a reservation's CPU. Only this instance writes the file (the data directory's lock keeps
   * other processes out), and each of its writes below updates or drops what it changed, so a revoked session is
   * gone from here when it is gone from the table. Frozen: callers share them.
   */
  private readonly cached = new Map<string, SessionRecord>();

  constructor(private readonly db: SqliteDatabase) {
    db.exec(SCHEMA);
    this.statements = {
      put: db.prepare<[SessionRow]>(
        `INSERT OR REPLACE INTO sessions (id, kind, user_id, family_id, created_at, last_activity_at, expires_at, remember, rotated_at)
         VALUES (@id, @kind, @user_id, @family_id, @created_at, @last_activity_at, @expires_at, @remember, @rotated_at)`,
      ),
      get: db.prepare<[string], SessionRow>('SELECT * FROM sessions WHERE id = ?'),
      // The new last activity is the caller's "now": a session that expired before it cannot be revived.
      touch: db.prepare<[{ id: string; lastActivityAt: string; expiresAt: string }], SessionRow>(
        `UPDATE sessions SET last_activity_at = @lastActivityAt, expires_at = @expiresAt
         WHERE id = @id AND expires_at >= @lastActivityAt RETURNING *`,
      ),
      // The WHERE clause is the atomic test-and-set: of two concurrent rotations only one changes a row.
      markRotated: db.prepare<[string, string]>('UPDATE sessions SET rotated_at = ? WHERE id = ? AND rotated_at IS NULL'),
      delete: db.prepare<[string]>('DELETE FROM sessions WHERE id = ?'),
      // `IS NOT ?` with NULL keeps nothing back: every id, and every family, differs from "none".
      deleteByUser: db.prepare<[string, string | null, string | null]>(
        'DELETE FROM sessions WHERE user_id = ? AND id IS NOT ? AND (family_id IS NULL OR family_id IS NOT ?)',
      ),
      countByUser: db.prepare<[string, string], { n: number }>('SELECT COUNT(*) AS n FROM sessions WHERE user_id = ? AND expires_at > ?'),
      deleteFamily: db.prepare<[string]>('DELETE FROM sessions WHERE family_id = ?'),
      familyIsLive: db.prepare<[string, string], { live: number }>('SELECT 1 AS live FROM sessions WHERE family_id = ? AND expires_at > ? LIMIT 1'),
      purgeExpired: db.prepare<[string]>('DELETE FROM sessions WHERE expires_at < ?'),
    };
  }

  /** A store over its own file; close() closes the file too. */
  static open(filePath: string): SqliteSessionStore {
    const db = openDatabase(filePath, { durability: 'normal' });
    // An erased person's sessions must not survive as free-page bytes in the file (Ley 21.719 erasure).
    db.pragma('secure_delete = ON');
    const store = new SqliteSessionStore(db);
    store.ownsDatabase = true;
    // Written on the event loop: its WAL checkpoints run in a thread instead (background-checkpoints.ts).
    if (filePath !== ':memory:') store.checkpoints = BackgroundCheckpoints.start(db, filePath, 'NORMAL');
    return store;
  }

  async put(session: SessionRecord): Promise<void> {
    this.cached.delete(session.id);
    this.statements.put.run(toRow(session));
  }

  async get(id: string): Promise<SessionRecord | null> {
    const known = this.cached.get(id);
    if (known) return known;
    const row = this.statements.get.get(id);
    return row ? this.remember(toRecord(row)) : null;
  }

  async touch(id: string, lastActivityAt: string, expiresAt: string): Promise<SessionRecord | null> {
    this.cached.delete(id);
    const row = this.statements.touch.get({ id, lastActivityAt, expiresAt });
    return row ? this.remember(toRecord(row)) : null;
  }

  async markRotated(id: string, at: string): Promise<boolean> {
    this.cached.delete(id);
    return this.statements.markRotated.run(at, id).changes === 1;
  }

  async delete(id: string): Promise<void> {
    this.cached.delete(id);
    this.statements.delete.run(id);
  }

  async deleteByUser(userId: string, keep?: SessionsKept): Promise<void> {
    this.forget((record) => record.userId === userId && !isKept(record, keep));
    this.statements.deleteByUser.run(userId, keep?.sessionId ?? null, keep?.familyId ?? null);
  }

  async countByUser(userId: string, now: string): Promise<number> {
    return this.statements.countByUser.get(userId, now)?.n ?? 0;
  }

  async purgeDeletedBytes(): Promise<void> {
    await truncateWal(this.db);
  }

  async deleteFamily(familyId: string): Promise<void> {
    this.forget((record) => record.familyId === familyId);
    this.statements.deleteFamily.run(familyId);
  }

  async familyIsLive(familyId: string, now: string): Promise<boolean> {
    return this.statements.familyIsLive.get(familyId, now) !== undefined;
  }

  async purgeExpired(now: string): Promise<number> {
    this.forget((record) => record.expiresAt < now);
    return this.statements.purgeExpired.run(now).changes;
  }

  private remember(record: SessionRecord): SessionRecord {
    const frozen = Object.freeze(record);
    this.cached.set(record.id, frozen);
    if (this.cached.size > CACHED_SESSIONS) this.cached.delete(this.cached.keys().next().value!);
    return frozen;
  }

  private forget(matches: (record: SessionRecord) => boolean): void {
    for (const [id, record] of this.cached) if (matches(record)) this.cached.delete(id);
  }

  async close(): Promise<void> {
    await this.checkpoints?.stop();
    this.checkpoints = undefined;
    if (this.ownsDatabase) this.db.close();
  }
}

function toRow(session: SessionRecord): SessionRow {
  return {
    id: session.id,
    kind: session.kind,
    user_id: session.userId,
    family_id: session.familyId ?? null,
    created_at: session.createdAt,
    last_activity_at: session.lastActivityAt,
    expires_at: session.expiresAt,
    remember: session.remember ? 1 : 0,
    rotated_at: session.rotatedAt ?? null,
  };
}

function toRecord(row: SessionRow): SessionRecord {
  return {
    id: row.id,
    kind: row.kind,
    userId: row.user_id,
    ...(row.family_id === null ? {} : { familyId: row.family_id }),
    createdAt: row.created_at,
    lastActivityAt: row.last_activity_at,
    expiresAt: row.expires_at,
    remember: row.remember === 1,
    ...(row.rotated_at === null ? {} : { rotatedAt: row.rotated_at }),
  };
}
