import { isJsonPlain } from '../../../domain/shared/json-plain';

describe('isJsonPlain', () => {
  it.each<[string, unknown]>([
    ['text, numbers, booleans, null', { a: 'x', n: 1.5, z: 0, b: false, nothing: null }],
    ['nested objects and arrays', { list: [1, 'two', { three: [null] }], deep: { er: { est: true } } }],
    ['an object without a prototype', Object.assign(Object.create(null), { a: 1 })],
  ])('%s: kept as is, and its JSON copy is deep-equal', (_name, value) => {
    expect(isJsonPlain(value)).toBe(true);
    expect(JSON.parse(JSON.stringify(value))).toEqual(value);
  });

  it.each<[string, unknown]>([
    ['an undefined field', { a: undefined }],
    ['a Date', { at: new Date(0) }],
    ['NaN and Infinity', { n: NaN, m: Infinity }],
    ['-0', { n: -0 }],
    // eslint-disable-next-line no-sparse-arrays -- the hole is the point: JSON writes it as null
    ['an array hole', { list: [1, , 3] }],
    ['undefined in an array', [undefined]],
    ['a Map', { m: new Map() }],
    ['a toJSON', { v: { toJSON: () => 'x' } }],
    ['a function', { f: () => 1 }],
    ['a bigint', { b: BigInt(1) }],
  ])('%s: needs the round trip', (_name, value) => {
    expect(isJsonPlain(value)).toBe(false);
  });
});
