import type { Document, DocumentCollection, ReadStore } from '../../application/ports/read-store';
import { buildIndex, CollectionIndexes } from './collection-indexes';
import { DocumentTables, type DocumentFollower } from './document-tables';
import { EVERY_STORED_OBJECT } from './document-updates';
import { BackgroundCheckpoints, truncateWal } from './background-checkpoints';
import { openDatabase, type SqliteDatabase } from './sqlite-database';
import { SqliteDocumentCollection, type CollectionHost, type CollectionState } from './sqlite-document-collection';

/**
 * Document read store: each collection is loaded from SQLite into memory on first use and written through
 * to SQLite on every write. It assumes one process owns the data: another process's writes are not seen.
 */
/**
 * Documents a batch may hold changed before `commitSoFar` writes them: ~2 ms of JSON and SQLite, where the
 * ~2,700 documents of a 2,000-event delivery under the reservation load held the event loop 20 ms in one commit.
 */
const COMMIT_SO_FAR_AT = 256;

export class SqliteReadStore implements ReadStore {
  private ownsDatabase = false;
  private checkpoints: BackgroundCheckpoints | undefined;
  private readonly loaded = new Map<string, CollectionState>();
  private readonly host: CollectionHost;
  private readonly tables: DocumentTables;

  constructor(private readonly db: SqliteDatabase) {
    const tables = new DocumentTables(db);
    this.tables = tables;
    this.host = { tables, state: (name) => this.state(name) };
  }

  /** A store over its own file; close() closes the file too. */
  static open(filePath: string): SqliteReadStore {
    const db = openDatabase(filePath, { durability: 'normal' });
    // Scrubbed personal data must not survive as free-page bytes in the file (Ley 21.719 erasure).
    db.pragma('secure_delete = ON');
    const store = new SqliteReadStore(db);
    store.ownsDatabase = true;
    // Written on the event loop: its WAL checkpoints run in a thread instead (background-checkpoints.ts).
    if (filePath !== ':memory:') store.checkpoints = BackgroundCheckpoints.start(db, filePath, 'NORMAL');
    return store;
  }

  /** The connection on the read-model file: the catalogue index keeps its tables beside the documents. */
  get database(): SqliteDatabase {
    return this.db;
  }

  collection<T extends Document = Document>(name: string): DocumentCollection<T> {
    return new SqliteDocumentCollection<T>(name, this.host);
  }

  /**
   * A table derived from documents, kept in this file: `follower` sees every document as it is made durable, in
   * the same transaction (a batch's documents once each, at its end). A failing follower fails that write.
   */
  follow(follower: DocumentFollower): void {
    this.tables.follow(follower);
  }

  async listCollections(): Promise<string[]> {
    return this.tables.list();
  }

  async dropCollection(name: string): Promise<void> {
    this.tables.drop(name);
    this.loaded.delete(name);
  }

  async renameCollection(from: string, to: string): Promise<void> {
    if (from === to) throw new Error(`Cannot rename collection ${from} to itself`);
    if (!this.tables.exists(from)) throw new Error(`Cannot rename collection ${from}: it does not exist`);
    const state = this.state(from);
    this.tables.rename(from, to);
    this.loaded.delete(from);
    this.loaded.set(to, state);
  }

  /**
   * Runs `work` against a view of this store whose writes are applied to memory at once (every reader sees
   * them) and written to SQLite together when it settles: one transaction, each changed document serialised
   * once however many writes it took. A projection's delivery (documents, then checkpoint) is one batch.
   * If that transaction fails, the collections it touched are reloaded from SQLite, so memory never holds
   * what the file does not.
   */
  async batch<T>(work: (store: ReadStore) => Promise<T>): Promise<T> {
    const dirty = new Map<string, Set<string>>();
    let pending = 0;
    const tables = this.tables;
    const writeDirty = () => {
      try {
        tables.writeCurrent(dirty, (name: string) => this.state(name).docs);
      } catch (error) {
        for (const name of dirty.keys()) this.loaded.delete(name);
        throw error;
      }
    };
    const host: CollectionHost = {
      state: this.host.state,
      owned: EVERY_STORED_OBJECT,
      tables: {
        write: (collection, changes) => {
          let ids = dirty.get(collection);
          if (!ids) dirty.set(collection, (ids = new Set()));
          for (const { id } of changes) {
            if (ids.has(id)) continue;
            ids.add(id);
            pending++;
          }
        },
        saveIndex: (collection, definition) => tables.saveIndex(collection, definition),
      },
    };
    const view: ReadStore = {
      collection: <D extends Document>(name: string) => new SqliteDocumentCollection<D>(name, host),
      listCollections: () => this.listCollections(),
      dropCollection: (name) => this.dropCollection(name),
      renameCollection: (from, to) => this.renameCollection(from, to),
      commitSoFar: () => {
        if (pending < COMMIT_SO_FAR_AT) return;
        writeDirty();
        dirty.clear();
        pending = 0;
      },
      close: async () => undefined,
    };
    try {
      return await work(view);
    } finally {
      // A failure throws from here: the batch is not durable, and its caller must know.
      if (dirty.size > 0) writeDirty();
    }
  }

  async preload(): Promise<{ collections: number; documents: number }> {
    let documents = 0;
    const names = this.tables.list();
    for (const name of names) documents += this.state(name).docs.size;
    return { collections: names.length, documents };
  }

  async purgeDeletedBytes(): Promise<void> {
    await truncateWal(this.db);
  }

  async close(): Promise<void> {
    await this.checkpoints?.stop();
    this.checkpoints = undefined;
    if (this.ownsDatabase) this.db.close();
  }

  private state(name: string): CollectionState {
    let state = this.loaded.get(name);
    if (!state) {
      const docs = new Map<string, Document>();
      for (const doc of this.tables.loadDocuments(name)) docs.set(doc._id, doc);
      const indexes = new CollectionIndexes(docs);
      for (const definition of this.tables.loadIndexes(name)) indexes.add(buildIndex(name, definition, docs.values()));
      state = { docs, indexes };
      this.loaded.set(name, state);
    }
    return state;
  }
}
