/**
 * ReadStore port: document collections queried with the MongoDB query language.
 * Embedded: SQLite documents evaluated with mingo. Distributed: MongoDB.
 * Keep to what MongoDB itself supports; tests/contract/read-store.contract.ts pins the behaviour.
 */
export type Document = { _id: string } & Record<string, unknown>;
export type Filter = Record<string, unknown>;
export type Update = Record<string, unknown>;
export type SortSpec = Record<string, 1 | -1>;

export interface FindOptions {
  readonly sort?: SortSpec;
  readonly skip?: number;
  readonly limit?: number;
  readonly projection?: Record<string, 0 | 1>;
  /**
   * The caller reads what it gets synchronously, right after the find resolves, and never changes it: a store
   * holding its documents in memory may hand them out instead of copies (a dashboard summing two years of ~100 KB
   * rollups spent half its time copying them). Stores that build fresh objects anyway ignore it.
   */
  readonly readOnly?: boolean;
}

export interface UpdateResult {
  readonly matchedCount: number;
  readonly modifiedCount: number;
  readonly upsertedId?: string;
}

/** A unique index (including `_id`) refused a write. Projections treat it as "already applied". */
export class DuplicateKeyError extends Error {
  constructor(
    readonly collection: string,
    readonly key: string,
  ) {
    super(`Duplicate key in ${collection}: ${key}`);
    this.name = 'DuplicateKeyError';
  }
}

export interface IndexSpec {
  readonly keys: Record<string, 1 | -1>;
  readonly unique?: boolean;
  readonly name?: string;
}

/**
 * A write whose outcome its caller does not need (guarded-writes.ts): an upsert of document `id` guarded by
 * the revision at `path` (it applies only when the stored one is missing or lower), or an insert of a keyed row.
 */
export type IdempotentWrite =
  | { readonly upsert: { readonly filter: Filter; readonly update: Update; readonly id: string; readonly path: string; readonly revision: number } }
  | { readonly insert: Document };

export interface DocumentCollection<T extends Document = Document> {
  readonly name: string;
  /**
   * Optional, only on the view of a store's `batch` that sends writes together (MongoReadStore): queues an
   * idempotent write to go, in the order queued, with the batch's other writes in one request, sent before the
   * view's next read or other write and at the latest when the batch settles. The caller learns no outcome:
   * a duplicate key means "already applied" and is ignored; any other failure rejects the batch.
   */
  queueIdempotent?(write: IdempotentWrite): void;
  /**
   * Optional (the embedded store): guardedUpsert's write done directly. Upserts document `id` with `update`
   * and `path` (the stream's `_v` revision, which `update` does not name) set to `revision`, unless the value at
   * `path` is already there and not lower than `revision`; answers whether it wrote. The same outcome as the guarded filter (missing or lower), without building and
   * compiling that filter for every event a projection applies.
   */
  upsertIfNewer?(write: { readonly id: string; readonly path: string; readonly revision: number; readonly update: Update }): Promise<boolean>;
  /**
   * Optional, only on a batch view that keeps the documents it read (MongoReadStore's): reads these documents by
   * _id in one request, so that the view's next read-only reads of each by _id alone answer from what it found. A
   * caller about to read-modify-write many documents of one collection (the catalogue's cards) then pays one round
   * trip for the reads instead of one each; a copy that is stale by then fails its compare-and-set and is read again.
   */
  prefetch?(ids: readonly string[]): Promise<void>;
  /**
   * Optional (MongoDB): compare-and-set writes to several documents in one request. Each is an upsert by its own
   * filter (the document's `_id` and the write counter its writer read); answers, in order, whether each applied.
   * False means the document had moved on since it was read: the filter matched nothing and the insert collided on
   * `_id`. A delivery's catalogue cards then cost one round trip instead of one each.
   */
  upsertEach?(writes: readonly { readonly filter: Filter; readonly update: Update }[]): Promise<boolean[]>;
  findOne(filter: Filter, options?: Pick<FindOptions, 'projection' | 'sort' | 'readOnly'>): Promise<T | null>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  countDocuments(filter: Filter): Promise<number>;
  insertOne(doc: T): Promise<void>;
  /** MongoDB semantics, including upsert seeding the new document from the filter's equality fields. */
  updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<UpdateResult>;
  updateMany(filter: Filter, update: Update): Promise<UpdateResult>;
  replaceOne(filter: Filter, doc: T, options?: { upsert?: boolean }): Promise<UpdateResult>;
  deleteOne(filter: Filter): Promise<{ deletedCount: number }>;
  deleteMany(filter: Filter): Promise<{ deletedCount: number }>;
  aggregate<R = Record<string, unknown>>(pipeline: readonly Record<string, unknown>[]): Promise<R[]>;
  createIndex(spec: IndexSpec): Promise<void>;
  /**
   * Several indexes in one request where the store takes a list (MongoDB's createIndexes): a projector's start
   * then costs one round trip per collection rather than one per index. Optional: without it, one createIndex each.
   */
  createIndexes?(specs: readonly IndexSpec[]): Promise<void>;
}

export interface ReadStore {
  collection<T extends Document = Document>(name: string): DocumentCollection<T>;
  listCollections(): Promise<string[]>;
  dropCollection(name: string): Promise<void>;
  /** Atomically replaces `to` (if present) with `from`: the switch of a blue-green projection rebuild. */
  renameCollection(from: string, to: string): Promise<void>;
  /**
   * Optional: runs `work` against a view of this store whose writes are visible at once and made durable
   * together when `work` settles, whether it succeeded or not (embedded: one SQLite transaction per
   * projection delivery). Rejects if they could not be made durable. A store without it writes each at once.
   */
  batch?<T>(work: (store: ReadStore) => Promise<T>): Promise<T>;
  /**
   * Optional, on a batch's view only (embedded): makes durable at once what the batch changed so far, when that
   * is already many documents; the rest still goes when the batch settles. A long delivery calls it between
   * events, so that its final commit does not hold the event loop for tens of milliseconds (2,000 reservation
   * events touch ~2,700 documents). What it wrote stays written if the batch then fails: the events come back,
   * and the projections' guarded writes make their second application change nothing.
   */
  commitSoFar?(): void;
  /**
   * Optional: loads every collection now (the embedded store holds each in memory from its first use). With a
   * million events the dashboards' collections take seconds to load, which the first request, or the first
   * event a live projection applied, would otherwise wait for with every other request behind it.
   */
  preload?(): Promise<{ collections: number; documents: number }>;
  /** After an erasure scrubbed documents: see SessionStore.purgeDeletedBytes. Absent where the store is not a local file. */
  purgeDeletedBytes?(): Promise<void>;
  close(): Promise<void>;
}
