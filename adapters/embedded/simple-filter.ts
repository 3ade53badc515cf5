import type { Filter } from '../../kernel/ports/read-store';

/** true / false, or undefined when the document needs the full query language (mingo) to tell. */
export type SimpleMatcher = (doc: Record<string, unknown>) => boolean | undefined;

const COMPARISONS = new Set(['$eq', '$ne', '$lt', '$lte', '$gt', '$gte', '$exists']);

const isScalar = (value: unknown): value is string | number | boolean | null =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/**
 * The filters projections write with (an `_id`, a revision guard `{ f: { $exists: false } }` /
 * `{ f: { $lt: n } }` under `$or`, a write counter by equality), evaluated directly: compiling a mingo
 * Query per write cost more than the write. Returns undefined for any other filter; the matcher answers
 * undefined for a document whose values it does not handle (arrays, sub-documents on a compared path).
 */
export function compileSimpleFilter(filter: Filter): SimpleMatcher | undefined {
  const tests: SimpleMatcher[] = [];
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$or' || key === '$and') {
      if (!Array.isArray(condition) || condition.length === 0) return undefined;
      const parts = condition.map((part) => (part && typeof part === 'object' ? compileSimpleFilter(part as Filter) : undefined));
      if (parts.some((part) => part === undefined)) return undefined;
      tests.push(key === '$or' ? any(parts as SimpleMatcher[]) : all(parts as SimpleMatcher[]));
      continue;
    }
    if (key.startsWith('$')) return undefined;
    const path = key.split('.');
    if (path.some((s) => s === '' || /^\d+$/.test(s))) return undefined;
    const test = compileCondition(path, condition);
    if (!test) return undefined;
    tests.push(test);
  }
  return all(tests);
}

function compileCondition(path: readonly string[], condition: unknown): SimpleMatcher | undefined {
  if (isScalar(condition)) return field(path, (value) => equals(value, condition), condition === null ? undefined : (array) => array.includes(condition));
  if (condition === null || typeof condition !== 'object' || Array.isArray(condition) || condition instanceof RegExp) return undefined;
  const entries = Object.entries(condition);
  if (entries.length === 0 || entries.some(([op, operand]) => !COMPARISONS.has(op) || (op === '$exists' ? typeof operand !== 'boolean' : !isScalar(operand)))) {
    return undefined;
  }
  // On an array of scalars, MongoDB's equality asks "does an element equal it?": `$ne` then means none does
  // (a counted-once guard, `{ facts: { $ne: fact } }`). Other operators on arrays are left to mingo.
  const onArray = entries.every(([op, operand]) => (op === '$eq' || op === '$ne') && operand !== null)
    ? (array: readonly unknown[]) => entries.every(([op, operand]) => array.includes(operand) === (op === '$eq'))
    : undefined;
  return field(
    path,
    (value) => {
      let result: boolean | undefined = true;
      for (const [op, operand] of entries) {
        const r = compare(op, value, operand);
        if (r === undefined) return undefined;
        if (!r) result = false;
      }
      return result;
    },
    onArray,
  );
}

/**
 * Resolves the path; an intermediate that is an array or a sub-document is left to mingo, and so is a final
 * value that is one, unless it is an array of scalars and the condition says how to test one (`onArray`).
 */
function field(path: readonly string[], test: (value: unknown) => boolean | undefined, onArray?: (array: readonly unknown[]) => boolean): SimpleMatcher {
  return (doc) => {
    let node: unknown = doc;
    for (const segment of path) {
      if (node === undefined || node === null) {
        node = undefined;
        break;
      }
      if (typeof node !== 'object' || Array.isArray(node)) return undefined;
      node = (node as Record<string, unknown>)[segment];
    }
    if (Array.isArray(node)) return onArray && node.every(isScalar) ? onArray(node) : undefined;
    if (node !== undefined && node !== null && typeof node === 'object') return undefined;
    return test(node);
  };
}

/** MongoDB: `{ f: null }` matches a missing field too. */
const equals = (value: unknown, operand: unknown) => (operand === null ? value === null || value === undefined : value === operand);

function compare(op: string, value: unknown, operand: unknown): boolean | undefined {
  switch (op) {
    case '$exists':
      return (value !== undefined) === operand;
    case '$eq':
      return equals(value, operand);
    case '$ne':
      return !equals(value, operand);
    default: {
      // Ranges compare within one type only (numbers with numbers, strings with strings), as MongoDB does.
      if (operand === null || typeof operand === 'boolean') return undefined;
      if (typeof value !== typeof operand) return false;
      const [a, b] = [value as number | string, operand as number | string];
      return op === '$lt' ? a < b : op === '$lte' ? a <= b : op === '$gt' ? a > b : a >= b;
    }
  }
}

const all =
  (tests: readonly SimpleMatcher[]): SimpleMatcher =>
  (doc) => {
    let result: boolean | undefined = true;
    for (const test of tests) {
      const r = test(doc);
      if (r === false) return false;
      if (r === undefined) result = undefined;
    }
    return result;
  };

const any =
  (tests: readonly SimpleMatcher[]): SimpleMatcher =>
  (doc) => {
    let result: boolean | undefined = false;
    for (const test of tests) {
      const r = test(doc);
      if (r === true) return true;
      if (r === undefined) result = undefined;
    }
    return result;
  };
