import { mergedUpdate } from '../../adapters/mongodb/merged-updates';

describe('two updates of one document as one (the write-behind view merges a stream’s upserts)', () => {
  it('$set: the later value wins; $inc: summed; $push and $addToSet: appended in order', () => {
    const first = { $set: { status: 'held', '_v.r': 1, 'a.b': 1 }, $inc: { n: 1 }, $push: { history: { at: 1 } }, $addToSet: { tags: 'x' } };
    const second = { $set: { status: 'paid', '_v.r': 2, c: 3 }, $inc: { n: 2, m: 1 }, $push: { history: { at: 2 } }, $addToSet: { tags: 'x' } };
    const third = { $set: { '_v.r': 3 }, $push: { history: { $each: [{ at: 3 }, { at: 4 }] } } };
    expect(mergedUpdate(mergedUpdate(first, second)!, third)).toEqual({
      $set: { status: 'paid', '_v.r': 3, 'a.b': 1, c: 3 },
      $inc: { n: 3, m: 1 },
      $push: { history: { $each: [{ at: 1 }, { at: 2 }, { at: 3 }, { at: 4 }] } },
      $addToSet: { tags: { $each: ['x', 'x'] } },
    });
  });

  it("keeps the first's $setOnInsert and drops the second's: after the first upsert the document exists", () => {
    expect(mergedUpdate({ $set: { a: 1 }, $setOnInsert: { created: 1 } }, { $set: { a: 2 }, $setOnInsert: { created: 2, other: 1 } })).toEqual({
      $set: { a: 2 },
      $setOnInsert: { created: 1 },
    });
  });

  it.each([
    ['a path touched with two operators', { $set: { n: 1 } }, { $inc: { n: 1 } }],
    ['a path inside another', { $set: { a: { b: 1 } } }, { $set: { 'a.b': 2 } }],
    ['a path inside another, the other way', { $set: { 'a.b': 1 } }, { $unset: { a: '' } }],
    ["the first's insert-only value set later", { $setOnInsert: { a: 1 } }, { $set: { a: 2 } }],
    ['an operator it does not merge', { $set: { a: 1 } }, { $max: { b: 2 } }],
    ['a $push with other modifiers', { $push: { h: 1 } }, { $push: { h: { $each: [2], $slice: -5 } } }],
    ['an $inc of something else than a number', { $inc: { n: 1 } }, { $inc: { n: '1' } }],
  ])('refuses %s', (_what, first, second) => {
    expect(mergedUpdate(first as never, second as never)).toBeUndefined();
  });
});
