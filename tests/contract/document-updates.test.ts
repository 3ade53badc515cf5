import { update as mingoUpdate } from 'mingo';
import { applyUpdate } from '../../adapters/embedded/document-updates';
import type { Document } from '../../application/ports/read-store';

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
  ['other operators go to mingo', { _id: 'a', n: 1, tags: ['x'] }, { $inc: { n: 2 }, $addToSet: { tags: 'y' } }],
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
    const doc: Document = { _id: 'a', p: { q: 1 } };
    applyUpdate(doc, { $set: { 'p.q': 2 } } as never);
    expect(doc).toEqual({ _id: 'a', p: { q: 1 } });
  });
});
