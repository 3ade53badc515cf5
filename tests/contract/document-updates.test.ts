import { update as mingoUpdate } from 'mingo';
import { applyUpdate } from '../../adapters/embedded/document-updates';
import type { Document } from '../../kernel/ports/read-store';

/** Twelve fields, null and nested values among them: more than an update adds one by one. */
const MANY_FIELDS = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${i}`, i % 3 === 0 ? null : i % 3 === 1 ? `value ${i}` : { at: new Date(i) }]));

/** The fast $set/$unset path must give exactly what mingo's updater gives, for every shape it accepts. */
const CASES: [string, Document, Record<string, unknown>][] = [
  ['set top-level', { _id: 'a', x: 1 }, { $set: { x: 2, y: 'z' } }],
  ['set nested into a missing parent', { _id: 'a' }, { $set: { 'p.q.r': 1 } }],
  ['set nested beside siblings', { _id: 'a', p: { q: 1, s: 2 } }, { $set: { 'p.q': 3 } }],
  ['set null, arrays and objects', { _id: 'a' }, { $set: { n: null, arr: [1, { b: 2 }], obj: { c: [3] } } }],
  ['unset present and missing', { _id: 'a', x: 1, p: { q: 1 } }, { $unset: { x: '', 'p.q': '', 'm.n': '' } }],
  ['set and unset together', { _id: 'a', x: 1, y: 2 }, { $set: { z: 3 }, $unset: { y: '' } }],
  ['versioned guard field', { _id: 'a', _v: { user_1: 0 } }, { $set: { '_v.user_1': 1, name: 'Ana' } }],
  ['array index goes to mingo', { _id: 'a', arr: [1, 2] }, { $set: { 'arr.1': 9 } }],
  ['path through an array goes to mingo', { _id: 'a', arr: [{ b: 1 }] }, { $set: { 'arr.b': 2 } }],
  ['inc and addToSet', { _id: 'a', n: 1, tags: ['x'] }, { $inc: { n: 2 }, $addToSet: { tags: 'y' } }],
  ['inc a missing field, addToSet a present value', { _id: 'a', tags: ['x', 'y'] }, { $inc: { 'c.n': 2.5 }, $addToSet: { tags: 'y' } }],
  [
    'push onto an array, a missing one and a nested one',
    { _id: 'a', h: [{ t: 1 }], p: {} },
    { $push: { h: { t: 2, at: new Date(0) }, fresh: 'x', 'p.q': [1] } },
  ],
  [
    'set, push and inc together (a history row per event)',
    { _id: 'a', s: 'requested', h: [], n: 0 },
    { $set: { s: 'held', '_v.r_1': 1 }, $push: { h: { type: 'Held' } }, $inc: { n: 1 } },
  ],
  ['push with $each goes to mingo', { _id: 'a', h: [1] }, { $push: { h: { $each: [2, 3] } } }],
  ['push onto a non-array goes to mingo (and fails)', { _id: 'a', h: 'text' }, { $push: { h: 1 } }],
  ['inc of a non-number goes to mingo (and fails)', { _id: 'a', n: 'text' }, { $inc: { n: 1 } }],
  ['other operators go to mingo', { _id: 'a', n: 5, tags: ['x', 'y'] }, { $max: { n: 9 }, $pull: { tags: 'x' } }],
  [
    'an upsert writing many fields (the copy is built with room for them)',
    { _id: 'a' },
    { $set: { ...MANY_FIELDS, 'p.q': 1, '_v.r_1': 0, skipped: undefined }, $push: { h: { t: 1 } }, $inc: { n: 2 }, $addToSet: { tags: 'x' } },
  ],
  [
    'many new fields beside present ones, some set to what they hold',
    { _id: 'a', f1: 'value 1', keep: { deep: [1] }, n: 1 },
    { $set: MANY_FIELDS, $unset: { keep: '', absent: '' }, $inc: { n: 1 } },
  ],
];

describe('embedded read store updates', () => {
  it.each(CASES)('%s: same result as mingo', (_name, doc, modifier) => {
    const expected = structuredClone(doc);
    let mingoError: unknown = null;
    try {
      mingoUpdate(expected, modifier as never);
    } catch (error) {
      mingoError = error;
    }
    if (mingoError) expect(() => applyUpdate(structuredClone(doc), modifier as never)).toThrow();
    else expect(applyUpdate(structuredClone(doc), modifier as never).doc).toEqual(JSON.parse(JSON.stringify(expected)));
  });

  it('never changes the document it was given', () => {
    const doc: Document = { _id: 'a', p: { q: 1 }, h: [{ t: 1 }], n: 1 };
    applyUpdate(doc, { $set: { 'p.q': 2 }, $push: { h: { t: 2 } }, $inc: { n: 1 } } as never);
    expect(doc).toEqual({ _id: 'a', p: { q: 1 }, h: [{ t: 1 }], n: 1 });
  });

  it('$addToSet compares documents by value, as MongoDB does (mingo compares references)', () => {
    const doc: Document = { _id: 'a', tags: [{ k: 1 }] };
    expect(applyUpdate(doc, { $addToSet: { tags: { k: 1 } } } as never)).toMatchObject({ doc: { tags: [{ k: 1 }] }, changed: false });
  });

  it('tells whether the update changed the document', () => {
    const doc: Document = { _id: 'a', n: 1, tags: ['x'], p: { q: 1 } };
    expect(applyUpdate(doc, { $set: { n: 1, 'p.q': 1 } } as never).changed).toBe(false);
    expect(applyUpdate(doc, { $addToSet: { tags: 'x' }, $unset: { missing: '' } } as never).changed).toBe(false);
    expect(applyUpdate(doc, { $set: { n: 2 } } as never).changed).toBe(true);
    expect(applyUpdate(doc, { $inc: { n: 0 } } as never).changed).toBe(false);
    expect(applyUpdate(doc, { $push: { tags: 'x' } } as never).changed).toBe(true);
    expect(applyUpdate(doc, { $max: { n: 0 } } as never).changed).toBe(false);
  });
});
