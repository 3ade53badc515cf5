import type { Document } from '../../kernel/ports/read-store';
import type { DocumentChange, IndexDefinition } from './collection-indexes';
import type { SqliteDatabase } from './sqlite-database';
import type { SqlWriterThread } from './sql-writer-thread';

// A collection exists from its first write or index until dropped, even when empty, as in MongoDB.
// Documents and indexes follow their collection by foreign key: a drop cascades, a rename is one UPDATE.
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS collections (name TEXT PRIMARY KEY);
  CREATE TABLE IF NOT EXISTS documents (
    collection TEXT NOT NULL REFERENCES collections (name) ON UPDATE CASCADE ON DELETE CASCADE,
    id TEXT NOT NULL,
    doc TEXT NOT NULL,
    PRIMARY KEY (collection, id)
  );
  CREATE TABLE IF NOT EXISTS collection_indexes (
    collection TEXT NOT NULL REFERENCES collections (name) ON UPDATE CASCADE ON DELETE CASCADE,
    name TEXT NOT NULL,
    definition TEXT NOT NULL,
    PRIMARY KEY (collection, name)
  );
`;

/** What a collection writes through: the tables themselves, or a batch that writes them later. */
export interface DocumentWriter {
  /** Done when it returns, or (writer thread) once the promise resolves. */
  write(collection: string, changes: readonly DocumentChange[]): void | Promise<void>;
  saveIndex(collection: string, definition: IndexDefinition): void | Promise<void>;
}

/** The statements of one write transaction, to which a follower adds its own table's rows. */
export interface SqlWrites {
  run(sql: string, ...params: unknown[]): void;
  /** `settle` runs once the transaction is in the file or has failed (with a writer thread, it is in flight meanwhile). */
  afterwards(settle: () => void): void;
}

/**
 * Told of every document made durable (absent = deleted), inside the transaction that writes it: a table derived
 * from a collection (the catalogue index) is then written with its documents or not at all, once per document
 * however many updates a batch made to it. It writes through `sql`, never on a connection of its own.
 */
export type DocumentFollower = (collection: string, id: string, doc: Document | undefined, sql: SqlWrites) => void;

const ENSURE_COLLECTION = 'INSERT OR IGNORE INTO collections (name) VALUES (?)';
const SAVE_DOCUMENT = 'INSERT INTO documents (collection, id, doc) VALUES (?, ?, ?) ON CONFLICT (collection, id) DO UPDATE SET doc = excluded.doc';
const DELETE_DOCUMENT = 'DELETE FROM documents WHERE collection = ? AND id = ?';
const SAVE_INDEX = 'INSERT INTO collection_indexes (collection, name, definition) VALUES (?, ?, ?)';
const DELETE_COLLECTION = 'DELETE FROM collections WHERE name = ?';
const RENAME_COLLECTION = 'UPDATE collections SET name = ? WHERE name = ?';

/**
 * The read store's SQLite tables. Every write method is one transaction, run on this connection before it returns,
 * or, given a writer thread, built here and written there (the promise resolves once it is in the file). Reads are
 * this connection's: they see what was committed.
 */
export class DocumentTables implements DocumentWriter {
  private readonly statements;
  private readonly followers: DocumentFollower[] = [];
  private readonly prepared = new Map<string, { run(...params: unknown[]): unknown }>();

  constructor(
    private readonly db: SqliteDatabase,
    private readonly thread?: SqlWriterThread,
  ) {
    db.exec(SCHEMA);
    this.statements = {
      collectionExists: db.prepare<[string], { found: number }>('SELECT 1 AS found FROM collections WHERE name = ?'),
      listCollections: db.prepare<[], { name: string }>('SELECT name FROM collections ORDER BY name'),
      // rowid order is insertion order (the upsert keeps a document's rowid): MongoDB's natural order.
      loadDocuments: db.prepare<[string], string>('SELECT doc FROM documents WHERE collection = ? ORDER BY rowid').pluck(),
      loadIndexes: db.prepare<[string], { definition: string }>('SELECT definition FROM collection_indexes WHERE collection = ? ORDER BY rowid'),
    };
  }

  write(collection: string, changes: readonly DocumentChange[]): void | Promise<void> {
    return this.transact((sql) => {
      sql.run(ENSURE_COLLECTION, collection);
      for (const { id, after } of changes) this.writeOne(sql, collection, id, after?.doc);
    });
  }

  /** Writes the current version of each named document (absent = deleted): a batch made durable at once. */
  writeCurrent(dirty: ReadonlyMap<string, ReadonlySet<string>>, current: (collection: string) => ReadonlyMap<string, Document>): void | Promise<void> {
    return this.transact((sql) => {
      for (const [collection, ids] of dirty) {
        sql.run(ENSURE_COLLECTION, collection);
        const docs = current(collection);
        for (const id of ids) this.writeOne(sql, collection, id, docs.get(id));
      }
    });
  }

  saveIndex(collection: string, definition: IndexDefinition): void | Promise<void> {
    return this.transact((sql) => {
      sql.run(ENSURE_COLLECTION, collection);
      sql.run(SAVE_INDEX, collection, definition.name, JSON.stringify(definition));
    });
  }

  rename(from: string, to: string): void | Promise<void> {
    return this.transact((sql) => {
      sql.run(DELETE_COLLECTION, to);
      sql.run(RENAME_COLLECTION, to, from);
    });
  }

  drop(collection: string): void | Promise<void> {
    return this.transact((sql) => sql.run(DELETE_COLLECTION, collection));
  }

  /** Calls `follower` for every document written from now on, in the transaction that writes it. */
  follow(follower: DocumentFollower): void {
    this.followers.push(follower);
  }

  exists(collection: string): boolean {
    return this.statements.collectionExists.get(collection) !== undefined;
  }

  list(): string[] {
    return this.statements.listCollections.all().map((row) => row.name);
  }

  /**
   * A collection's documents, each parsed as its row is read. `.all()` first held the text of every row (the
   * million-event dashboards: ~1 GB), which lived long enough to be promoted to the old generation and then lay
   * there as garbage: the server began serving with a heap of 2.45 GB instead of 2.0. Row by row, each text dies young.
   */
  *loadDocuments(collection: string): Generator<Document> {
    for (const text of this.statements.loadDocuments.iterate(collection)) yield JSON.parse(text) as Document;
  }

  loadIndexes(collection: string): IndexDefinition[] {
    return this.statements.loadIndexes.all(collection).map((row) => JSON.parse(row.definition) as IndexDefinition);
  }

  private writeOne(sql: SqlWrites, collection: string, id: string, doc: Document | undefined): void {
    if (doc) sql.run(SAVE_DOCUMENT, collection, id, JSON.stringify(doc));
    else sql.run(DELETE_DOCUMENT, collection, id);
    for (const follower of this.followers) follower(collection, id, doc, sql);
  }

  /**
   * `work`'s statements as one transaction: on this connection at once, or sent to the writer thread (nothing is
   * sent if building them throws). Whatever asked to be told afterwards is told either way.
   */
  private transact(work: (sql: SqlWrites) => void): void | Promise<void> {
    const settles: (() => void)[] = [];
    const afterwards = (settle: () => void) => settles.push(settle);
    const settle = () => {
      for (const f of settles) f();
    };
    if (!this.thread) {
      try {
        this.db.transaction(() => work({ run: (sql, ...params) => this.statement(sql).run(...params), afterwards }))();
      } finally {
        settle();
      }
      return;
    }
    const transaction = this.thread.transaction();
    try {
      work({ run: transaction.run, afterwards });
    } catch (error) {
      settle();
      throw error;
    }
    return transaction.commit().finally(settle);
  }

  private statement(sql: string) {
    let statement = this.prepared.get(sql);
    if (!statement) this.prepared.set(sql, (statement = this.db.prepare<unknown[]>(sql)));
    return statement;
  }
}
