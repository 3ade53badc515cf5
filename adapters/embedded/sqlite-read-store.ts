import type { Document, DocumentCollection, ReadStore } from '../../application/ports/read-store';
import { buildIndex, CollectionIndexes } from './collection-indexes';
import { DocumentTables } from './document-tables';
import { openDatabase, type SqliteDatabase } from './sqlite-database';
import { SqliteDocumentCollection, type CollectionHost, type CollectionState } from './sqlite-document-collection';

/**
 * Document read store: each collection is loaded from SQLite into memory on first use and written through
 * to SQLite on every write. It assumes one process owns the data: another process's writes are not seen.
 */
export class SqliteReadStore implements ReadStore {
  private ownsDatabase = false;
  private readonly loaded = new Map<string, CollectionState>();
  private readonly host: CollectionHost;

  constructor(private readonly db: SqliteDatabase) {
    const tables = new DocumentTables(db);
    this.host = { tables, state: (name) => this.state(name) };
  }

  /** A store over its own file; close() closes the file too. */
  static open(filePath: string): SqliteReadStore {
    const db = openDatabase(filePath, { durability: 'normal' });
    // Scrubbed personal data must not survive as free-page bytes in the file (Ley 21.719 erasure).
    db.pragma('secure_delete = ON');
    const store = new SqliteReadStore(db);
    store.ownsDatabase = true;
    return store;
  }

  collection<T extends Document = Document>(name: string): DocumentCollection<T> {
    return new SqliteDocumentCollection<T>(name, this.host);
  }

  async listCollections(): Promise<string[]> {
    return this.host.tables.list();
  }

  async dropCollection(name: string): Promise<void> {
    this.host.tables.drop(name);
    this.loaded.delete(name);
  }

  async renameCollection(from: string, to: string): Promise<void> {
    if (from === to) throw new Error(`Cannot rename collection ${from} to itself`);
    if (!this.host.tables.exists(from)) throw new Error(`Cannot rename collection ${from}: it does not exist`);
    const state = this.state(from);
    this.host.tables.rename(from, to);
    this.loaded.delete(from);
    this.loaded.set(to, state);
  }

  async purgeDeletedBytes(): Promise<void> {
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  async close(): Promise<void> {
    if (this.ownsDatabase) this.db.close();
  }

  private state(name: string): CollectionState {
    let state = this.loaded.get(name);
    if (!state) {
      const docs = new Map(this.host.tables.loadDocuments(name).map((doc) => [doc._id, doc]));
      const indexes = new CollectionIndexes();
      for (const definition of this.host.tables.loadIndexes(name)) indexes.add(buildIndex(name, definition, docs.values()));
      state = { docs, indexes };
      this.loaded.set(name, state);
    }
    return state;
  }
}
