import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteReadStore } from '../../adapters/embedded/sqlite-read-store';
import { DuplicateKeyError, type DocumentCollection, type GuardedUpsert } from '../../kernel/ports/read-store';
import { upsertGuarded } from '../../adapters/mongodb/guarded-upsert';
import { compareAndSetFolded, guardedUpsert, revisionStep, type FoldStep } from '../../kernel/projections/guarded-writes';
import { recordedEvent as recorded } from '../support/recorded-event';

/**
 * The embedded store does guardedUpsert's write natively (upsertIfNewer: a lookup by id and a comparison,
 * no filter compiled per event). Every outcome must be the one the guarded filter gives through updateOne,
 * which is how MongoDB does it (adapters/mongodb/guarded-upsert.ts).
 */
describe('guardedUpsert, natively in the embedded store and through the guarded filter', () => {
  let dir: string;
  let store: SqliteReadStore;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guarded-'));
    store = SqliteReadStore.open(path.join(dir, 'read.sqlite'));
  });
  afterEach(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The same collection with MongoDB's guarded write: updateOne with the guarded filter. */
  const throughFilter = (collection: DocumentCollection): DocumentCollection =>
    new Proxy(collection, {
      get: (target, key) => (key === 'upsertIfNewer' ? (write: GuardedUpsert) => upsertGuarded(target, write) : Reflect.get(target, key, target)),
    });

  /** Each step: the stream and revision applied to one document; gives the answers and the document after. */
  const run = async (collection: DocumentCollection, steps: readonly [string, number][]) => {
    const answers: boolean[] = [];
    for (const [stream, revision] of steps)
      answers.push(
        await guardedUpsert(collection, 'doc', recorded(stream, revision), {
          $inc: { n: 1 },
          $set: { last: `${stream}@${revision}` },
          $push: { seen: revision },
        }),
      );
    return { answers, doc: await collection.findOne({ _id: 'doc' }) };
  };

  it.each([
    [
      'a new document, then newer revisions',
      [
        ['unit-1', 0],
        ['unit-1', 1],
        ['unit-1', 4],
      ],
    ],
    [
      'the same revision twice, an older one after a newer',
      [
        ['unit-1', 0],
        ['unit-1', 0],
        ['unit-1', 3],
        ['unit-1', 2],
      ],
    ],
    [
      'two streams feeding one document, each guarded on its own',
      [
        ['unit-1', 0],
        ['project-9', 0],
        ['unit-1', 0],
        ['project-9', 1],
        ['unit-1', 1],
      ],
    ],
  ] as [string, [string, number][]][])('%s', async (_, steps) => {
    expect(store.collection('native').upsertIfNewer).toBeDefined();
    const native = await run(store.collection('native'), steps);
    const filtered = await run(throughFilter(store.collection('filtered')), steps);
    expect(native).toEqual(filtered);
  });

  it('a revision field that is not a number counts as applied, as $lt on it would not match', async () => {
    const steps: [string, number][] = [['unit-1', 5]];
    await store.collection('native').insertOne({ _id: 'doc', _v: { unit_1: 'seven' } });
    await store.collection('filtered').insertOne({ _id: 'doc', _v: { unit_1: 'seven' } });
    const native = await run(store.collection('native'), steps);
    const filtered = await run(throughFilter(store.collection('filtered')), steps);
    expect(native.answers).toEqual([false]);
    expect(native).toEqual(filtered);
  });

  it('an update the store leaves to mingo (a $push with $each) still records the revision: a redelivery adds nothing', async () => {
    const apply = (collection: DocumentCollection, revision: number) =>
      guardedUpsert(collection, 'doc', recorded('unit-1', revision), { $push: { seen: { $each: [revision, revision] } } });
    for (const collection of [store.collection('native'), throughFilter(store.collection('filtered'))]) {
      expect([await apply(collection, 0), await apply(collection, 1), await apply(collection, 1)]).toEqual([true, true, false]);
    }
    const native = await store.collection('native').findOne({ _id: 'doc' });
    expect(native).toEqual({ _id: 'doc', seen: [0, 0, 1, 1], _v: { unit_1: 1 } });
    expect(native).toEqual(await store.collection('filtered').findOne({ _id: 'doc' }));
  });

  it("two streams' first events upserting a missing document at once: the one that collides is applied all the same", async () => {
    // The race as MongoDB answers it: both upserts find no document, the other stream's insert lands first, and
    // this one's insert collides on _id although its event was never applied.
    const totals = store.collection('totals');
    const filtered = throughFilter(totals);
    let raced = false;
    const racing: Pick<DocumentCollection, 'updateOne'> = {
      updateOne: async (...args) => {
        if (raced) return totals.updateOne(...args);
        raced = true;
        await guardedUpsert(filtered, 'unit', recorded('unit-2', 0), { $inc: { events: 1 } });
        throw new DuplicateKeyError('totals', '{ _id: "unit" }');
      },
    };
    expect(await upsertGuarded(racing, { id: 'unit', path: '_v.unit_1', revision: 0, update: { $inc: { events: 1 } } })).toBe(true);
    expect(raced).toBe(true);
    expect(await store.collection('totals').findOne({ _id: 'unit' })).toEqual({ _id: 'unit', events: 2, _v: { unit_1: 0, unit_2: 0 } });
    // A real redelivery still collides twice and counts as applied.
    expect(await guardedUpsert(filtered, 'unit', recorded('unit-1', 0), { $inc: { events: 1 } })).toBe(false);
  });
});

describe('compareAndSetFolded, one step', () => {
  let store: SqliteReadStore;
  beforeEach(() => (store = SqliteReadStore.open(':memory:')));
  afterEach(() => store.close());

  it('writes what compute answers with the next write counter, and nothing when the document says applied or compute answers no field', async () => {
    const cards = store.collection<{ _id: string; rev?: number; n?: number; _w?: number }>('cards');
    const step = (revision: number, n: number) =>
      compareAndSetFolded(cards, 'c', [{ applied: (card) => (card.rev ?? -1) >= revision, compute: (card) => (card.n === n ? {} : { n, rev: revision }) }]);
    expect(await step(0, 1)).toBe(true);
    expect(await cards.findOne({ _id: 'c' })).toEqual({ _id: 'c', n: 1, rev: 0, _w: 1 });
    expect(await step(0, 2)).toBe(false); // applied already
    expect(await step(1, 1)).toBe(false); // nothing to change: not even the counter moves
    expect(await step(2, 3)).toBe(true);
    expect(await cards.findOne({ _id: 'c' })).toEqual({ _id: 'c', n: 3, rev: 2, _w: 2 });
  });
});

describe('compareAndSetFolded: several events of one document as one write', () => {
  type Card = { _id: string; _w?: number; units?: Record<string, number>; total?: number; name?: string; meta?: Record<string, unknown> };
  let store: SqliteReadStore;
  beforeEach(() => (store = SqliteReadStore.open(':memory:')));
  afterEach(() => store.close());

  /** The collection, counting its updateOne calls; `before` runs ahead of each (another writer's moment). */
  const counted = (before?: () => Promise<void>) => {
    const cards = store.collection<Card>('cards');
    const calls = { updates: 0 };
    const collection = new Proxy(cards, {
      get: (target, key) =>
        key === 'updateOne'
          ? async (...args: Parameters<typeof cards.updateOne>) => {
              calls.updates++;
              await before?.();
              return target.updateOne(...args);
            }
          : Reflect.get(target, key, target),
    });
    return { collection, calls };
  };

  /** A unit's step: the unit keeps its revision; the card's total follows its units. */
  const unitStep = (unitId: string, revision: number): FoldStep<Card> => ({
    applied: (card) => (card.units?.[unitId] ?? -1) >= revision,
    compute: (card) => {
      const units = { ...card.units, [unitId]: revision };
      return { [`units.${unitId}`]: revision, total: Object.keys(units).length };
    },
  });

  it('folds the steps in order over the document and writes once, skipping those it has', async () => {
    const { collection, calls } = counted();
    expect(await compareAndSetFolded(collection, 'p', [unitStep('u1', 0), unitStep('u2', 0), unitStep('u1', 1)])).toBe(true);
    expect(calls.updates).toBe(1);
    expect(await collection.findOne({ _id: 'p' })).toEqual({ _id: 'p', units: { u1: 1, u2: 0 }, total: 2, _w: 1 });
    // A redelivery of all three and one new step: only the new one changes the card, in one write.
    expect(await compareAndSetFolded(collection, 'p', [unitStep('u1', 0), unitStep('u2', 0), unitStep('u1', 1), unitStep('u3', 0)])).toBe(true);
    expect(calls.updates).toBe(2);
    expect(await collection.findOne({ _id: 'p' })).toEqual({ _id: 'p', units: { u1: 1, u2: 0, u3: 0 }, total: 3, _w: 2 });
    // Every step applied already: nothing written, the counter stays.
    expect(await compareAndSetFolded(collection, 'p', [unitStep('u2', 0), unitStep('u3', 0)])).toBe(false);
    expect(calls.updates).toBe(2);
  });

  it('after a lost race folds every step again over the document as the other writer left it', async () => {
    let raced = false;
    const { collection, calls } = counted(async () => {
      if (raced) return;
      raced = true;
      // Another consumer applies u2@0 (one of the steps) and u9@0 between this read and its write.
      await compareAndSetFolded(store.collection<Card>('cards'), 'p', [unitStep('u2', 0), unitStep('u9', 0)]);
    });
    expect(await compareAndSetFolded(collection, 'p', [unitStep('u1', 0), unitStep('u2', 0)])).toBe(true);
    expect(calls.updates).toBe(2);
    expect(await collection.findOne({ _id: 'p' })).toEqual({ _id: 'p', units: { u1: 0, u2: 0, u9: 0 }, total: 3, _w: 2 });
  });

  it("writes a field once when one step sets it whole and another a path inside it, and keeps the events' revisions", async () => {
    const { collection } = counted();
    const event = (stream: string, revision: number) => recorded(stream, revision);
    await compareAndSetFolded(collection, 'p', [
      revisionStep<Card>(event('project-p', 0), () => ({ name: 'Parque', 'meta.a': 1 })),
      revisionStep<Card>(event('project-p', 1), () => ({ meta: { b: 2 } })),
      revisionStep<Card>(event('project-p', 2), (card) => ({ 'meta.c': Object.keys(card.meta ?? {}).length })),
    ]);
    expect(await collection.findOne({ _id: 'p' })).toEqual({ _id: 'p', name: 'Parque', meta: { b: 2, c: 1 }, _v: { project_p: 2 }, _w: 1 });
  });
});
