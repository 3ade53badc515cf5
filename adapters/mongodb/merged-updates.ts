import type { Update } from '../../kernel/ports/read-store';

/**
 * Two updates of one document as ONE update with the same effect as the first followed by the second, or
 * undefined when that cannot be said safely. The write-behind view (mongo-read-store.ts) uses it to send one
 * operation per document where a batch brought several events of its stream: a Kafka batch of a busy stream
 * otherwise costs the server one upsert per event.
 *
 * Merged: `$set` (the later value wins), `$inc` (summed), `$push` and `$addToSet` of values or of `$each` lists
 * (appended, in order, as `$each`), `$unset`, and the first's `$setOnInsert` (the second's never applies: the
 * first's upsert has made the document exist). Refused: any other operator, a value with other modifiers
 * (`$slice`, `$position`...), and a path the two touch with different operators or that lies inside another's
 * path (`a` and `a.b`): MongoDB would refuse the merged update, or it would mean something else.
 */
const MERGEABLE = new Set(['$set', '$inc', '$push', '$addToSet', '$setOnInsert', '$unset']);

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => value !== null && typeof value === 'object' && !Array.isArray(value);
/** `{ $each: [...] }` and nothing else: a list of values, as a merge writes it. */
const isEachList = (value: unknown): value is { $each: unknown[] } => isObject(value) && Object.keys(value).length === 1 && Array.isArray(value.$each);
const hasOtherModifiers = (value: unknown): boolean => isObject(value) && !isEachList(value) && Object.keys(value).some((k) => k.startsWith('$'));

/** Every path an update touches, with its operator; undefined if an operator or value is not mergeable. */
const pathsOf = (update: Update): Map<string, string> | undefined => {
  const paths = new Map<string, string>();
  for (const [op, fields] of Object.entries(update)) {
    if (!MERGEABLE.has(op) || fields === null || typeof fields !== 'object') return undefined;
    for (const [path, value] of Object.entries(fields as Fields)) {
      if ((op === '$push' || op === '$addToSet') && hasOtherModifiers(value)) return undefined;
      if (op === '$inc' && typeof value !== 'number') return undefined;
      paths.set(path, op);
    }
  }
  return paths;
};

/** Whether one path lies inside the other (`a` and `a.b`), which one update may not touch both of. */
const nested = (a: string, b: string): boolean => a !== b && (a.startsWith(`${b}.`) || b.startsWith(`${a}.`));

export const mergedUpdate = (first: Update, second: Update): Update | undefined => {
  const { $setOnInsert: _never, ...applied } = second as Record<string, unknown>;
  const before = pathsOf(first);
  const after = pathsOf(applied as Update);
  if (!before || !after) return undefined;
  for (const [path, op] of after) {
    const earlier = before.get(path);
    // The same path twice: only with the same operator, and never an insert-only value or a removal.
    if (earlier !== undefined && (earlier !== op || op === '$setOnInsert' || op === '$unset')) return undefined;
    for (const other of before.keys()) if (nested(path, other)) return undefined;
  }
  const merged: Record<string, Fields> = {};
  for (const [op, fields] of Object.entries(first)) merged[op] = { ...(fields as Fields) };
  for (const [op, fields] of Object.entries(applied)) {
    const into = (merged[op] ??= {});
    for (const [path, value] of Object.entries(fields as Fields)) {
      if (!(path in into)) {
        into[path] = value;
        continue;
      }
      if (op === '$set') into[path] = value;
      else if (op === '$inc') into[path] = (into[path] as number) + (value as number);
      else {
        // $push / $addToSet: the first's values, then the second's.
        const items = (v: unknown): unknown[] => (isEachList(v) ? v.$each : [v]);
        into[path] = { $each: [...items(into[path]), ...items(value)] };
      }
    }
  }
  return merged as Update;
};
