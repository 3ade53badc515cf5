import { randomUUID } from 'node:crypto';
import { update as applyModifier } from 'mingo';
import type { Document, Filter, Update } from '../../kernel/ports/read-store';
import { copyJson, jsonEqual, toJsonValue, toStored, type StoredDocument } from './json-document';
import { dictionary } from '../../kernel/projections/dictionary';

type Modifier = Parameters<typeof applyModifier>[1];

/** The same update as applied to a matched document and to a document an upsert creates. */
export interface ParsedUpdate {
  readonly onMatch: Modifier;
  readonly onInsert: Modifier;
}

/** MongoDB refuses an update without operators (it would be a replacement); so do we. */
export function parseUpdate(update: Update): ParsedUpdate {
  const operators = Object.keys(update);
  if (operators.length === 0 || operators.some((key) => !key.startsWith('$'))) {
    throw new Error(`Update document requires atomic operators: ${JSON.stringify(update)}`);
  }
  const { $setOnInsert } = update as Record<string, Record<string, unknown> | undefined>;
  // The update itself when it has no $setOnInsert (never changed here): an object rest of it gave V8 a new hidden class per call.
  if (!$setOnInsert) return { onMatch: update as Modifier, onInsert: update as Modifier };
  const { $setOnInsert: _insertOnly, ...onMatch } = update as Record<string, Record<string, unknown> | undefined>;
  // Merging $setOnInsert into $set would silently drop one of two writes to the same path; MongoDB refuses them.
  const conflict = Object.keys($setOnInsert).find((path) => onMatch.$set && path in onMatch.$set);
  if (conflict) throw new Error(`Updating the path '${conflict}' would create a conflict at '${conflict}'`);
  return { onMatch, onInsert: { ...onMatch, $set: { ...onMatch.$set, ...$setOnInsert } } };
}

/** A document after an update, and whether the update changed anything (MongoDB's modifiedCount). */
export interface UpdatedDocument extends StoredDocument {
  readonly changed: boolean;
}

/**
 * Applies update operators to `doc` without changing it (unless `owned` says nobody else holds it: see below). `filter` is the matching filter, which the
 * positional operator `$` needs; it is left out for an upsert's new document, which need not match it.
 */
export function applyUpdate(doc: Document, modifier: Modifier, filter?: Filter, owned?: Ownership, version?: VersionWrite): UpdatedDocument {
  const patched = patchPlainSetUnset(doc, modifier as Record<string, unknown>, owned, version);
  if (patched) return patched;
  const copy = copyJson(doc);
  applyModifier(copy, version ? withVersion(modifier, version) : modifier, undefined, filter);
  const after = toStored(copy).doc;
  return { doc: after, changed: !jsonEqual(doc, after) };
}

/**
 * A stream revision written with an update (guardedUpsert's `_v.<stream>`), apart from the update's own `$set`:
 * a `$set` copied with a key unique to each stream gave V8 a new hidden class per event (a transition per
 * stream from the projection's `$set` shape), and every property loop over it missed its caches.
 */
export interface VersionWrite {
  readonly path: string;
  readonly value: number;
}

/** The update with the revision added to its `$set`, for mingo (the unusual updates the patch leaves to it). */
const withVersion = (modifier: Modifier, version: VersionWrite): Modifier => {
  const { $set, ...others } = modifier as Record<string, Record<string, unknown> | undefined>;
  return { ...others, $set: { ...$set, [version.path]: version.value } } as Modifier;
};

/** Who holds an object: `has` true means only the caller, which may then write it in place. */
export interface Ownership {
  has(value: object): boolean;
  add(value: object): void;
}

/** Every object of the document is the store's alone (see patchPlainSetUnset). */
export const EVERY_STORED_OBJECT: Ownership = { has: () => true, add: () => undefined };

/** Operators done directly on plain paths; anything else is mingo's. */
const DIRECT_OPERATORS = new Set(['$set', '$unset', '$push', '$addToSet', '$inc']);

/** A plain field path: no positional or array-index segments. */
const isPlainPath = (segments: readonly string[]): boolean => {
  for (const s of segments) if (s === '' || s.charCodeAt(0) === 36 /* $ */ || isArrayIndex(s)) return false;
  return true;
};

/** A field path's segments; most paths have one, and need no split. */
const segmentsOf = (key: string): string[] => (key.indexOf('.') === -1 ? [key] : key.split('.'));

/** All digits: a segment addressing an array element. */
const isArrayIndex = (segment: string): boolean => {
  for (let i = 0; i < segment.length; i++) {
    const c = segment.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
};

/** A value carrying modifiers ($each, $slice...) for $push/$addToSet: mingo's. */
const hasModifiers = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).some((k) => k.startsWith('$'));

/**
 * The updates projections write ($set, $unset, $push, $addToSet and $inc of plain field paths into
 * objects), done directly and copy-on-write: only the objects and arrays on the written paths are copied,
 * the rest of the document is shared with the previous version (the store never mutates a stored document,
 * and hands readers copies). Neither the document nor the update goes through JSON text: values are
 * normalised as JSON would (toJsonValue). mingo's updater rebuilds its operator tables on every call, which
 * dominated projection cost. Anything unusual (other operators, modifiers such as $each, array indexes,
 * positional paths, a path through a non-object, $push onto a non-array, $inc of a non-number) returns
 * undefined and goes to mingo, which owns the semantics and the errors.
 *
 * `owned`: which objects and arrays nobody but the caller holds, written in place instead of copied (what this
 * update copies is added to it). The read store passes EVERY_STORED_OBJECT inside a batch for collections
 * without unique indexes: there no reader holds its memory (readers get copies), no index needs the
 * document as it was, and a batch that fails is reloaded from SQLite. A rollup holding a map of 200 projects
 * is then not copied per increment (copying it was half the dashboards' catch-up).
 */
function patchPlainSetUnset(doc: Document, modifier: Record<string, unknown>, owned?: Ownership, version?: VersionWrite): UpdatedDocument | undefined {
  const ops = Object.keys(modifier);
  if (ops.some((op) => !DIRECT_OPERATORS.has(op))) return undefined;
  const entries: { op: string; path: string[]; value: unknown }[] = [];
  // Paths must not overlap ('a' and 'a.b'): MongoDB refuses that; let mingo answer it. (A set of the paths as
  // written, then each dotted path's proper prefixes looked up: linear, where comparing every pair was not.)
  const written = new Set<string>();
  let dotted = false;
  for (const op of ops) {
    const fields = (modifier[op] ?? {}) as Record<string, unknown>;
    for (const key in fields) {
      if (written.has(key)) return undefined;
      written.add(key);
      const path = segmentsOf(key);
      if (!isPlainPath(path) || path[0] === '_id') return undefined;
      if (path.length > 1) dotted = true;
      entries.push({ op, path, value: fields[key] });
    }
  }
  if (version) {
    if (written.has(version.path)) return undefined;
    written.add(version.path);
    const path = segmentsOf(version.path);
    if (path.length > 1) dotted = true;
    entries.push({ op: '$set', path, value: version.value });
  }
  if (dotted) {
    for (const key of written) for (let at = key.indexOf('.'); at !== -1; at = key.indexOf('.', at + 1)) if (written.has(key.slice(0, at))) return undefined;
  }
  // Every intermediate must be an object or missing, and each operator's target fit it, checked before anything is copied.
  for (const { op, path, value } of entries) {
    let node: unknown = doc;
    for (const segment of path) {
      if (node === undefined) break;
      if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
      node = (node as Record<string, unknown>)[segment];
    }
    if ((op === '$push' || op === '$addToSet') && ((node !== undefined && !Array.isArray(node)) || hasModifiers(value))) return undefined;
    if (op === '$inc' && (typeof value !== 'number' || (node !== undefined && typeof node !== 'number'))) return undefined;
  }
  // Values as JSON gives them back, made before anything is written: nothing below can throw halfway.
  for (const entry of entries) {
    if (entry.op === '$set') entry.value = toJsonValue(entry.value);
    else if (entry.op === '$push' || entry.op === '$addToSet') entry.value = toJsonValue(entry.value) ?? null;
  }
  // Objects already copied (or owned by the caller): written freely; any other object is shared and copied first.
  const copied = owned ?? new WeakSet<object>();
  const roomy = withRoomFor(doc, entries);
  const root: Record<string, unknown> = roomy ?? (copied.has(doc) ? doc : { ...doc });
  copied.add(root);
  // Fields added: the document changed (each slot is written below with a value).
  let changed = roomy !== undefined;
  for (const { op, path, value } of entries) {
    let node = root;
    let missing = false;
    for (let depth = 0; depth < path.length - 1; depth++) {
      const segment = path[depth];
      const child = node[segment] as Record<string, unknown> | undefined;
      if (child === undefined) {
        if (op === '$unset') {
          missing = true;
          break;
        }
        const created = dictionary();
        copied.add(created);
        node[segment] = created;
        node = created;
      } else if (copied.has(child)) node = child;
      else {
        const copy = { ...child };
        copied.add(copy);
        node[segment] = copy;
        node = copy;
      }
    }
    if (missing) continue;
    const last = path[path.length - 1];
    const current = node[last];
    let next: unknown;
    switch (op) {
      case '$set':
        next = value;
        break;
      case '$unset':
        next = undefined;
        break;
      case '$inc':
        next = ((current as number | undefined) ?? 0) + (value as number);
        break;
      case '$push': {
        const item = value;
        if (current !== undefined && copied.has(current as unknown[])) {
          (current as unknown[]).push(item);
          changed = true;
          continue;
        }
        next = [...((current as unknown[] | undefined) ?? []), item];
        copied.add(next as unknown[]);
        break;
      }
      default: {
        const item = value;
        const items = (current as unknown[] | undefined) ?? [];
        if (items.some((existing) => jsonEqual(existing, item))) next = current ?? [];
        else if (current !== undefined && copied.has(items)) {
          items.push(item);
          changed = true;
          continue;
        } else copied.add((next = [...items, item]) as unknown[]);
      }
    }
    // JSON leaves a field set to undefined out, as an $unset would.
    if (next === undefined) {
      if (last in node) {
        delete node[last];
        changed = true;
      }
    } else {
      if (!changed && !jsonEqual(current, next)) changed = true;
      node[last] = next;
    }
  }
  return { doc: root as Document, changed };
}

/** More new top-level fields than this in one update and the copy is built with them (see withRoomFor). */
const NEW_FIELDS_ADDED_ONE_BY_ONE = 4;

/**
 * A copy of the document with a slot for each top-level field the update adds, when it adds several. V8 turns an
 * object that gets more than ~12 fields added by computed key into a dictionary: an upsert writing twenty fields
 * into `{ _id }` made every new reservation, lead and unit document one, and each later copy of such a document
 * cost 5-13 µs (a fast one's: under 0.5 µs), each write's JSON.stringify a third more. The copy is parsed from a
 * skeleton (`{"_id":null,...}`, kept per shape): JSON.parse lays the fields out inside the object, where later
 * additions stay fast (Object.fromEntries or a spread of a dictionary put them outside, where the next field
 * added by key made a dictionary again). Each slot holds undefined, which reads as the missing field it was,
 * until the update writes it: every slot is for a field some entry writes. Undefined when the update adds few.
 */
const withRoomFor = (doc: Document, entries: readonly { op: string; path: string[]; value: unknown }[]): Record<string, unknown> | undefined => {
  let added: Set<string> | undefined;
  for (const { op, path, value } of entries) {
    const field = path[0];
    if (op === '$unset' || value === undefined || Object.prototype.hasOwnProperty.call(doc, field)) continue;
    (added ??= new Set()).add(field);
  }
  if (!added || added.size <= NEW_FIELDS_ADDED_ONE_BY_ONE) return undefined;
  const present = Object.keys(doc);
  // Assigning `__proto__` would set the prototype, not the parsed field: such a document is built as before.
  if (added.has('__proto__') || present.includes('__proto__')) return undefined;
  const copy = JSON.parse(skeleton([...present, ...added])) as Record<string, unknown>;
  for (const key of present) copy[key] = doc[key];
  // A top-level $set writes its slot whatever it held; other operators read it first, as missing.
  for (const { op, path } of entries) if (path.length > 1 || op !== '$set') if (added.has(path[0]) && copy[path[0]] === null) copy[path[0]] = undefined;
  return copy;
};

/** `{"a":null,"b":null}` for the fields named, kept per shape (a projection writes the same few shapes). */
const skeletons = new Map<string, string>();
const SKELETONS_KEPT = 1000;
const skeleton = (fields: readonly string[]): string => {
  const shape = fields.join('\u0000');
  let text = skeletons.get(shape);
  if (text === undefined) {
    if (skeletons.size >= SKELETONS_KEPT) skeletons.clear();
    text = `{${fields.map((field) => `${JSON.stringify(field)}:null`).join(',')}}`;
    skeletons.set(shape, text);
  }
  return text;
};

/**
 * The document an upsert starts from, as MongoDB builds it: the filter's equality fields (`field: value`,
 * `field: { $eq: value }`, also inside `$and`; conditions such as `$lt` or a regex are ignored), and a new
 * random `_id` when the filter names none.
 */
export function seedFromFilter(filter: Filter): Document {
  const { _id, ...fields } = equalityFields(filter);
  const seed: Document = { _id: typeof _id === 'string' ? _id : newDocumentId() };
  // mingo's $set builds the nested documents a dotted path ('address.city') names.
  if (Object.keys(fields).length > 0) applyModifier(seed, { $set: fields });
  return seed;
}

/** MongoDB would generate an ObjectId; our ids are strings. */
export function newDocumentId(): string {
  return randomUUID();
}

/** `_id` a filter pins by equality, if any. */
export function equalityId(filter: Filter): string | undefined {
  const { _id } = equalityFields(filter);
  return typeof _id === 'string' ? _id : undefined;
}

/** A replacement is a whole document: operators in it are a caller's mistake, as MongoDB says. */
export function assertReplacement(doc: Record<string, unknown>): void {
  const operator = Object.keys(doc).find((key) => key.startsWith('$'));
  if (operator) throw new Error(`Replacement document must not contain update operators (${operator})`);
}

function equalityFields(filter: Filter): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [path, condition] of Object.entries(filter)) {
    if (path === '$and' && Array.isArray(condition)) Object.assign(fields, ...condition.map(equalityFields));
    else if (!path.startsWith('$')) {
      const value = equalityValue(condition);
      if (value !== undefined) fields[path] = value;
    }
  }
  return fields;
}

function equalityValue(condition: unknown): unknown {
  if (condition instanceof RegExp) return undefined;
  if (condition === null || typeof condition !== 'object' || Array.isArray(condition)) return condition;
  const keys = Object.keys(condition);
  if (!keys.some((key) => key.startsWith('$'))) return condition;
  return keys.length === 1 && keys[0] === '$eq' ? (condition as { $eq: unknown }).$eq : undefined;
}
