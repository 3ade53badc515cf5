/**
 * Which fields of which events are personal data, and whose. An event type maps to one or more marks;
 * each mark names the field holding the subject id (pseudonymous: a user id, a lead id) and the fields
 * holding that subject's personal data (name, email, RUT, phone, income...). Paths are dot-separated
 * (`changes.phone`); a path that is absent or null in an event is skipped.
 *
 * A mark stays in the schema as long as events carrying it exist: the codec only decrypts marked paths.
 * Marks are matched on the event type as stored; renaming a marked event type needs an upcaster that
 * renames after decryption, since the type is part of each field's AAD.
 */
export interface PersonalDataMark {
  readonly subject: string;
  readonly fields: readonly string[];
}

export type PersonalDataSchema = Readonly<Record<string, PersonalDataMark | readonly PersonalDataMark[]>>;

/** Several schemas (one per event family) as one; two families may not mark the same event type. */
export const combineSchemas = (...schemas: PersonalDataSchema[]): PersonalDataSchema => {
  const combined: Record<string, PersonalDataMark | readonly PersonalDataMark[]> = {};
  for (const schema of schemas)
    for (const [type, marks] of Object.entries(schema)) {
      if (type in combined) throw new Error(`Personal data of ${type} is marked twice`);
      combined[type] = marks;
    }
  return combined;
};

export const marksOf = (schema: PersonalDataSchema, type: string): readonly PersonalDataMark[] => {
  const marks = Object.prototype.hasOwnProperty.call(schema, type) ? schema[type] : undefined;
  if (marks === undefined) return [];
  return Array.isArray(marks) ? (marks as readonly PersonalDataMark[]) : [marks as PersonalDataMark];
};

/** A path split once (the codec reads and writes the same marked paths on every event). */
export type PathSegments = readonly string[];

export const valueAt = (data: unknown, path: string | PathSegments): unknown => {
  let current = data;
  for (const key of typeof path === 'string' ? path.split('.') : path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
};

/**
 * A copy of `data` with each value written at its path, copying only the objects along the paths, each once
 * however many of its fields are written (a lead's contact has six); the input is untouched. A path whose
 * parent is absent is skipped, unless `createParents` (then an absent parent is made an empty object). `copies`:
 * the objects already copied by earlier calls on the same document, written into again instead of copied (a fold
 * of several events over one document copies each object once in all).
 */
export const withValuesAt = (
  data: Record<string, unknown>,
  writes: readonly (readonly [PathSegments, unknown])[],
  options: { readonly copies?: Set<object>; readonly createParents?: boolean } = {},
): Record<string, unknown> => {
  const copies = options.copies ?? new Set<object>();
  const root: Record<string, unknown> = copies.has(data) ? data : { ...data };
  copies.add(root);
  /** The object under `key`, copied the first time a write goes through it; undefined when it is no object. */
  const own = (parent: Record<string, unknown>, key: string): Record<string, unknown> | undefined => {
    const child = parent[key];
    if (child === undefined && options.createParents) {
      const made: Record<string, unknown> = {};
      copies.add(made);
      parent[key] = made;
      return made;
    }
    if (child === null || typeof child !== 'object') return undefined;
    if (copies.has(child)) return child as Record<string, unknown>;
    const copy = (Array.isArray(child) ? [...(child as unknown[])] : { ...(child as Record<string, unknown>) }) as Record<string, unknown>;
    copies.add(copy);
    parent[key] = copy;
    return copy;
  };
  for (const [segments, value] of writes) {
    let target: Record<string, unknown> | undefined = root;
    for (let i = 0; i < segments.length - 1 && target; i++) target = own(target, segments[i]);
    if (target) target[segments[segments.length - 1]] = value;
  }
  return root;
};
