import { BSON } from 'mongodb';
import type { Filter, Update } from '../../kernel/ports/read-store';

/** What the driver sees: documents keyed by a string _id. */
export type Stored = { _id: string } & Record<string, unknown>;

/**
 * The documents one write-behind batch last read by _id or wrote with a compare-and-set (guarded-writes.ts
 * `compareAndSet`: `{ _id, _w }` filter, `$set` with the next `_w`), as they stand after that. A document fed
 * by many streams (the catalogue card: its project's and every unit's) is then read once per batch, not once
 * per event: the next compare-and-set starts from the copy held here.
 *
 * Safe because every such write is conditional on `_w`: if another consumer wrote the document meanwhile,
 * the write guarded by the copy's `_w` matches nothing, the copy is dropped (`forget`), and the retry reads
 * the database. (That rests on what compareAndSet already needs: every writer of such a document moves `_w`.)
 * Any other write this batch makes to a collection drops that collection's copies.
 * Copies are shared with readers that promised not to change them (`readOnly`), so they are never mutated:
 * a write makes a new object.
 */
export class BatchDocuments {
  private readonly byCollection = new Map<string, Map<string, Stored | null>>();

  /** The copy of `_id` held for this filter and read, if the read is one a copy may answer. */
  lookup(collection: string, filter: Filter, readOnly: boolean | undefined): Stored | null | undefined {
    const id = readOnly ? idOnly(filter) : undefined;
    return id === undefined ? undefined : this.byCollection.get(collection)?.get(id);
  }

  /** Holds what a read by _id alone found (null: no such document). */
  noteRead(collection: string, filter: Filter, doc: Stored | null): void {
    const id = idOnly(filter);
    if (id !== undefined) this.of(collection).set(id, doc);
  }

  /**
   * After an updateOne that matched or upserted: if it was a compare-and-set on a held copy, the copy
   * becomes the document as written; any other write drops what is held of the collection.
   */
  noteWritten(collection: string, filter: Filter, update: Update): void {
    const cas = compareAndSetOf(filter, update);
    const held = cas && this.byCollection.get(collection)?.get(cas.id);
    const next = cas && held !== undefined && sameCounter(held, cas.written) ? withSet(held ?? { _id: cas.id }, roundTripped(cas.set)) : undefined;
    if (next) this.of(collection).set(next._id, next);
    else this.forgetAll(collection);
  }

  /** A write that matched nothing or failed: the copy of `_id` (if the filter names one) is not to be trusted. */
  forget(collection: string, filter: Filter): void {
    const id = typeof filter._id === 'string' ? filter._id : undefined;
    if (id === undefined) this.forgetAll(collection);
    else this.byCollection.get(collection)?.delete(id);
  }

  forgetAll(collection: string): void {
    this.byCollection.delete(collection);
  }

  private of(collection: string): Map<string, Stored | null> {
    let docs = this.byCollection.get(collection);
    if (!docs) this.byCollection.set(collection, (docs = new Map()));
    return docs;
  }
}

/** `{ _id: '<string>' }` and nothing else: the only read a held copy answers. */
const idOnly = (filter: Filter): string | undefined => {
  const keys = Object.keys(filter);
  return keys.length === 1 && typeof filter._id === 'string' ? filter._id : undefined;
};

/** The write counter the filter requires: a number, or null for `{ $exists: false }`. */
type Counter = number | null;

const compareAndSetOf = (filter: Filter, update: Update): { id: string; written: Counter; set: Record<string, unknown> } | undefined => {
  if (Array.isArray(update) || Object.keys(filter).length !== 2 || typeof filter._id !== 'string') return undefined;
  const keys = Object.keys(update);
  if (keys.length !== 1 || keys[0] !== '$set' || typeof update.$set !== 'object' || update.$set === null) return undefined;
  const w = filter._w;
  const written = typeof w === 'number' ? w : isAbsent(w) ? null : undefined;
  return written === undefined ? undefined : { id: filter._id, written, set: update.$set as Record<string, unknown> };
};

const isAbsent = (condition: unknown): boolean =>
  typeof condition === 'object' && condition !== null && Object.keys(condition).length === 1 && (condition as { $exists?: unknown }).$exists === false;

/** Whether the held copy (null: no document) has the counter the write was guarded by. */
const sameCounter = (held: Stored | null, written: Counter): boolean => {
  const w = held?._w;
  return written === null ? w === undefined : w === written;
};

/** The values as the database stores them (undefined becomes null, dates stay dates): what a read would give back. */
const roundTripped = (set: Record<string, unknown>): Record<string, unknown> => BSON.deserialize(BSON.serialize(set, { ignoreUndefined: false }));

/**
 * `$set` applied to a copy: dotted paths copy each object on their way, never the one held before. Undefined
 * when a path crosses an array or a scalar (MongoDB's rules there are not worth repeating: the copy is dropped).
 */
export const withSet = (doc: Stored, set: Record<string, unknown>): Stored | undefined => {
  const next: Record<string, unknown> = { ...doc };
  for (const [path, value] of Object.entries(set)) {
    const parts = path.split('.');
    let target = next;
    for (const part of parts.slice(0, -1)) {
      const child = target[part];
      if (child !== undefined && !isPlainObject(child)) return undefined;
      const copy = { ...(child as Record<string, unknown> | undefined) };
      target[part] = copy;
      target = copy;
    }
    target[parts[parts.length - 1]] = value;
  }
  return next as Stored;
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
