import { BatchDocuments, withSet } from '../../adapters/mongodb/batch-documents';

describe('withSet: a $set applied to a copy of a held document', () => {
  it('follows dotted paths, creating what is missing, and never changes the document it was given', () => {
    const held = Object.freeze({ _id: 'card', units: Object.freeze({ a: Object.freeze({ status: 'free' }) }), _w: 1 });
    const next = withSet(held, { 'units.b': { status: 'sold' }, 'units.a.status': 'reserved', 'prices.min': 10, _w: 2 });
    expect(next).toEqual({ _id: 'card', units: { a: { status: 'reserved' }, b: { status: 'sold' } }, prices: { min: 10 }, _w: 2 });
    expect(held).toEqual({ _id: 'card', units: { a: { status: 'free' } }, _w: 1 });
  });

  it('gives up on a path through an array or a scalar (MongoDB has its own rules there)', () => {
    expect(withSet({ _id: 'x', list: [1, 2] }, { 'list.0': 5 })).toBeUndefined();
    expect(withSet({ _id: 'x', n: 3 }, { 'n.m': 5 })).toBeUndefined();
  });
});

describe('BatchDocuments: what a batch may answer without the database', () => {
  const cas = (w: number | null, set: Record<string, unknown>) => ({
    filter: { _id: 'card', _w: w === null ? { $exists: false } : w },
    update: { $set: { ...set, _w: (w ?? 0) + 1 } },
  });

  it('answers read-only reads by _id alone, after a read or a compare-and-set on the copy it holds', () => {
    const docs = new BatchDocuments();
    expect(docs.lookup('cards', { _id: 'card' }, true)).toBeUndefined();
    docs.noteRead('cards', { _id: 'card' }, null);
    expect(docs.lookup('cards', { _id: 'card' }, true)).toBeNull();
    const first = cas(null, { name: 'Parque', when: undefined });
    docs.noteWritten('cards', first.filter, first.update);
    // As the database stores it: undefined comes back as null.
    expect(docs.lookup('cards', { _id: 'card' }, true)).toEqual({ _id: 'card', name: 'Parque', when: null, _w: 1 });
    const second = cas(1, { name: 'Parque Norte' });
    docs.noteWritten('cards', second.filter, second.update);
    expect(docs.lookup('cards', { _id: 'card' }, true)).toEqual({ _id: 'card', name: 'Parque Norte', when: null, _w: 2 });
    // Not for a read that may change what it gets, nor for any other filter.
    expect(docs.lookup('cards', { _id: 'card' }, false)).toBeUndefined();
    expect(docs.lookup('cards', { _id: 'card', name: 'Parque Norte' }, true)).toBeUndefined();
  });

  it('drops the collection on a write it cannot follow, and the document on a missed compare-and-set', () => {
    const docs = new BatchDocuments();
    docs.noteRead('cards', { _id: 'card' }, { _id: 'card', _w: 4 });
    docs.noteRead('cards', { _id: 'other' }, { _id: 'other', _w: 1 });
    // Guarded by a counter the copy does not have: someone else wrote; the copy says nothing of the result.
    const stale = cas(3, { name: 'x' });
    docs.noteWritten('cards', stale.filter, stale.update);
    expect(docs.lookup('cards', { _id: 'card' }, true)).toBeUndefined();
    expect(docs.lookup('cards', { _id: 'other' }, true)).toBeUndefined();
    docs.noteRead('cards', { _id: 'card' }, { _id: 'card', _w: 4 });
    docs.forget('cards', { _id: 'card', _w: 4 });
    expect(docs.lookup('cards', { _id: 'card' }, true)).toBeUndefined();
    docs.noteRead('cards', { _id: 'card' }, { _id: 'card', _w: 4 });
    docs.noteWritten('cards', { _id: 'card' }, { $inc: { n: 1 } });
    expect(docs.lookup('cards', { _id: 'card' }, true)).toBeUndefined();
  });
});
