import type { Document, DocumentCollection, ReadStore, ReadStoreBatch } from '../../kernel/ports/read-store';
import { buildIndex, CollectionIndexes } from './collection-indexes';
import { DocumentTables, type DocumentFollower } from './document-tables';
import { EVERY_STORED_OBJECT } from './document-updates';
import { BackgroundCheckpoints, truncateWal } from './background-checkpoints';
import { openDatabase, type SqliteDatabase } from './sqlite-database';
import { SqlWriterThread } from './sql-writer-thread';
import { SqliteDocumentCollection, type CollectionHost, type CollectionState } from './sqlite-document-collection';

/**
 * Document read store: each collection is loaded from SQLite into memory on first use and written through
 * to SQLite on every write. It assumes one process owns the data: another process's writes are not seen.
 */
/**
 * Documents a batch may hold changed before `commitSoFar` writes them: ~6-8 ms of JSON and SQLite, where the
 * ~2,700 documents of a 2,000-event delivery under the reservation load held the event loop 20 ms in one commit.
 * Each early commit writes the delivery's busiest documents (catalogue cards, rollups, day rows) again: at 256 a
 * delivery rewrote them ~10 times, and 1,024 gave ~3% more reservations a second with the same longest stalls
 * (eight rounds in turns, docs/benchmarks.md, twenty-fifth pass).
 */
const COMMIT_SO_FAR_AT = 1_024;

export class SqliteReadStore implements ReadStore {
  private ownsDatabase = false;
  private checkpoints: BackgroundCheckpoints | undefined;
  private readonly loaded = new Map<string, CollectionState>();
  private readonly host: CollectionHost;
  private readonly tables: DocumentTables;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly thread?: SqlWriterThread,
  ) {
    const tables = new DocumentTables(db, thread);
    this.tables = tables;
    this.host = { tables, state: (name) => this.state(name), failed: (name) => this.reload([name]) };
  }

  /**
   * A store over its own file; close() closes the file too. `writerThread`: the file's writes run in a thread of
   * their own (sql-writer-thread.ts), built on the event loop and written there, as the server runs it; without
   * it, on this connection before each write returns.
   */
  static open(filePath: string, options: { writerThread?: boolean } = {}): SqliteReadStore {
    const db = openDatabase(filePath, { durability: 'normal' });
    // Scrubbed personal data must not survive as free-page bytes in the file (Ley 21.719 erasure).
    db.pragma('secure_delete = ON');
    const thread = options.writerThread && filePath !== ':memory:' ? new SqlWriterThread(filePath, 'NORMAL') : undefined;
    const store = new SqliteReadStore(db, thread);
    store.ownsDatabase = true;
    // Its WAL checkpoints run in a thread instead of inside a commit (background-checkpoints.ts).
    if (filePath !== ':memory:') {
      thread?.setAutocheckpoint(0);
      store.checkpoints = BackgroundCheckpoints.start(db, filePath, 'NORMAL', { alsoLost: (pages) => thread?.setAutocheckpoint(pages) });
    }
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
    const dropped = this.tables.drop(name);
    this.loaded.delete(name);
    await dropped;
  }

  async renameCollection(from: string, to: string): Promise<void> {
    if (from === to) throw new Error(`Cannot rename collection ${from} to itself`);
    if (!this.tables.exists(from)) throw new Error(`Cannot rename collection ${from}: it does not exist`);
    const state = this.state(from);
    const renamed = this.tables.rename(from, to);
    this.loaded.delete(from);
    this.loaded.set(to, state);
    await renamed;
  }

  /**
   * Runs `work` against a view of this store whose writes are applied to memory at once (every reader sees
   * them) and written to SQLite together when it settles: one transaction, each changed document serialised
   * once however many writes it took. A projection's delivery (documents, then checkpoint) is one batch.
   * If that transaction fails, the collections it touched are reloaded from SQLite, so memory never holds
   * what the file does not. With a writer thread, each part written so far (commitSoFar) is in flight while the
   * batch goes on, and the batch resolves once all of them are in the file.
   */
  async batch<T>(work: (store: ReadStoreBatch) => Promise<T>): Promise<T> {
    const dirty = new Map<string, Set<string>>();
    let pending = 0;
    const tables = this.tables;
    const touched = new Set<string>();
    const inFlight: Promise<void>[] = [];
    const writeDirty = () => {
      for (const name of dirty.keys()) touched.add(name);
      const written = tables.writeCurrent(dirty, (name: string) => this.state(name).docs);
      if (written) inFlight.push(written);
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
    const view: ReadStoreBatch = {
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
      purgeDeletedBytes: () => this.purgeDeletedBytes(),
      batch: (inner) => inner(view),
      close: async () => undefined,
    };
    try {
      return await work(view);
    } finally {
      // A failure throws from here: the batch is not durable, and its caller must know.
      try {
        if (dirty.size > 0) writeDirty();
        if (inFlight.length > 0) await Promise.all(inFlight);
      } catch (error) {
        await this.reload([...touched]);
        // eslint-disable-next-line no-unsafe-finally
        throw error;
      }
    }
  }

  /** After a failed write: what was in flight settles, then `collections` are read from the file again when next used. */
  private async reload(collections: readonly string[]): Promise<void> {
    await this.thread?.settled();
    for (const name of collections) this.loaded.delete(name);
  }

  async preload(): Promise<{ collections: number; documents: number }> {
    let documents = 0;
    const names = this.tables.list();
    for (const name of names) documents += this.state(name).docs.size;
    return { collections: names.length, documents };
  }

  async purgeDeletedBytes(): Promise<void> {
    await this.thread?.settled();
    await truncateWal(this.db);
  }

  async close(): Promise<void> {
    await this.thread?.close();
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
