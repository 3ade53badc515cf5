/**
 * An event type as V8's internalized string, the kind every string literal in the code is. Projections, evolvers
 * and process managers switch on `event.type` against literals, and V8 optimises such a comparison for the kind
 * of string it has seen: types decoded from SQLite rows are not internalized, while those of the events this
 * process appended (the feed's recent events) are literals. The first event of the other kind deoptimised the
 * function, and each projection's `apply` (with the store's writes inlined into it) took 30-100 ms of compiler
 * time to optimise again: in one reservations benchmark, 640-1,600 of each hot type came to the projections
 * from SQLite beside 3,500-8,600 from memory. A property key is always internalized: `Object.keys` hands it back.
 */
const interned = new Map<string, string>();
/** Event types are the code's own few hundred names; anything past this (a corrupt log) is not kept. */
const TYPES_KEPT = 10_000;

export const internedType = (type: string): string => {
  let known = interned.get(type);
  if (known === undefined) {
    known = Object.keys({ [type]: 0 })[0] ?? type;
    if (interned.size < TYPES_KEPT) interned.set(known, known);
  }
  return known;
};
