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
 * A projection's idempotent write of document `id`, guarded by the revision of the stream it applies: it sets
 * `path` (the stream's `_v` revision, which `update` does not name) to `revision`, and applies only when the value
 * stored there is missing or lower. A redelivered or older event changes nothing.
 */
export interface GuardedUpsert {
  readonly id: string;
  readonly path: string;
  readonly revision: number;
  readonly update: Update;
}

/** A compare-and-set write: an upsert by `filter` (the document's `_id` and the write counter its writer read). */
export interface ConditionalUpsert {
  readonly filter: Filter;
  readonly update: Update;
}

export interface DocumentCollection<T extends Document = Document> {
  readonly name: string;
  /**
   * The guarded upsert (see GuardedUpsert), upserting the document when missing. True when it wrote, false when
   * the document had that revision already. Inside a batch a store may send such writes together when the batch
   * settles: true then means "taken", and a failure rejects the batch.
   */
  upsertIfNewer(write: GuardedUpsert): Promise<boolean>;
  /** Inserts a document keyed by what it records (a history row): false when one with its `_id` is there already. Batched like upsertIfNewer. */
  insertOnce(doc: T): Promise<boolean>;
  /**
   * The documents with these ids that exist, in any order (a read-modify-write of many documents reads them at
   * once). Like a `readOnly` find: the caller never changes what it gets.
   */
  findByIds(ids: readonly string[]): Promise<T[]>;
  /**
   * Several compare-and-set upserts; answers, in order, whether each applied. False means the document had moved
   * on since it was read: the filter matched nothing and the insert collided on `_id`.
   */
  upsertEach(writes: readonly ConditionalUpsert[]): Promise<boolean[]>;
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
  /** Several indexes at once (a projection declares its collections' indexes together). */
  createIndexes(specs: readonly IndexSpec[]): Promise<void>;
}

export interface ReadStore {
  collection<T extends Document = Document>(name: string): DocumentCollection<T>;
  listCollections(): Promise<string[]>;
  dropCollection(name: string): Promise<void>;
  /** Atomically replaces `to` (if present) with `from`: the switch of a blue-green projection rebuild. */
  renameCollection(from: string, to: string): Promise<void>;
  /**
   * Runs `work` against a view of this store whose writes are visible to it at once and made durable together
   * when `work` settles, whether it succeeded or not (one projection delivery). Rejects if they could not be made
   * durable.
   */
  batch<T>(work: (store: ReadStoreBatch) => Promise<T>): Promise<T>;
  /** After an erasure scrubbed documents: no copy of what was erased is left in the store's free space. */
  purgeDeletedBytes(): Promise<void>;
  close(): Promise<void>;
}

/** A batch's view of the store (ReadStore.batch). */
export interface ReadStoreBatch extends ReadStore {
  /**
   * A long delivery calls it between events: the store may make durable what the batch changed so far, so that
   * the final write does not hold the server for long. What it wrote stays written if the batch then fails: the
   * events come back, and guarded writes make their second application change nothing.
   */
  commitSoFar(): void;
}
