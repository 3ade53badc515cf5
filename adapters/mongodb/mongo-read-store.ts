import type { Collection, Db } from 'mongodb';
import { MongoBulkWriteError, MongoServerError, ObjectId, type AnyBulkWriteOperation } from 'mongodb';
import {
  DuplicateKeyError,
  type ConditionalUpsert,
  type Document,
  type DocumentCollection,
  type Filter,
  type FindOptions,
  type GuardedUpsert,
  type IndexSpec,
  type ReadStore,
  type ReadStoreBatch,
  type Update,
  type UpdateResult,
} from '../../kernel/ports/read-store';
import { valueAt } from '../../kernel/personal-data/personal-data-schema';
import { BatchDocuments, type Stored } from './batch-documents';
import { translateWriteError } from './duplicate-key';
import { mergedUpdate } from './merged-updates';
import { guardedFilterAndUpdate, upsertGuarded } from './guarded-upsert';

const NAMESPACE_NOT_FOUND = 26;

/**
 * A write a batch queues and sends with its others (WriteBehind): a guarded upsert as its filter and update, or
 * the insert of a keyed row. Its outcome comes with the batch.
 */
type IdempotentWrite =
  | { readonly upsert: { readonly filter: Filter; readonly update: Update; readonly id: string; readonly path: string; readonly revision: number } }
  | { readonly insert: Document };

/**
 * ReadStore over a MongoDB database: every operation maps 1:1 to the driver, so MongoDB's own semantics
 * (query and update operators, upsert seeding from the filter's equality fields, aggregation) are the
 * contract. Tested here against mongo-java-server, which speaks the wire protocol but is not MongoDB:
 * where the two differ this adapter follows MongoDB's documented behaviour (see duplicate-key.ts and
 * docs/operations-distributed.md "Known gaps").
 */
export class MongoReadStore implements ReadStore {
  /**
   * The driver's handle of each collection, made once: `db.collection` resolves its options and BSON settings
   * anew on every call, and a projector asks for a collection per event (a tenth of a backlog's drain).
   */
  private readonly handles = new Map<string, Collection<Stored>>();

  constructor(
    private readonly db: Db,
    /** Called by close(): the owner of the MongoClient passes its close; a shared client passes nothing. */
    private readonly onClose: () => Promise<void> = async () => undefined,
  ) {}

  collection<T extends Document = Document>(name: string): DocumentCollection<T> {
    return new MongoDocumentCollection<T>(this.handle(name), name);
  }

  private handle(name: string): Collection<Stored> {
    let handle = this.handles.get(name);
    if (!handle) this.handles.set(name, (handle = this.db.collection<Stored>(name)));
    return handle;
  }

  async listCollections(): Promise<string[]> {
    const collections = await this.db.listCollections({}, { nameOnly: true }).toArray();
    return collections.map((c) => c.name).filter((name) => !name.startsWith('system.'));
  }

  async dropCollection(name: string): Promise<void> {
    try {
      await this.db.dropCollection(name);
    } catch (error) {
      // Dropping a collection that does not exist is a no-op (MongoDB 7+ behaves so; older servers say 26,
      // mongo-java-server says "ns not found" without a code).
      if (!(error instanceof MongoServerError && (error.code === NAMESPACE_NOT_FOUND || error.message === 'ns not found'))) throw error;
    }
  }

  async renameCollection(from: string, to: string): Promise<void> {
    // MongoDB refuses this (IllegalOperation); mongo-java-server accepts it, so say it here for both.
    if (from === to) throw new Error(`Cannot rename collection ${from} to itself`);
    // dropTarget makes the switch one server-side step: readers see either the old `to` or the new one.
    await this.db.renameCollection(from, to, { dropTarget: true });
  }

  /**
   * A write-behind view (what the Kafka projector applies a batch through): the guarded writes of projections
   * (upsertIfNewer, insertOnce) are queued, not sent, so a whole batch of events costs one
   * ordered bulkWrite per collection instead of a round trip per event. Everything else keeps program order:
   * a read or another write on a collection first sends that collection's queue and waits for it (an
   * `aggregate`, which may look into other collections, sends every queue), and `work` settling sends the rest.
   * Once a send failed, the view refuses everything after it and the batch rejects: which of its writes
   * landed is unknown, so none of its events may be taken as applied (their redelivery changes nothing).
   */
  async batch<R>(work: (store: ReadStoreBatch) => Promise<R>): Promise<R> {
    const behind = new WriteBehind((name) => this.handle(name));
    const view: ReadStoreBatch = {
      collection: <T extends Document = Document>(name: string) => new WriteBehindCollection<T>(this.handle(name), name, behind),
      listCollections: async () => (await behind.flushAll(), this.listCollections()),
      dropCollection: async (name) => (await behind.flushAll(), behind.documents.forgetAll(name), this.dropCollection(name)),
      renameCollection: async (from, to) => (
        await behind.flushAll(),
        behind.documents.forgetAll(from),
        behind.documents.forgetAll(to),
        this.renameCollection(from, to)
      ),
      // What is queued goes when the batch settles (or before a read of its collection): one request per collection.
      commitSoFar: () => undefined,
      purgeDeletedBytes: () => this.purgeDeletedBytes(),
      batch: (inner) => inner(view),
      close: async () => undefined,
    };
    let result: R;
    try {
      result = await work(view);
    } catch (error) {
      await behind.flushAll().catch(() => undefined);
      throw error;
    }
    await behind.flushAll();
    return result;
  }

  /** MongoDB reuses the space of deleted documents itself (and keeps no local file of ours): nothing to do. */
  async purgeDeletedBytes(): Promise<void> {}

  async close(): Promise<void> {
    await this.onClose();
  }
}

const DUPLICATE_KEY = 11000;

/** A bulkWrite's failed writes, when every one is a duplicate key; any other write error is thrown as itself. */
function duplicateKeysOf(error: MongoBulkWriteError): { index: number }[] {
  const errors = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];
  const other = errors.find((e) => e.code !== DUPLICATE_KEY);
  if (other) throw new MongoServerError({ message: other.errmsg ?? 'write error', code: other.code });
  return errors;
}

/** A queued write, with what it takes to tell whether it is already applied (see WriteBehind.send). */
interface Queued {
  write: IdempotentWrite;
  /** The guarded upserts merged into this one, in order, when there are several (see WriteBehind.enqueue). */
  merged?: IdempotentWrite[];
}

/** A document and the stream whose revision a guarded upsert guards (its `_v` path). */
const streamOf = (id: string, path: string): string => `${id}\u0000${path}`;

/** The revision a queued guarded upsert leaves at its path: its last merged write's. */
const lastRevisionOf = (q: Queued): number => {
  const last = q.merged?.at(-1) ?? q.write;
  return 'upsert' in last ? last.upsert.revision : -1;
};

/**
 * The bulk operations of a queue, in order. A guarded upsert that follows another of the same document and stream
 * in the same request is chained to it: it applies only where the document's revision of that stream is exactly the
 * one the earlier write leaves. So a write refused because a redelivery had applied part of its events can never be
 * overtaken by a later one of the same stream: that one is refused too, and `send` works out from the stored
 * documents what is still to apply. MongoDB stops an ordered bulk at its first error and makes this moot;
 * mongo-java-server carries on past it (docs/operations-distributed.md "Known gaps"), and there the later write,
 * with only its own guard, set the revision past events never applied.
 */
const operationsOf = (queued: readonly Queued[]): AnyBulkWriteOperation<Stored>[] => {
  const left = new Map<string, number>();
  return queued.map((q) => {
    const { write } = q;
    if ('insert' in write) return { insertOne: { document: { ...write.insert } as Stored } };
    const { id, path, filter, update } = write.upsert; // a merged write's revision is its first's
    const key = streamOf(id, path);
    const previous = left.get(key);
    left.set(key, lastRevisionOf(q));
    // Chained only past the earlier write (enqueue and notApplied leave no overlap): an overlapping write keeps its own
    // guard, which refuses it.
    const guard = previous === undefined || write.upsert.revision <= previous ? filter : { _id: id, [path]: previous };
    return { updateOne: { filter: guard as never, update: withStringIdOnInsert(guard, update) as never, upsert: true } };
  });
};

/** A merged upsert as the writes it was made of; any other queued write as itself. */
const unmerged = (queued: readonly Queued[]): Queued[] => queued.flatMap((q) => (q.merged ? q.merged.map((write) => ({ write })) : [q]));

/** The queues of one write-behind view (MongoReadStore.batch): one per collection, each sent in order. */
class WriteBehind {
  private readonly queues = new Map<string, Queued[]>();
  /** Per collection queued: the last write queued for each document, which a later one may merge into. */
  private readonly lastWrites = new Map<string, Map<string, Queued>>();
  /** Per collection queued: the highest revision queued for each document and stream (see enqueue). */
  private readonly queuedRevisions = new Map<string, Map<string, number>>();
  /** Per collection: the send in flight (or the last one), so sends of one collection never overlap. */
  private readonly sending = new Map<string, Promise<void>>();
  private failure: { error: unknown } | undefined;
  /** Documents as this batch last read or compare-and-set them (see BatchDocuments). */
  readonly documents = new BatchDocuments();

  /** `collection`: the store's driver handle of a collection (MongoReadStore.handle). */
  constructor(private readonly collection: (name: string) => Collection<Stored>) {}

  /**
   * Queues a write. A guarded upsert following another of the same document and stream, with nothing else
   * queued for that document in between, is merged into it (merged-updates.ts): a batch bringing a stream's
   * events one after another then costs the server one upsert per document, not one per event. The merged
   * upsert keeps the first's guard: it applies when none of its events was applied yet, which is every batch
   * but a redelivered one; a redelivered one fails it on its `_id` and `send` goes back to the writes it was
   * made of, one by one, each against its own guard.
   */
  enqueue(collection: string, write: IdempotentWrite): void {
    if (this.failure) throw this.failure.error;
    this.documents.forgetAll(collection);
    let last = this.lastWrites.get(collection);
    if (!last) this.lastWrites.set(collection, (last = new Map()));
    let revisions = this.queuedRevisions.get(collection);
    if (!revisions) this.queuedRevisions.set(collection, (revisions = new Map()));
    const id = 'insert' in write ? String(write.insert._id) : write.upsert.id;
    if ('upsert' in write) {
      // A revision this queue already holds for the document and stream: the same event twice in one batch (the relay
      // publishes at least once). Its guard would refuse it once the first is written; queued, it would be merged
      // into that first one and applied twice.
      const key = streamOf(id, write.upsert.path);
      const queuedRevision = revisions.get(key);
      if (queuedRevision !== undefined && write.upsert.revision <= queuedRevision) return;
      revisions.set(key, write.upsert.revision);
    }
    const previous = last.get(id);
    if (previous && 'upsert' in write && 'upsert' in previous.write && previous.write.upsert.path === write.upsert.path) {
      const first = previous.write.upsert;
      const update = mergedUpdate(first.update, write.upsert.update);
      if (update) {
        // Pushed, not copied: this queue owns the list, and a stream's long run in one batch merged in quadratic time.
        (previous.merged ??= [previous.write]).push(write);
        previous.write = { upsert: { ...first, update } };
        return;
      }
    }
    const queued: Queued = { write };
    last.set(id, queued);
    const queue = this.queues.get(collection);
    if (queue) queue.push(queued);
    else this.queues.set(collection, [queued]);
  }

  /** Sends this collection's queue after its previous send; resolves once all of it is written. */
  flush(collection: string): Promise<void> {
    if (this.failure) return Promise.reject(this.failure.error);
    const queued = this.queues.get(collection);
    const previous = this.sending.get(collection) ?? Promise.resolve();
    if (!queued?.length) return previous;
    this.queues.delete(collection);
    this.lastWrites.delete(collection);
    this.queuedRevisions.delete(collection);
    const next = previous.then(() => this.send(collection, queued));
    const guarded = next.catch((error: unknown) => {
      this.failure ??= { error };
      this.queues.clear();
      this.lastWrites.clear();
      this.queuedRevisions.clear();
      throw this.failure.error;
    });
    guarded.catch(() => undefined); // awaited by whoever flushes; never an unhandled rejection
    this.sending.set(collection, guarded);
    return guarded;
  }

  async flushAll(): Promise<void> {
    const collections = new Set([...this.queues.keys(), ...this.sending.keys()]);
    await Promise.all([...collections].map((c) => this.flush(c)));
    if (this.failure) throw this.failure.error;
  }

  /**
   * One ordered bulkWrite. A duplicate key (a redelivered event its guard refused, or a history row already
   * there) means "already applied", but MongoDB stops an ordered bulk there (mongo-java-server goes on): the
   * failed write and the rest are then sent again, less the writes that the documents as stored now show
   * applied (one read), so a redelivered batch costs a few round trips, not one per event. Any other error
   * fails the send.
   */
  private async send(collection: string, queued: readonly Queued[]): Promise<void> {
    let rest = queued;
    const collided = new Set<Queued>();
    while (rest.length > 0) {
      try {
        await this.collection(collection).bulkWrite(operationsOf(rest), { ordered: true });
        return;
      } catch (error) {
        if (!(error instanceof MongoBulkWriteError)) throw error;
        const first = duplicateKeysOf(error).reduce((a, b) => (b.index < a.index ? b : a));
        // The failed write is checked too, not taken as applied: another partition's batch may have created the
        // document between this upsert's match and its insert, and then its event is not applied. A write that
        // collides a second time while the stored document says otherwise (a unique index besides _id) is left.
        const failed = rest[first.index];
        const again = collided.has(failed);
        collided.add(failed);
        rest = await this.notApplied(collection, unmerged(rest.slice(first.index + (again ? 1 : 0))));
      }
    }
  }

  /** The writes that would still change something, given the documents as stored (followed write by write). */
  private async notApplied(collection: string, queued: readonly Queued[]): Promise<Queued[]> {
    const idOf = (w: IdempotentWrite) => ('insert' in w ? w.insert._id : w.upsert.id);
    const ids = [...new Set(queued.map((q) => idOf(q.write)))];
    // The guarded paths: a stream's revision under `_v`, or a checkpoint's own field (its position).
    const paths = [...new Set(queued.flatMap(({ write }) => ('upsert' in write ? [write.upsert.path] : [])))];
    const stored = await this.collection(collection)
      .find({ _id: { $in: ids } }, { projection: { _id: 1, ...Object.fromEntries(paths.map((path) => [path.split('.')[0], 1])) } })
      .toArray();
    const revisionsOf = (doc: Stored): Record<string, number> => {
      const revisions: Record<string, number> = {};
      for (const path of paths) {
        const revision = valueAt(doc, path);
        if (typeof revision === 'number') revisions[path] = revision;
      }
      return revisions;
    };
    const versions = new Map(stored.map((doc) => [doc._id, revisionsOf(doc)]));
    return queued.filter(({ write }) => {
      const id = idOf(write);
      const doc = versions.get(id);
      if ('insert' in write) {
        if (doc) return false;
        versions.set(id, {});
        return true;
      }
      const field = write.upsert.path;
      if (doc && doc[field] !== undefined && doc[field] >= write.upsert.revision) return false;
      versions.set(id, { ...doc, [field]: write.upsert.revision });
      return true;
    });
  }
}

class MongoDocumentCollection<T extends Document> implements DocumentCollection<T> {
  constructor(
    protected readonly collection: Collection<Stored>,
    readonly name: string,
  ) {}

  async findOne(filter: Filter, options?: Pick<FindOptions, 'projection' | 'sort' | 'readOnly'>): Promise<T | null> {
    return (await this.collection.findOne(filter, { projection: options?.projection, sort: options?.sort })) as T | null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    let cursor = this.collection.find(filter, { projection: options.projection });
    if (options.sort) cursor = cursor.sort(options.sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    return (await cursor.toArray()) as unknown as T[];
  }

  async countDocuments(filter: Filter): Promise<number> {
    return this.collection.countDocuments(filter);
  }

  async findByIds(ids: readonly string[]): Promise<T[]> {
    if (ids.length === 0) return [];
    return (await this.collection.find({ _id: { $in: [...new Set(ids)] } }).toArray()) as unknown as T[];
  }

  upsertIfNewer(write: GuardedUpsert): Promise<boolean> {
    return upsertGuarded(this, write);
  }

  async insertOnce(doc: T): Promise<boolean> {
    try {
      await this.insertOne(doc);
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  async insertOne(doc: T): Promise<void> {
    try {
      // A shallow copy: the driver would otherwise write into the caller's object.
      await this.collection.insertOne({ ...doc });
    } catch (error) {
      translateWriteError(this.name, error);
    }
  }

  async updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<UpdateResult> {
    const upsert = options?.upsert ?? false;
    try {
      return toUpdateResult(await this.collection.updateOne(filter, upsert ? withStringIdOnInsert(filter, update) : update, { upsert }));
    } catch (error) {
      translateWriteError(this.name, error);
    }
  }

  /** One unordered bulkWrite: a write that lost its race collides on `_id` and answers false; the others go on. */
  async upsertEach(writes: readonly ConditionalUpsert[]): Promise<boolean[]> {
    const applied = writes.map(() => true);
    if (writes.length === 0) return applied;
    try {
      await this.collection.bulkWrite(
        writes.map(({ filter, update }) => ({ updateOne: { filter, update: withStringIdOnInsert(filter, update), upsert: true } })),
        { ordered: false },
      );
    } catch (error) {
      if (!(error instanceof MongoBulkWriteError)) throw error;
      for (const failed of duplicateKeysOf(error)) applied[failed.index] = false;
    }
    return applied;
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    try {
      return toUpdateResult(await this.collection.updateMany(filter, update));
    } catch (error) {
      translateWriteError(this.name, error);
    }
  }

  async replaceOne(filter: Filter, doc: T, options?: { upsert?: boolean }): Promise<UpdateResult> {
    const upsert = options?.upsert ?? false;
    const replacement = upsert && doc._id === undefined && !seedsId(filter) ? { ...doc, _id: newId() } : { ...doc };
    try {
      return toUpdateResult(await this.collection.replaceOne(filter, replacement, { upsert }));
    } catch (error) {
      translateWriteError(this.name, error);
    }
  }

  async deleteOne(filter: Filter): Promise<{ deletedCount: number }> {
    const { deletedCount } = await this.collection.deleteOne(filter);
    return { deletedCount };
  }

  async deleteMany(filter: Filter): Promise<{ deletedCount: number }> {
    const { deletedCount } = await this.collection.deleteMany(filter);
    return { deletedCount };
  }

  async aggregate<R = Record<string, unknown>>(pipeline: readonly Record<string, unknown>[]): Promise<R[]> {
    return (await this.collection.aggregate(pipeline.map(withStageAliasesExpanded)).toArray()) as R[];
  }

  /** The driver's createIndex sends the same createIndexes command with a list of one. */
  createIndex(spec: IndexSpec): Promise<void> {
    return this.createIndexes([spec]);
  }

  async createIndexes(specs: readonly IndexSpec[]): Promise<void> {
    if (specs.length === 0) return;
    try {
      await this.collection.createIndexes(
        specs.map((spec) => ({
          key: spec.keys,
          ...(spec.unique !== undefined && { unique: spec.unique }),
          ...(spec.name !== undefined && { name: spec.name }),
        })),
      );
    } catch (error) {
      // A unique index over documents that already repeat the key fails with E11000 too.
      translateWriteError(this.name, error);
    }
  }
}

/**
 * `$set` and `$unset` stages are MongoDB 4.2+ aliases of `$addFields` and an exclusion `$project`
 * (documented as equivalent). mongo-java-server only knows the older names, so send those: same result on both.
 */
function withStageAliasesExpanded(stage: Record<string, unknown>): Record<string, unknown> {
  if ('$set' in stage) return { $addFields: stage.$set };
  if ('$unset' in stage) {
    const fields = Array.isArray(stage.$unset) ? (stage.$unset as string[]) : [stage.$unset as string];
    return { $project: Object.fromEntries(fields.map((field) => [field, 0])) };
  }
  if ('$facet' in stage) {
    const facets = stage.$facet as Record<string, Record<string, unknown>[]>;
    return {
      $facet: Object.fromEntries(Object.entries(facets).map(([name, p]) => [name, p.map(withStageAliasesExpanded)])),
    };
  }
  return stage;
}

/**
 * The port's _ids are strings. MongoDB gives an upserted document an ObjectId when the filter has no _id
 * equality to seed it from, so supply a string one (an ObjectId's hex: unique and time-ordered) instead.
 */
function withStringIdOnInsert(filter: Filter, update: Update): Update {
  if (seedsId(filter) || Array.isArray(update)) return update;
  const setOnInsert = (update.$setOnInsert as Record<string, unknown> | undefined) ?? {};
  if ('_id' in setOnInsert) return update;
  return { ...update, $setOnInsert: { ...setOnInsert, _id: newId() } };
}

/** Whether an upsert with this filter takes its _id from the filter (`_id: v` or `_id: { $eq: v }`). */
function seedsId(filter: Filter): boolean {
  const id = filter._id;
  if (id === undefined) return false;
  if (id === null || typeof id !== 'object' || Array.isArray(id)) return true;
  const keys = Object.keys(id);
  return keys.length === 0 || !keys.every((k) => k.startsWith('$')) || '$eq' in id;
}

function newId(): string {
  return new ObjectId().toHexString();
}

function toUpdateResult(result: { matchedCount: number; modifiedCount: number; upsertedId: unknown }): UpdateResult {
  return {
    matchedCount: result.matchedCount,
    modifiedCount: result.modifiedCount,
    ...(result.upsertedId != null && { upsertedId: String(result.upsertedId) }),
  };
}

/**
 * A collection of MongoReadStore.batch's write-behind view: idempotent writes are queued; any other operation
 * first sends what is queued for this collection (for `aggregate`, for every collection), then runs.
 */
class WriteBehindCollection<T extends Document> extends MongoDocumentCollection<T> {
  constructor(
    collection: Collection<Stored>,
    name: string,
    private readonly behind: WriteBehind,
  ) {
    super(collection, name);
  }

  private get documents(): BatchDocuments {
    return this.behind.documents;
  }

  /** Queued: sent with the batch's other idempotent writes (WriteBehind). */
  override async upsertIfNewer(write: GuardedUpsert): Promise<boolean> {
    const { filter, update } = guardedFilterAndUpdate(write);
    this.behind.enqueue(this.name, { upsert: { filter, update, id: write.id, path: write.path, revision: write.revision } });
    return true;
  }

  override async insertOnce(doc: T): Promise<boolean> {
    this.behind.enqueue(this.name, { insert: doc });
    return true;
  }

  /** A read-only read by _id alone answers from the batch's copy when it holds one (BatchDocuments). */
  override async findOne(filter: Filter, options?: Pick<FindOptions, 'projection' | 'sort' | 'readOnly'>): Promise<T | null> {
    const whole = options?.readOnly === true && !options.projection && !options.sort;
    const held = this.documents.lookup(this.name, filter, whole);
    if (held !== undefined) return held as T | null;
    await this.behind.flush(this.name);
    const doc = await super.findOne(filter, options);
    if (whole) this.documents.noteRead(this.name, filter, doc as Stored | null);
    return doc;
  }

  /** The documents held by the batch answer from its copies; the others are read in one request and held (a missing one as null). */
  override async findByIds(ids: readonly string[]): Promise<T[]> {
    const wanted = [...new Set(ids)].filter((id) => this.documents.lookup(this.name, { _id: id }, true) === undefined);
    if (wanted.length > 0) {
      await this.behind.flush(this.name);
      const found = new Map((await this.collection.find({ _id: { $in: wanted } }).toArray()).map((doc) => [doc._id, doc]));
      for (const id of wanted) this.documents.noteRead(this.name, { _id: id }, found.get(id) ?? null);
    }
    return [...new Set(ids)].map((id) => this.documents.lookup(this.name, { _id: id }, true)).filter((doc): doc is T => doc != null) as T[];
  }

  override async find(filter: Filter, options?: FindOptions): Promise<T[]> {
    await this.behind.flush(this.name);
    return super.find(filter, options);
  }

  override async countDocuments(filter: Filter): Promise<number> {
    await this.behind.flush(this.name);
    return super.countDocuments(filter);
  }

  override async insertOne(doc: T): Promise<void> {
    await this.behind.flush(this.name);
    this.documents.forgetAll(this.name);
    return super.insertOne(doc);
  }

  override async updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<UpdateResult> {
    await this.behind.flush(this.name);
    let result: UpdateResult;
    try {
      result = await super.updateOne(filter, update, options);
    } catch (error) {
      this.documents.forget(this.name, filter);
      throw error;
    }
    if (result.matchedCount > 0 || result.upsertedId !== undefined) this.documents.noteWritten(this.name, filter, update);
    else this.documents.forget(this.name, filter);
    return result;
  }

  /** What each write applied is held as this batch's copy; a document whose write lost is read again next time. */
  override async upsertEach(writes: readonly ConditionalUpsert[]): Promise<boolean[]> {
    await this.behind.flush(this.name);
    let applied: boolean[];
    try {
      applied = await super.upsertEach(writes);
    } catch (error) {
      for (const { filter } of writes) this.documents.forget(this.name, filter);
      throw error;
    }
    writes.forEach(({ filter, update }, i) => (applied[i] ? this.documents.noteWritten(this.name, filter, update) : this.documents.forget(this.name, filter)));
    return applied;
  }

  override async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    await this.behind.flush(this.name);
    this.documents.forgetAll(this.name);
    return super.updateMany(filter, update);
  }

  override async replaceOne(filter: Filter, doc: T, options?: { upsert?: boolean }): Promise<UpdateResult> {
    await this.behind.flush(this.name);
    this.documents.forgetAll(this.name);
    return super.replaceOne(filter, doc, options);
  }

  override async deleteOne(filter: Filter): Promise<{ deletedCount: number }> {
    await this.behind.flush(this.name);
    this.documents.forgetAll(this.name);
    return super.deleteOne(filter);
  }

  override async deleteMany(filter: Filter): Promise<{ deletedCount: number }> {
    await this.behind.flush(this.name);
    this.documents.forgetAll(this.name);
    return super.deleteMany(filter);
  }

  override async aggregate<R = Record<string, unknown>>(pipeline: readonly Record<string, unknown>[]): Promise<R[]> {
    await this.behind.flushAll();
    return super.aggregate<R>(pipeline);
  }

  override async createIndexes(specs: readonly IndexSpec[]): Promise<void> {
    await this.behind.flush(this.name);
    return super.createIndexes(specs);
  }
}
