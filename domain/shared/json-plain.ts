/**
 * Whether `value` comes back from a JSON round trip deep-equal and of the same shape: plain objects and
 * arrays (no holes) of strings, finite numbers other than -0, booleans and null, nothing undefined, no
 * toJSON. Such a value can stand where its JSON copy was wanted (an event as the store will give it back)
 * without the text round trip. Cycles are not looked for: JSON itself refuses them first.
 */
export const isJsonPlain = (value: unknown): boolean => {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'object': {
      if (value === null) return true;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) if (!(i in value) || !isJsonPlain(value[i])) return false;
        return true;
      }
      const prototype = Object.getPrototypeOf(value) as unknown;
      if (prototype !== Object.prototype && prototype !== null) return false;
      const record = value as Record<string, unknown>;
      if (typeof record.toJSON === 'function') return false;
      for (const key of Object.keys(record)) if (!isJsonPlain(record[key])) return false;
      return true;
    }
    default:
      return false;
  }
};
