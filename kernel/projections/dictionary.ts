/**
 * An object keyed by data (stream revisions under `_v`, unit entries, a day's rows, counters by project), with no
 * prototype: V8 keeps it as a dictionary. Grown from `{}` by such keys, each object took hidden classes of its own:
 * V8's table of shapes grown from `{}` holds 1,536 and this server fills it at start-up, and `{ ...source, added }`
 * makes a new class on every call (docs/architecture.md, "Hidden classes on the hot path"). `fields`, when given,
 * are copied in. Readers of the read store get copies, ordinary objects.
 */
export const dictionary = <V = unknown>(fields?: Readonly<Record<string, V>>): Record<string, V> =>
  Object.assign(Object.create(null) as Record<string, V>, fields);
