import type { Collection, Db } from 'mongodb';
import { MongoBulkWriteError, MongoServerError, ObjectId, type AnyBulkWriteOperation } from 'mongodb';
import type {
  Document,
  DocumentCollection,
  Filter,
  FindOptions,
  IndexSpec,
  ReadStore,
  Update,
  UpdateResult,
} from '../../application/ports/read-store';
import { translateWriteError } from './duplicate-key';

const NAMESPACE_NOT_FOUND = 26;

/** What the driver sees: documents keyed by a string _id (the port never uses ObjectIds). */
type Stored = { _id: string } & Record<string, unknown>;

/**
 * ReadStore over a MongoDB database: every operation maps 1:1 to the driver, so MongoDB's own semantics
 * (query and update operators, upsert seeding from the filter's equality fields, aggregation) are the
 * contract. Tested here against mongo-java-server, which speaks the wire protocol but is not MongoDB:
 * where the two differ this adapter follows MongoDB's documented behaviour (see duplicate-key.ts and
 * docs/operations-distributed.md "Known gaps").
 */
export class MongoReadStore implements ReadStore {
  /** Shared by every batch view: the batches of several partitions handled at once share their round trips. */
  private readonly coalescers = new Map<string, UpsertCoalescer>();

  constructor(
    private readonly db: Db,
    /** Called by close(): the owner of the MongoClient passes its close; a shared client passes nothing. */
    private readonly onClose: () => Promise<void> = async () => undefined,
  ) {}

  collection<T extends Document = Document>(name: string): DocumentCollection<T> {
    return new MongoDocumentCollection<T>(this.db.collection<Stored>(name), name);
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
   * A view whose upserts (`updateOne` with `upsert: true`, the guarded writes of projections) are sent
   * together: every upsert issued in one turn of the event loop goes in one unordered bulkWrite, and each
   * caller is answered from its own entry of the result (its duplicate key, if any, as DuplicateKeyError).
   * Nothing changes for one caller at a time; callers running at once (a Kafka batch's streams) share round
   * trips, also across batches running at once. An unordered bulk applies its writes in no set order, exactly as the same writes sent at once
   * would be; one caller's writes are never in the same bulk (it awaits each). Reads and other writes go
   * straight to the driver.
   */
  async batch<R>(work: (store: ReadStore) => Promise<R>): Promise<R> {
    const coalescers = this.coalescers;
    const view: ReadStore = {
      collection: <T extends Document = Document>(name: string) => {
        let coalescer = coalescers.get(name);
        if (!coalescer) coalescers.set(name, (coalescer = new UpsertCoalescer(this.db.collection<Stored>(name), name)));
        return new CoalescingCollection<T>(this.db.collection<Stored>(name), name, coalescer);
      },
      listCollections: () => this.listCollections(),
      dropCollection: (name) => this.dropCollection(name),
      renameCollection: (from, to) => this.renameCollection(from, to),
      close: async () => undefined,
    };
    return work(view);
  }

  async close(): Promise<void> {
    await this.onClose();
  }
}

interface QueuedUpsert {
  readonly operation: AnyBulkWriteOperation<Stored>;
  readonly resolve: (result: UpdateResult) => void;
  readonly reject: (error: unknown) => void;
}

/** Gathers one collection's upserts of an event-loop turn into one bulkWrite (MongoReadStore.batch). */
class UpsertCoalescer {
  private queue: QueuedUpsert[] = [];

  constructor(
    private readonly collection: Collection<Stored>,
    private readonly name: string,
  ) {}

  upsert(filter: Filter, update: Update): Promise<UpdateResult> {
    return new Promise((resolve, reject) => {
      if (this.queue.length === 0) setImmediate(() => void this.flush());
      this.queue.push({ operation: { updateOne: { filter: filter as never, update: update as never, upsert: true } }, resolve, reject });
    });
  }

  private async flush(): Promise<void> {
    const queue = this.queue;
    this.queue = [];
    let result: { upsertedIds: Record<number, unknown>; matchedCount: number; modifiedCount: number };
    let failed = new Map<number, unknown>();
    try {
      result = await this.collection.bulkWrite(
        queue.map((q) => q.operation),
        { ordered: false },
      );
    } catch (error) {
      if (!(error instanceof MongoBulkWriteError)) {
        for (const q of queue) q.reject(error);
        return;
      }
      result = error.result;
      const errors = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];
      failed = new Map(errors.map((e) => [e.index, new MongoServerError({ message: e.errmsg ?? 'write error', code: e.code })]));
    }
    // Per entry: failed, or upserted, or matched (an upsert that neither failed nor inserted matched a document).
    const allModified = result.matchedCount === result.modifiedCount;
    queue.forEach((q, index) => {
      const error = failed.get(index);
      if (error) {
        try {
          translateWriteError(this.name, error);
        } catch (translated) {
          q.reject(translated);
        }
        return;
      }
      const upsertedId = result.upsertedIds[index];
      q.resolve(
        upsertedId != null
          ? { matchedCount: 0, modifiedCount: 0, upsertedId: String(upsertedId) }
          : { matchedCount: 1, modifiedCount: allModified ? 1 : 0 },
      );
    });
  }
}

class MongoDocumentCollection<T extends Document> implements DocumentCollection<T> {
  constructor(
    protected readonly collection: Collection<Stored>,
    readonly name: string,
  ) {}

  async findOne(filter: Filter, options?: Pick<FindOptions, 'projection' | 'sort'>): Promise<T | null> {
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

  async createIndex(spec: IndexSpec): Promise<void> {
    try {
      await this.collection.createIndex(spec.keys, {
        ...(spec.unique !== undefined && { unique: spec.unique }),
        ...(spec.name !== undefined && { name: spec.name }),
      });
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

/** A collection of MongoReadStore.batch's view: its upserts join the turn's bulkWrite. */
class CoalescingCollection<T extends Document> extends MongoDocumentCollection<T> {
  constructor(
    collection: Collection<Stored>,
    name: string,
    private readonly coalescer: UpsertCoalescer,
  ) {
    super(collection, name);
  }

  override async updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<UpdateResult> {
    if (!options?.upsert) return super.updateOne(filter, update, options);
    return this.coalescer.upsert(filter, withStringIdOnInsert(filter, update));
  }
}
