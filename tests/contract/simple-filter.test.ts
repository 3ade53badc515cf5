import { Query } from 'mingo';
import { compileSimpleFilter } from '../../adapters/embedded/simple-filter';
import type { Filter } from '../../kernel/ports/read-store';

/** The direct filter path must answer as mingo does wherever it answers at all. */
const FILTERS: Filter[] = [
  { _id: 'a' },
  { _id: 'a', $or: [{ '_v.unit_1': { $exists: false } }, { '_v.unit_1': { $lt: 3 } }] },
  { _id: 'a', _w: { $exists: false } },
  { _id: 'a', _w: 2 },
  { status: null },
  { status: { $ne: 'held' }, n: { $gte: 2, $lt: 5 } },
  { 'p.q': 'x' },
  { $and: [{ n: { $gt: 1 } }, { n: { $lte: 3 } }] },
  { n: { $lt: 'b' } },
  // Arrays of scalars: equality means "an element equals it"; $ne, "none does".
  { _id: 'a', facts: { $ne: 'f2' } },
  { facts: 'f1' },
  { facts: { $eq: 'f3' } },
  { facts: { $ne: 'f1', $eq: 'f2' } },
  { n: 2 },
  { n: { $ne: 1 } },
];
const DOCS = [
  { _id: 'a' },
  { _id: 'a', _v: { unit_1: 2 }, _w: 2, n: 2, status: 'held', p: { q: 'x' } },
  { _id: 'a', _v: { unit_1: 3 }, _w: 3, n: 4, status: null, p: { q: 'y' } },
  { _id: 'b', n: 'a', status: 'free', p: 'text' },
  { _id: 'a', n: [1, 2], status: ['held'], p: [{ q: 'x' }], _v: [] },
  { _id: 'a', facts: ['f1', 'f2'], n: [[2], 3] },
  { _id: 'a', facts: [], n: [] },
  { _id: 'a', facts: ['f3', null], n: [{ x: 2 }] },
];

describe('embedded read store: direct filters', () => {
  it.each(FILTERS.map((f) => [JSON.stringify(f), f]))('%s: same answer as mingo', (_name, filter) => {
    const matcher = compileSimpleFilter(filter as Filter);
    expect(matcher).toBeDefined();
    for (const doc of DOCS) {
      const answer = matcher!(doc);
      if (answer !== undefined) expect([doc, answer]).toEqual([doc, new Query(filter as Filter).test(doc)]);
    }
  });

  it('answers a counted-once guard on an array of scalars itself', () => {
    const matcher = compileSimpleFilter({ _id: 'a', facts: { $ne: 'f2' } })!;
    expect(matcher({ _id: 'a', facts: ['f1', 'f3'] })).toBe(true);
    expect(matcher({ _id: 'a', facts: ['f1', 'f2'] })).toBe(false);
    expect(compileSimpleFilter({ facts: { $gt: 'f' } })!({ facts: ['f1'] })).toBeUndefined();
  });

  it('leaves everything else to mingo', () => {
    for (const filter of [{ name: /x/ }, { n: { $in: [1] } }, { $nor: [{ n: 1 }] }, { 'a.0': 1 }, { p: { q: 'x' } }, { $or: [] }]) {
      expect(compileSimpleFilter(filter as Filter)).toBeUndefined();
    }
  });
});
