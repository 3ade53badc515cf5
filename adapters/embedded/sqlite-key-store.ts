import { SubjectErasedError, type KeyStore } from '../../kernel/ports/key-store';
import { DataKeyWrapping } from '../../application/personal-data/data-key-wrapping';
import { openDatabase, type SqliteDatabase } from './sqlite-database';

// A row per subject: a wrapped key while live; once erased, no key and the erasure instant (a tombstone).
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS subject_keys (
    subject_id TEXT PRIMARY KEY,
    wrapped_key BLOB,
    created_at TEXT NOT NULL,
    erased_at TEXT,
    CHECK ((wrapped_key IS NULL) = (erased_at IS NOT NULL))
  );
`;

interface KeyRow {
  wrapped_key: Buffer | null;
  erased_at: string | null;
}

/**
 * Data keys in their own SQLite file (`$DATA_DIR/keys.sqlite`): a copy of events.sqlite never travels with
 * its keys, and a shred can rewrite this small file without touching the event log.
 *
 * A shredded key must not survive on disk: secure_delete=ON makes SQLite overwrite freed cells and pages
 * with zeros, and a TRUNCATE checkpoint after each shred moves the zeroed page into the main file and
 * empties the WAL, whose older frames still held the key.
 */
const KEYS_KEPT = 10_000;

export class SqliteKeyStore implements KeyStore {
  private readonly statements;
  /**
   * Unwrapped keys of live subjects, most recently used last: unwrapping and the row read were ~3% of a
   * reservation's CPU. Safe because one process owns an embedded data directory (as the read store assumes),
   * and a shred drops the subject's entry before it deletes the row.
   */
  private readonly unwrapped = new Map<string, Buffer>();

  private constructor(
    private readonly db: SqliteDatabase,
    private readonly wrapping: DataKeyWrapping,
  ) {
    db.pragma('secure_delete = ON');
    db.exec(SCHEMA);
    this.statements = {
      insert: db.prepare<[string, Buffer, string]>('INSERT OR IGNORE INTO subject_keys (subject_id, wrapped_key, created_at) VALUES (?, ?, ?)'),
      get: db.prepare<[string], KeyRow>('SELECT wrapped_key, erased_at FROM subject_keys WHERE subject_id = ?'),
      shred: db.prepare<[{ subjectId: string; erasedAt: string }]>(
        `INSERT INTO subject_keys (subject_id, wrapped_key, created_at, erased_at) VALUES (@subjectId, NULL, @erasedAt, @erasedAt)
         ON CONFLICT (subject_id) DO UPDATE SET wrapped_key = NULL, erased_at = COALESCE(erased_at, excluded.erased_at)`,
      ),
      live: db.prepare<[], { subject_id: string }>('SELECT subject_id FROM subject_keys WHERE wrapped_key IS NOT NULL'),
    };
  }

  /** Opens (creating if needed) the key file; the platform secret wraps the keys (adapters/config.ts). */
  static open(file: string, platformSecret: string): SqliteKeyStore {
    return new SqliteKeyStore(openDatabase(file), DataKeyWrapping.fromPlatformSecret(platformSecret));
  }

  async dataKeyFor(subjectId: string): Promise<Buffer> {
    const known = this.remembered(subjectId);
    if (known) return known;
    // INSERT OR IGNORE then read back, in one transaction: of two first uses (even in two processes) one
    // key wins and both get it.
    const row =
      this.statements.get.get(subjectId) ??
      this.db
        .transaction(() => {
          this.statements.insert.run(subjectId, this.wrapping.wrap(subjectId, DataKeyWrapping.newDataKey()), new Date().toISOString());
          return this.statements.get.get(subjectId);
        })
        .immediate();
    if (!row?.wrapped_key) throw new SubjectErasedError(subjectId);
    return this.remember(subjectId, this.wrapping.unwrap(subjectId, row.wrapped_key));
  }

  async find(subjectId: string): Promise<Buffer | null> {
    const known = this.remembered(subjectId);
    if (known) return known;
    const row = this.statements.get.get(subjectId);
    return row?.wrapped_key ? this.remember(subjectId, this.wrapping.unwrap(subjectId, row.wrapped_key)) : null;
  }

  async shred(subjectId: string, erasedAt: string): Promise<void> {
    this.unwrapped.delete(subjectId);
    this.statements.shred.run({ subjectId, erasedAt });
    const [result] = this.db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
    // Another connection reading an old snapshot keeps the WAL alive; its frames are overwritten or dropped
    // at a later checkpoint, and the next shred tries again.
    if (result?.busy) throw new Error(`keys file busy: the shred of ${subjectId} is recorded, but the WAL still holds old pages`);
  }

  async isErased(subjectId: string): Promise<boolean> {
    return Boolean(this.statements.get.get(subjectId)?.erased_at);
  }

  async listSubjects(): Promise<string[]> {
    return this.statements.live.all().map((row) => row.subject_id);
  }

  async close(): Promise<void> {
    this.unwrapped.clear();
    if (this.db.open) this.db.close();
  }

  private remembered(subjectId: string): Buffer | undefined {
    const key = this.unwrapped.get(subjectId);
    if (key) {
      this.unwrapped.delete(subjectId);
      this.unwrapped.set(subjectId, key);
    }
    return key;
  }

  private remember(subjectId: string, key: Buffer): Buffer {
    this.unwrapped.set(subjectId, key);
    if (this.unwrapped.size > KEYS_KEPT) this.unwrapped.delete(this.unwrapped.keys().next().value!);
    return key;
  }
}
