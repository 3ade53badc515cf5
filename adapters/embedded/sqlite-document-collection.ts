import { Aggregator, Query } from 'mingo';
import {
  DuplicateKeyError,
  type ConditionalUpsert,
  type Document,
  type DocumentCollection,
  type Filter,
  type FindOptions,
  type GuardedUpsert,
  type IndexSpec,
  type Update,
  type UpdateResult,
} from '../../kernel/ports/read-store';
import { buildIndex, toIndexDefinition, valueAt, type CollectionIndexes, type DocumentChange } from './collection-indexes';
import {
  applyUpdate,
  assertReplacement,
  type Ownership,
  equalityId,
  newDocumentId,
  parseUpdate,
  seedFromFilter,
  type ParsedUpdate,
  type VersionWrite,
} from './document-updates';
import type { DocumentWriter } from './document-tables';
import { compileSimpleFilter } from './simple-filter';
import { copyJson, toStored, type StoredDocument } from './json-document';

/** A collection's documents (in natural order) and indexes, held in memory by the store. */
export interface CollectionState {
  readonly docs: Map<string, Document>;
  readonly indexes: CollectionIndexes;
}

/** What a collection needs from its store. State is looked up by name on every call, so renames are seen. */
export interface CollectionHost {
  /** Where writes go: straight to SQLite, or into a batch made durable at its end (SqliteReadStore.batch). */
  readonly tables: DocumentWriter;
  state(collection: string): CollectionState;
  /**
   * Within a batch: which stored objects updates may write in place (document-updates.ts). Readers get copies
   * and a failed batch is reloaded from SQLite, so only a unique index (which needs `before`) stops it.
   */
  readonly owned?: Ownership;
  /**
   * A write the writer thread failed after memory took it: `collection` is read again from the file once what was
   * in flight is settled (SqliteReadStore), so memory never keeps what the file does not.
   */
  failed?(collection: string): Promise<void>;
}

/** Pipeline stages that write to collections: mingo would only write to a throwaway array. */
const WRITING_STAGES = ['$out', '$merge'];

/**
 * One collection of the embedded read store: queries run on memory with mingo; every write is checked
 * against the unique indexes, committed to SQLite (or to the batch it belongs to), then applied to memory.
 */
export class SqliteDocumentCollection<T extends Document = Document> implements DocumentCollection<T> {
  constructor(
    readonly name: string,
    private readonly host: CollectionHost,
  ) {}

  async findOne(filter: Filter, options?: Pick<FindOptions, 'projection' | 'sort' | 'readOnly'>): Promise<T | null> {
    // By id alone, the commonest read of a projection (a dozen per reservation): the map lookup, nothing more.
    if (typeof filter._id === 'string' && !options?.projection && singleKey(filter)) {
      const doc = this.state().docs.get(filter._id);
      if (!doc) return null;
      return (options?.readOnly ? doc : copyJson(doc)) as T;
    }
    const [first] = await this.find(filter, { ...options, limit: 1 });
    return first ?? null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    // Projections read their documents back by _id or a plain equality (findOne per event): matched
    // directly, as writes are, because compiling a mingo Query for each read cost more than the read.
    // So are reads that keep or leave out whole top-level fields (a dashboard reading the totals of 700 rollups).
    // A read-only caller gets the stored objects themselves (or a shallow selection of their fields).
    const copy = options.readOnly ? (value: unknown) => value : copyJson;
    const shape = options.projection ? topLevelProjection(options.projection, copy) : (doc: Document) => copy(doc);
    if (shape && !options.sort && !options.skip) {
      return this.matching(filter, options.limit || Infinity).map((doc) => shape(doc) as T);
    }
    const cursor = new Query(filter).find<Document>(this.candidates(filter), options.projection ?? {});
    if (options.sort) cursor.sort(options.sort);
    if (options.skip) cursor.skip(options.skip);
    if (options.limit) cursor.limit(options.limit); // 0 means no limit, as in MongoDB
    return cursor.all().map((doc) => copyJson(doc) as T);
  }

  async countDocuments(filter: Filter): Promise<number> {
    return this.matching(filter).length;
  }

  async insertOne(doc: T): Promise<void> {
    const after = toStored(doc);
    const written = this.commit([{ id: after.doc._id, after }]);
    if (written) await written;
  }

  async updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<UpdateResult> {
    const parsed = parseUpdate(update);
    const target = this.matching(filter, 1);
    if (target.length > 0) return this.modify(target, filter, parsed);
    if (!options?.upsert) return { matchedCount: 0, modifiedCount: 0 };
    // A guarded upsert whose guard failed on an existing _id lands here and fails on the duplicate _id.
    return this.upsert(applyUpdate(seedFromFilter(filter), parsed.onInsert, undefined, this.state().indexes.keyless ? this.host.owned : undefined));
  }

  /**
   * guardedUpsert's write (see the port): the document looked up by id, its stream revision compared, the
   * update patched. Matches what `{ _id, $or: [{ path: { $exists: false } }, { path: { $lt: revision } }] }`
   * would: a missing value, or a number below `revision`; anything else is "already applied" (false).
   */
  async upsertIfNewer({ id, path, revision, update }: GuardedUpsert): Promise<boolean> {
    const parsed = parseUpdate(update);
    const current = this.state().docs.get(id);
    const version = { path, value: revision };
    if (!current) {
      const written = this.upsert(applyUpdate({ _id: id }, parsed.onInsert, undefined, this.state().indexes.keyless ? this.host.owned : undefined, version));
      if (written instanceof Promise) await written;
      return true;
    }
    const applied = valueAt(current, path);
    if (applied !== undefined && !(typeof applied === 'number' && applied < revision)) return false;
    const written = this.modify([current], { _id: id }, parsed, version);
    if (written instanceof Promise) await written;
    return true;
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

  /** Held in memory: each looked up by id, handed out as stored (the read-only reads of a read-modify-write). */
  async findByIds(ids: readonly string[]): Promise<T[]> {
    const { docs } = this.state();
    return [...new Set(ids)].map((id) => docs.get(id)).filter((doc): doc is Document => doc !== undefined) as T[];
  }

  /** One after the other, each its own compare-and-set: memory answers at once, the batch makes them durable together. */
  async upsertEach(writes: readonly ConditionalUpsert[]): Promise<boolean[]> {
    const applied: boolean[] = [];
    for (const { filter, update } of writes) {
      try {
        const result = await this.updateOne(filter, update, { upsert: true });
        applied.push(result.matchedCount > 0 || result.upsertedId !== undefined);
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
        applied.push(false);
      }
    }
    return applied;
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    return this.modify(this.matching(filter), filter, parseUpdate(update));
  }

  async replaceOne(filter: Filter, doc: T, options?: { upsert?: boolean }): Promise<UpdateResult> {
    assertReplacement(doc);
    const { _id: newId, ...fields } = doc as Document;
    const [target] = this.matching(filter, 1);
    if (!target) {
      if (!options?.upsert) return { matchedCount: 0, modifiedCount: 0 };
      return this.upsert(toStored({ _id: newId ?? equalityId(filter) ?? newDocumentId(), ...fields }));
    }
    if (newId !== undefined && newId !== target._id) {
      throw new Error(`replaceOne would modify the immutable field '_id' of ${target._id}`);
    }
    const after = toStored({ _id: target._id, ...fields });
    // Field order counts here: a replacement may reorder the document.
    const changes = JSON.stringify(after.doc) === JSON.stringify(target) ? [] : [{ id: target._id, before: target, after }];
    const written = this.commit(changes);
    if (written) await written;
    return { matchedCount: 1, modifiedCount: changes.length };
  }

  async deleteOne(filter: Filter): Promise<{ deletedCount: number }> {
    return this.remove(this.matching(filter, 1));
  }

  async deleteMany(filter: Filter): Promise<{ deletedCount: number }> {
    return this.remove(this.matching(filter));
  }

  async aggregate<R = Record<string, unknown>>(pipeline: readonly Record<string, unknown>[]): Promise<R[]> {
    const writing = pipeline.flatMap(Object.keys).find((stage) => WRITING_STAGES.includes(stage));
    if (writing) throw new Error(`${writing} is not supported by the embedded read store`);
    // Leading $match stages select from memory directly, so only the selected documents are copied.
    const leading = pipeline.findIndex((stage) => !('$match' in stage));
    const matchCount = leading === -1 ? pipeline.length : leading;
    const filters = pipeline.slice(0, matchCount).map((stage) => stage.$match as Filter);
    const selected = this.matching(filters.length > 0 ? { $and: filters } : {});
    // Stages such as $set write into nested objects of their input, $lookup's included: they get copies,
    // never the store's memory, so the results need no further copy.
    const aggregator = new Aggregator(pipeline.slice(matchCount) as Record<string, unknown>[], {
      collectionResolver: (name: string) => Array.from(this.host.state(name).docs.values(), copyJson),
    });
    return aggregator.run(selected.map(copyJson)) as R[];
  }

  async createIndex(spec: IndexSpec): Promise<void> {
    const definition = toIndexDefinition(spec);
    const { docs, indexes } = this.state();
    if (indexes.has(definition)) return;
    const index = buildIndex(this.name, definition, docs.values());
    const saved = this.host.tables.saveIndex(this.name, definition);
    indexes.add(index);
    if (saved) await this.settle(saved);
  }

  async createIndexes(specs: readonly IndexSpec[]): Promise<void> {
    for (const spec of specs) await this.createIndex(spec);
  }

  private state(): CollectionState {
    return this.host.state(this.name);
  }

  /** Documents matching the filter in natural order, at most `limit`. */
  private matching(filter: Filter, limit = Infinity): Document[] {
    // `{ _id: id }` or `{ _id: { $in: ids } }` alone: the documents looked up by id are exactly the matches.
    if (Object.keys(filter).length === 1 && idsOf(filter._id)) return this.candidates(filter).slice(0, limit);
    const simple = compileSimpleFilter(filter);
    let query: Query | undefined;
    const found: Document[] = [];
    for (const doc of this.candidates(filter)) {
      if (found.length >= limit) break;
      const matched = simple?.(doc) ?? (query ??= new Query(filter)).test(doc);
      if (matched) found.push(doc);
    }
    return found;
  }

  /**
   * Projections address documents by _id, and rollups are read by a list of computed ids (`{ _id: { $in } }`):
   * look them up instead of scanning the collection (the filter is still applied to what is found). So are
   * equalities on an index's first field (a buyer's reservations, a user's favourites), through its lookup.
   */
  private candidates(filter: Filter): Document[] {
    const { docs, indexes } = this.state();
    const ids = idsOf(filter._id) ?? indexes.candidates(filter);
    if (!ids) return [...docs.values()];
    return ids.map((id) => docs.get(id)).filter((doc): doc is Document => doc !== undefined);
  }

  /** Which lookup a query on the filter reads and how many documents (the embedded store's `explain`). */
  plan(filter: Filter): { lookup: string | null; candidates: number } {
    const ids = idsOf(filter._id);
    return ids ? { lookup: '_id', candidates: ids.length } : this.state().indexes.plan(filter);
  }

  /** The result at once, or once the writer thread has the change in the file (commit): no await when nothing is to wait for. */
  private modify(targets: readonly Document[], filter: Filter, update: ParsedUpdate, version?: VersionWrite): UpdateResult | Promise<UpdateResult> {
    const changes: DocumentChange[] = [];
    // In place only where no unique index needs the document as it was (`before`) to move its entries.
    const owned = this.state().indexes.keyless ? this.host.owned : undefined;
    for (const before of targets) {
      const after = applyUpdate(before, update.onMatch, filter, owned, version);
      if (after.changed) changes.push({ id: before._id, before, after });
    }
    return after(this.commit(changes), { matchedCount: targets.length, modifiedCount: changes.length });
  }

  private upsert(stored: StoredDocument): UpdateResult | Promise<UpdateResult> {
    return after(this.commit([{ id: stored.doc._id, after: stored }]), { matchedCount: 0, modifiedCount: 0, upsertedId: stored.doc._id });
  }

  private remove(targets: readonly Document[]): { deletedCount: number } | Promise<{ deletedCount: number }> {
    return after(this.commit(targets.map((before) => ({ id: before._id, before }))), { deletedCount: targets.length });
  }

  /**
   * All or nothing: checked against _id and unique indexes, written to SQLite, then applied to memory. With a
   * writer thread, memory takes it as soon as its statements are sent (in the order writes are made, which is the
   * order the thread writes them), and the promise resolves once they are in the file.
   */
  private commit(changes: readonly DocumentChange[]): void | Promise<void> {
    if (changes.length === 0) return;
    const { docs, indexes } = this.state();
    for (const { id, before } of changes) {
      if (!before && docs.has(id)) throw new DuplicateKeyError(this.name, `_id_ dup key: ${JSON.stringify({ _id: id })}`);
    }
    indexes.check(this.name, changes);
    const written = this.host.tables.write(this.name, changes);
    for (const { id, after } of changes) {
      if (after) docs.set(id, after.doc);
      else docs.delete(id);
    }
    indexes.apply(changes);
    return written ? this.settle(written) : undefined;
  }

  private async settle(written: void | Promise<void>): Promise<void> {
    try {
      await written;
    } catch (error) {
      await this.host.failed?.(this.name);
      throw error;
    }
  }
}

/**
 * A projection of whole top-level fields, as a function giving the copy it selects, or undefined when it
 * names nested paths or operators, or mixes inclusion and exclusion (mingo's, with MongoDB's errors).
 * Inclusion keeps `_id` unless it says `_id: 0`, as in MongoDB.
 */
function topLevelProjection(projection: Record<string, 0 | 1>, copy: (value: unknown) => unknown): ((doc: Document) => Record<string, unknown>) | undefined {
  const fields = Object.keys(projection);
  if (fields.some((f) => f.includes('.') || f.startsWith('$') || (projection[f] !== 0 && projection[f] !== 1))) return undefined;
  const others = fields.filter((f) => f !== '_id');
  const including = others.length > 0 ? projection[others[0]] === 1 : projection._id === 1;
  if (others.some((f) => projection[f] !== (including ? 1 : 0))) return undefined;
  if (including) {
    const keep = projection._id === 0 ? others : ['_id', ...others];
    return (doc) => {
      const out: Record<string, unknown> = {};
      for (const f of keep) if (f in doc) out[f] = copy(doc[f]);
      return out;
    };
  }
  const drop = new Set(fields.filter((f) => projection[f] === 0));
  return (doc) => {
    const out: Record<string, unknown> = {};
    for (const [f, value] of Object.entries(doc)) if (!drop.has(f)) out[f] = copy(value);
    return out;
  };
}

/** `result`, once `written` (if anything is in flight) has resolved. */
function after<R>(written: void | Promise<void>, result: R): R | Promise<R> {
  return written ? written.then(() => result) : result;
}

/** A filter of one condition. */
function singleKey(filter: Filter): boolean {
  let keys = 0;
  for (const _ in filter) if (++keys > 1) return false;
  return keys === 1;
}

/** The ids an `_id` condition names: a string, or `$in` of distinct strings (and nothing else); undefined otherwise. */
function idsOf(condition: unknown): string[] | undefined {
  if (typeof condition === 'string') return [condition];
  if (!condition || typeof condition !== 'object' || Array.isArray(condition)) return undefined;
  const keys = Object.keys(condition);
  const list = (condition as { $in?: unknown }).$in;
  if (keys.length !== 1 || !Array.isArray(list) || !list.every((id): id is string => typeof id === 'string')) return undefined;
  return [...new Set(list)];
}
