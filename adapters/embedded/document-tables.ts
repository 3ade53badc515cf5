import type { Document } from '../../application/ports/read-store';
import type { DocumentChange, IndexDefinition } from './collection-indexes';
import type { SqliteDatabase } from './sqlite-database';

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
  write(collection: string, changes: readonly DocumentChange[]): void;
  saveIndex(collection: string, definition: IndexDefinition): void;
}

/**
 * Told of every document made durable (absent = deleted), inside the transaction that writes it: a table derived
 * from a collection (the catalogue index) is then written with its documents or not at all, once per document
 * however many updates a batch made to it.
 */
export type DocumentFollower = (collection: string, id: string, doc: Document | undefined) => void;

/** The read store's SQLite tables. Every method is one transaction. */
export class DocumentTables implements DocumentWriter {
  private readonly statements;
  private readonly followers: DocumentFollower[] = [];
  readonly write;
  readonly saveIndex;
  readonly rename;
  /** Writes the current version of each named document (absent = deleted): a batch made durable at once. */
  readonly writeCurrent;

  constructor(db: SqliteDatabase) {
    db.exec(SCHEMA);
    const statements = {
      ensureCollection: db.prepare<[string]>('INSERT OR IGNORE INTO collections (name) VALUES (?)'),
      collectionExists: db.prepare<[string], { found: number }>('SELECT 1 AS found FROM collections WHERE name = ?'),
      listCollections: db.prepare<[], { name: string }>('SELECT name FROM collections ORDER BY name'),
      deleteCollection: db.prepare<[string]>('DELETE FROM collections WHERE name = ?'),
      renameCollection: db.prepare<[string, string]>('UPDATE collections SET name = ? WHERE name = ?'),
      // rowid order is insertion order (the upsert below keeps a document's rowid): MongoDB's natural order.
      loadDocuments: db.prepare<[string], string>('SELECT doc FROM documents WHERE collection = ? ORDER BY rowid').pluck(),
      saveDocument: db.prepare<[string, string, string]>(
        'INSERT INTO documents (collection, id, doc) VALUES (?, ?, ?) ON CONFLICT (collection, id) DO UPDATE SET doc = excluded.doc',
      ),
      deleteDocument: db.prepare<[string, string]>('DELETE FROM documents WHERE collection = ? AND id = ?'),
      loadIndexes: db.prepare<[string], { definition: string }>('SELECT definition FROM collection_indexes WHERE collection = ? ORDER BY rowid'),
      saveIndex: db.prepare<[string, string, string]>('INSERT INTO collection_indexes (collection, name, definition) VALUES (?, ?, ?)'),
    };
    this.statements = statements;

    this.write = db.transaction((collection: string, changes: readonly DocumentChange[]) => {
      statements.ensureCollection.run(collection);
      for (const { id, after } of changes) {
        if (after) statements.saveDocument.run(collection, id, JSON.stringify(after.doc));
        else statements.deleteDocument.run(collection, id);
        for (const follower of this.followers) follower(collection, id, after?.doc);
      }
    });
    this.writeCurrent = db.transaction((dirty: ReadonlyMap<string, ReadonlySet<string>>, current: (collection: string) => ReadonlyMap<string, Document>) => {
      for (const [collection, ids] of dirty) {
        statements.ensureCollection.run(collection);
        const docs = current(collection);
        for (const id of ids) {
          const doc = docs.get(id);
          if (doc) statements.saveDocument.run(collection, id, JSON.stringify(doc));
          else statements.deleteDocument.run(collection, id);
          for (const follower of this.followers) follower(collection, id, doc);
        }
      }
    });
    this.saveIndex = db.transaction((collection: string, definition: IndexDefinition) => {
      statements.ensureCollection.run(collection);
      statements.saveIndex.run(collection, definition.name, JSON.stringify(definition));
    });
    this.rename = db.transaction((from: string, to: string) => {
      statements.deleteCollection.run(to);
      statements.renameCollection.run(to, from);
    });
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

  drop(collection: string): void {
    this.statements.deleteCollection.run(collection);
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
}
