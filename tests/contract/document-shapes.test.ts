import { setFlagsFromString } from 'node:v8';
import { applyUpdate, parseUpdate } from '../../adapters/embedded/document-updates';
import { copyJson, toJsonValue } from '../../adapters/embedded/json-document';
import type { Document } from '../../application/ports/read-store';

/**
 * The documents the embedded read store builds stay V8 "fast" objects (fields laid out by shape), never
 * dictionaries: copying a 20-field dictionary took 5-13 µs against under 0.5 µs, and every projection write copies
 * and stringifies its document. Asked of V8 itself through its natives syntax, switched on for this file.
 */
const hasFastProperties = ((): ((value: object) => boolean) | undefined => {
  try {
    setFlagsFromString('--allow-natives-syntax');
    return new Function('value', 'return %HasFastProperties(value)') as (value: object) => boolean;
  } catch (error) {
    console.log(`document shapes not checked: V8's natives syntax is unavailable here (${String(error)})`);
    return undefined;
  }
})();
const check = hasFastProperties ? it : it.skip;

/** A document built field by field through a computed key, as V8 turns into a dictionary past ~16 fields. */
const builtByKey = (fields: number): Record<string, unknown> => {
  const doc: Record<string, unknown> = { _id: 'd' };
  for (let i = 0; i < fields; i++) doc[`field${i}`] = i % 2 ? `value ${i}` : i;
  return doc;
};

/** Twenty fields of a new reservation's row, its history and its stream revision: an upsert's whole document. */
const RESERVATION_ROW = parseUpdate({
  $set: {
    status: 'requested',
    ...Object.fromEntries(Object.entries(builtByKey(18)).filter(([key]) => key !== '_id')),
    buyerEmail: { $pii: 1, s: 'u1', c: 'x' },
  },
  $push: { history: { type: 'ReservationRequested', revision: 0 } },
});

describe('embedded read store document shapes', () => {
  check('an upsert that writes many fields into { _id } gives a fast document, and so does its next update', () => {
    const created = applyUpdate({ _id: 'r1' }, RESERVATION_ROW.onInsert, undefined, undefined, { path: '_v.reservation-r1', value: 0 }).doc;
    expect(hasFastProperties!(created)).toBe(true);
    const held = applyUpdate(created, parseUpdate({ $set: { status: 'held', heldAt: 'now', holdExpiresAt: 'later' } }).onMatch).doc;
    expect(hasFastProperties!(held)).toBe(true);
  });

  check('copies and JSON values of a dictionary are fast objects', () => {
    const dictionary = builtByKey(30);
    expect(hasFastProperties!(dictionary)).toBe(false); // what the store must not keep
    const copy = copyJson({ nested: dictionary }).nested as Document;
    expect(hasFastProperties!(copy)).toBe(true);
    expect(copy).toEqual(dictionary);
    const json = toJsonValue({ ...dictionary, at: new Date(0), gone: undefined }) as Document;
    expect(hasFastProperties!(json)).toBe(true);
    expect(json).toEqual({ ...dictionary, at: '1970-01-01T00:00:00.000Z' });
  });

  check('an update adding many fields to a document read back from SQLite (JSON.parse) gives a fast document', () => {
    const loaded = JSON.parse(JSON.stringify(builtByKey(24))) as Document;
    const added = parseUpdate({ $set: Object.fromEntries(['a', 'b', 'c', 'd', 'e', 'f'].map((name) => [name, name])) });
    expect(hasFastProperties!(applyUpdate(loaded, added.onMatch).doc)).toBe(true);
  });
});
