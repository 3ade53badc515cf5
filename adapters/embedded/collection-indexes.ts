import { DuplicateKeyError, type Document, type Filter, type IndexSpec } from '../../kernel/ports/read-store';
import { conjuncts, FieldLookup } from './field-lookup';
import type { StoredDocument } from './json-document';

export interface IndexDefinition {
  readonly name: string;
  readonly keys: Record<string, 1 | -1>;
  readonly unique: boolean;
}

/** One write to a collection: an insert has no `before`, a delete no `after`. */
export interface DocumentChange {
  readonly id: string;
  readonly before?: Document;
  readonly after?: StoredDocument;
}

/** MongoDB's default index name: `field_1_other_-1`. */
export function toIndexDefinition(spec: IndexSpec): IndexDefinition {
  const name =
    spec.name ??
    Object.entries(spec.keys)
      .map(([field, direction]) => `${field}_${direction}`)
      .join('_');
  return { name, keys: spec.keys, unique: spec.unique ?? false };
}

/**
 * A unique index: which document holds each key. As in MongoDB, a missing field indexes as null, so two
 * documents without the field collide. Keys compare as JSON, like BSON: field order in sub-documents counts.
 */
class UniqueKeys {
  private readonly fields: string[];
  private readonly owners = new Map<string, string>();

  constructor(private readonly definition: IndexDefinition) {
    this.fields = Object.keys(definition.keys);
  }

  /** Throws DuplicateKeyError if the documents, taken as one set, repeat a key. */
  fill(collection: string, docs: Iterable<Document>): void {
    for (const doc of docs) {
      const key = this.keyOf(doc);
      if (this.owners.has(key)) throw this.duplicate(collection, doc);
      this.owners.set(key, doc._id);
    }
  }

  /**
   * Checks the changes one document at a time, in order, as MongoDB applies a multi-document write:
   * a key counts as free only once the document holding it has been changed earlier in the same write.
   */
  check(collection: string, changes: readonly DocumentChange[]): void {
    const released = new Set<string>();
    const claimed = new Set<string>();
    for (const { id, before, after } of changes) {
      if (before) released.add(this.keyOf(before));
      if (!after) continue;
      const key = this.keyOf(after.doc);
      const owner = this.owners.get(key);
      const heldElsewhere = owner !== undefined && owner !== id && !released.has(key);
      if (claimed.has(key) || heldElsewhere) throw this.duplicate(collection, after.doc);
      claimed.add(key);
    }
  }

  apply(changes: readonly DocumentChange[]): void {
    // Release every old key before taking the new ones: a key may pass from one document to another.
    for (const { before } of changes) if (before) this.owners.delete(this.keyOf(before));
    for (const { id, after } of changes) if (after) this.owners.set(this.keyOf(after.doc), id);
  }

  private keyOf(doc: Document): string {
    return JSON.stringify(this.fields.map((field) => valueAt(doc, field) ?? null));
  }

  private duplicate(collection: string, doc: Document): DuplicateKeyError {
    const values = Object.fromEntries(this.fields.map((field) => [field, valueAt(doc, field) ?? null]));
    return new DuplicateKeyError(collection, `${this.definition.name} dup key: ${JSON.stringify(values)}`);
  }
}

export interface BuiltIndex {
  readonly definition: IndexDefinition;
  readonly keys?: UniqueKeys;
}

/** Builds an index over the documents; throws DuplicateKeyError if they violate it. */
export function buildIndex(collection: string, definition: IndexDefinition, docs: Iterable<Document>): BuiltIndex {
  if (!definition.unique) return { definition };
  const keys = new UniqueKeys(definition);
  keys.fill(collection, docs);
  return { definition, keys };
}

/**
 * A collection's secondary indexes. Unique ones refuse duplicate keys; an index's first field, in ascending
 * order, is also a lookup (field-lookup.ts) that queries naming it by equality read instead of the whole collection.
 */
export class CollectionIndexes {
  private readonly byName = new Map<string, BuiltIndex>();
  /** One lookup per distinct first field of the indexes (`{ userId: 1, createdAt: -1 }` and `{ userId: 1 }` share one). */
  private readonly lookups = new Map<string, FieldLookup>();
  /**
   * Each document's place in natural order (insertion order, as the documents' map iterates), kept once there
   * is a lookup: what it finds is given back in that order, as a scan gives it. Deleted and inserted again, a
   * document goes last, as in the map.
   */
  private readonly places = new Map<string, number>();
  private nextPlace = 0;

  /** `docs`: the collection's documents in natural order, which this follows through apply(). */
  constructor(private readonly docs: ReadonlyMap<string, Document> = new Map()) {}

  definitions(): IndexDefinition[] {
    return [...this.byName.values()].map((index) => index.definition);
  }

  /**
   * True if this exact index exists already (creating it again is a no-op, as in MongoDB);
   * throws if another index has the name.
   */
  has(definition: IndexDefinition): boolean {
    const existing = this.byName.get(definition.name)?.definition;
    if (!existing) return false;
    if (JSON.stringify(existing) === JSON.stringify(definition)) return true;
    throw new Error(`An index named ${definition.name} already exists with different keys or options`);
  }

  /**
   * No unique index besides `_id`: a change needs no index entries moved, so nothing needs the document as it
   * was (what in-place patching relies on). The other indexes keep no entries here (queries scan memory).
   */
  get keyless(): boolean {
    for (const { keys } of this.byName.values()) if (keys) return false;
    return true;
  }

  add(index: BuiltIndex): void {
    this.byName.set(index.definition.name, index);
    const [field] = Object.keys(index.definition.keys);
    // A first field in descending order is a sort (newest first: `{ lastActivityAt: -1 }`, `{ position: -1 }`),
    // never asked for by equality: a lookup there would only move documents between values at each write.
    if (field === undefined || field === '_id' || index.definition.keys[field] === -1 || this.lookups.has(field)) return;
    if (this.lookups.size === 0) for (const id of this.docs.keys()) this.places.set(id, this.nextPlace++);
    const lookup = new FieldLookup(field);
    for (const [id, doc] of this.docs) lookup.set(id, doc);
    this.lookups.set(field, lookup);
  }

  /** Throws DuplicateKeyError if applying all the changes together would violate a unique index. */
  check(collection: string, changes: readonly DocumentChange[]): void {
    for (const { keys } of this.byName.values()) keys?.check(collection, changes);
  }

  /** Follows changes already applied to the documents' map. */
  apply(changes: readonly DocumentChange[]): void {
    for (const { keys } of this.byName.values()) keys?.apply(changes);
    if (this.lookups.size === 0) return;
    for (const { id, before, after } of changes) {
      if (!after) this.places.delete(id);
      else if (!before) this.places.set(id, this.nextPlace++);
      for (const lookup of this.lookups.values()) {
        if (after) lookup.set(id, after.doc);
        else lookup.delete(id);
      }
    }
  }

  /**
   * The ids of the documents that may match the filter, in natural order, through the lookup of one of its
   * equality conditions (the one with the fewest candidates); undefined when no lookup applies (scan them all).
   */
  candidates(filter: Filter): string[] | undefined {
    const best = this.bestLookup(filter);
    if (!best) return undefined;
    const ids = [...best.ids];
    if (ids.length > 1) ids.sort((a, b) => this.places.get(a)! - this.places.get(b)!);
    return ids;
  }

  /** What a query on the filter would read: the lookup's field, or none (a scan). For tests and diagnostics. */
  plan(filter: Filter): { lookup: string | null; candidates: number } {
    const best = this.bestLookup(filter);
    return best ? { lookup: best.field, candidates: best.ids.size } : { lookup: null, candidates: this.docs.size };
  }

  /** Of the filter's conditions that a lookup answers, the one with the fewest candidates. */
  private bestLookup(filter: Filter): { field: string; ids: Set<string> } | undefined {
    if (this.lookups.size === 0) return undefined;
    let best: { field: string; ids: Set<string> } | undefined;
    for (const [path, condition] of conjuncts(filter)) {
      const ids = this.lookups.get(path)?.candidates(condition);
      if (ids && (!best || ids.size < best.ids.size)) best = { field: path, ids };
    }
    return best;
  }
}

/** Value at a dotted path through sub-documents (arrays are indexed whole, not element by element). */
export function valueAt(doc: Document, path: string): unknown {
  let value: unknown = doc;
  for (const field of path.split('.')) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[field];
  }
  return value;
}
