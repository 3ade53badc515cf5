import type { Document, Filter } from '../../kernel/ports/read-store';

/** A value an index keys by: JSON's scalars (a missing field keys as null, as MongoDB indexes it). */
type LookupKey = string | number | boolean | null;

/**
 * Which documents hold each value of an index's first field, so that a query naming that field by equality
 * reads those documents instead of the whole collection: a buyer's reservations, a user's collaborator record,
 * a reservation's ledger rows were each a scan of every document, at every request or event that asked.
 *
 * A document whose value there is an array or a sub-document (or is reached through an array) may match many
 * values (MongoDB's multikey matching, `{ tags: 'x' }`): it is a candidate for every lookup. The caller applies
 * the whole filter to the candidates, so the lookup only has to never leave a match out.
 *
 * Entries are kept by document id, not read from the document as it was: updates inside a batch write the
 * stored object in place (document-updates.ts), so the previous version is not there to read the old value from.
 */
export class FieldLookup {
  private readonly path: string[];
  private readonly byKey = new Map<LookupKey, Set<string>>();
  private readonly keyOfId = new Map<string, LookupKey>();
  /** Documents that are candidates for any value (see above). */
  private readonly anyValue = new Set<string>();

  constructor(readonly field: string) {
    this.path = field.split('.');
  }

  /** Files the document under its current value, moving it from the value it had. */
  set(id: string, doc: Document): void {
    const key = this.keyOf(doc);
    if (key === MANY) {
      this.unfile(id);
      this.anyValue.add(id);
      return;
    }
    this.anyValue.delete(id);
    if (this.keyOfId.has(id)) {
      if (this.keyOfId.get(id) === key) return;
      this.unfile(id);
    }
    this.keyOfId.set(id, key);
    const ids = this.byKey.get(key);
    if (ids) ids.add(id);
    else this.byKey.set(key, new Set([id]));
  }

  delete(id: string): void {
    this.unfile(id);
    this.anyValue.delete(id);
  }

  /**
   * The ids of the documents that may match `condition` on this field (an equality, `$eq` or `$in` of scalars),
   * in no particular order; undefined when the condition is of another kind.
   */
  candidates(condition: unknown): Set<string> | undefined {
    const values = equalityValues(condition);
    if (!values) return undefined;
    if (values.length === 1 && this.anyValue.size === 0) return this.byKey.get(values[0]) ?? EMPTY;
    const found = new Set(this.anyValue);
    for (const value of values) for (const id of this.byKey.get(value) ?? EMPTY) found.add(id);
    return found;
  }

  private unfile(id: string): void {
    if (!this.keyOfId.has(id)) return;
    const key = this.keyOfId.get(id)!;
    this.keyOfId.delete(id);
    const ids = this.byKey.get(key);
    ids?.delete(id);
    if (ids?.size === 0) this.byKey.delete(key);
  }

  private keyOf(doc: Document): LookupKey | typeof MANY {
    let value: unknown = doc;
    for (const segment of this.path) {
      if (Array.isArray(value)) return MANY;
      if (value === null || typeof value !== 'object') return null;
      value = (value as Record<string, unknown>)[segment];
    }
    if (value === undefined || value === null) return null;
    if (typeof value === 'object') return MANY;
    return value as LookupKey;
  }
}

const MANY = Symbol('many values');
const EMPTY: Set<string> = new Set();

/** A scalar an equality can be looked up by: what JSON stores (no NaN, no Date: those are matched by scanning). */
const isKey = (value: unknown): value is LookupKey =>
  value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && !Number.isNaN(value));

/** `value`, `{ $eq: value }` or `{ $in: [values] }` of scalars: the values a document must hold; else undefined. */
const equalityValues = (condition: unknown): LookupKey[] | undefined => {
  if (isKey(condition)) return [condition];
  if (condition === null || typeof condition !== 'object' || Array.isArray(condition) || condition instanceof RegExp) return undefined;
  const keys = Object.keys(condition);
  if (keys.length !== 1) return undefined;
  const operand = (condition as Record<string, unknown>)[keys[0]];
  if (keys[0] === '$eq') return isKey(operand) ? [operand] : undefined;
  if (keys[0] === '$in') return Array.isArray(operand) && operand.every(isKey) ? operand : undefined;
  return undefined;
};

/** The filter's conditions on top-level paths, its `$and` clauses' included: each must hold. */
export const conjuncts = function* (filter: Filter): Generator<[string, unknown]> {
  for (const [path, condition] of Object.entries(filter)) {
    if (path === '$and' && Array.isArray(condition)) for (const clause of condition) yield* conjuncts(clause as Filter);
    else if (!path.startsWith('$')) yield [path, condition];
  }
};
