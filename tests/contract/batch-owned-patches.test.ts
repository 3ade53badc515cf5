import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applyUpdate } from '../../adapters/embedded/document-updates';
import { SqliteReadStore } from '../../adapters/embedded/sqlite-read-store';
import type { Document } from '../../kernel/ports/read-store';

/**
 * Within one read-store batch, what the batch's own updates copied is written in place by its later updates
 * (a rollup with a map of 200 projects copied once per batch, not once per event). Nothing outside the store
 * may see that: readers hold copies, a document with a unique index is still copied (the index needs it as it
 * was), and outside a batch every update copies.
 */
describe('updates of a batch write its own copies in place', () => {
  it('copies a shared document once, then patches the copy it owns', () => {
    const shared: Document = { _id: 'r', p: { a: { n: 1 } }, h: ['x'] };
    const owned = new WeakSet<object>();
    const first = applyUpdate(shared, { $inc: { 'p.a.n': 1 }, $push: { h: 'y' } }, undefined, owned);
    expect(first.doc).not.toBe(shared);
    expect(shared).toEqual({ _id: 'r', p: { a: { n: 1 } }, h: ['x'] });
    const second = applyUpdate(first.doc, { $inc: { 'p.a.n': 1, 'p.b.n': 5 }, $push: { h: 'z' } }, undefined, owned);
    expect(second.doc).toBe(first.doc);
    expect(second.changed).toBe(true);
    expect(second.doc).toEqual({ _id: 'r', p: { a: { n: 3 }, b: { n: 5 } }, h: ['x', 'y', 'z'] });
    const unchanged = applyUpdate(second.doc, { $addToSet: { h: 'y' } }, undefined, owned);
    expect(unchanged.changed).toBe(false);
    const added = applyUpdate(second.doc, { $addToSet: { h: 'w' } }, undefined, owned);
    expect(added.doc).toBe(first.doc);
    expect(added.doc.h).toEqual(['x', 'y', 'z', 'w']);
  });

  it('without a batch every update leaves the document it read as it was', () => {
    const doc: Document = { _id: 'r', p: { a: 1 } };
    const after = applyUpdate(doc, { $inc: { 'p.a': 1 } });
    expect(after.doc).not.toBe(doc);
    expect(doc).toEqual({ _id: 'r', p: { a: 1 } });
  });

  describe('in the SQLite read store', () => {
    let dir: string;
    let store: SqliteReadStore;
    beforeEach(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'owned-'));
      store = SqliteReadStore.open(path.join(dir, 'read.sqlite'));
    });
    afterEach(async () => {
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('a reader mid-batch keeps what it read while later updates of the batch patch in place, and the file gets the end state', async () => {
      const seen: Document[] = [];
      await store.batch(async (view) => {
        const rollups = view.collection('rollups');
        for (let i = 0; i < 200; i++)
          await rollups.updateOne({ _id: 'all|2026-11' }, { $inc: { [`p.project${i % 50}.started`]: 1, 't.started': 1 } }, { upsert: true });
        seen.push((await store.collection('rollups').findOne({ _id: 'all|2026-11' }))!);
        for (let i = 0; i < 100; i++) await rollups.updateOne({ _id: 'all|2026-11' }, { $inc: { 't.started': 1 }, $push: { facts: i } }, { upsert: true });
      });
      expect((seen[0].t as { started: number }).started).toBe(200);
      expect(seen[0].facts).toBeUndefined();
      await store.close();
      store = SqliteReadStore.open(path.join(dir, 'read.sqlite'));
      const reloaded = (await store.collection('rollups').findOne({ _id: 'all|2026-11' }))!;
      expect((reloaded.t as { started: number }).started).toBe(300);
      expect((reloaded.p as Record<string, { started: number }>).project7.started).toBe(4);
      expect(reloaded.facts).toHaveLength(100);
    });

    it('a collection with a secondary index still finds documents by their new values after in-batch updates', async () => {
      await store.collection('leads').createIndex({ keys: { status: 1 } });
      await store.collection('leads').insertOne({ _id: 'l1', status: 'unfinished' });
      await store.batch(async (view) => {
        await view.collection('leads').updateOne({ _id: 'l1' }, { $set: { status: 'downloaded' } });
        await view.collection('leads').updateOne({ _id: 'l1' }, { $set: { status: 'derivated' } });
      });
      expect(await store.collection('leads').countDocuments({ status: 'unfinished' })).toBe(0);
      expect(await store.collection('leads').countDocuments({ status: 'downloaded' })).toBe(0);
      expect((await store.collection('leads').find({ status: 'derivated' })).map((d) => d._id)).toEqual(['l1']);
    });

    it('in a batch, a collection with only non-unique indexes is patched in place; one with a unique index is copied and its keys move', async () => {
      await store.collection('cards').createIndex({ keys: { status: 1 } });
      await store.collection('accounts').createIndex({ keys: { email: 1 }, unique: true });
      await store.collection('cards').insertOne({ _id: 'c', status: 'open', units: { u1: 1, u2: 2 } });
      await store.collection('accounts').insertOne({ _id: 'a', email: 'old@x.cl' });
      await store.batch(async (view) => {
        const card = await view.collection('cards').findOne({ _id: 'c' }, { readOnly: true });
        const account = await view.collection('accounts').findOne({ _id: 'a' }, { readOnly: true });
        await view.collection('cards').updateOne({ _id: 'c' }, { $set: { 'units.u1': 5, status: 'closed' } });
        await view.collection('accounts').updateOne({ _id: 'a' }, { $set: { email: 'new@x.cl' } });
        expect(await view.collection('cards').findOne({ _id: 'c' }, { readOnly: true })).toBe(card);
        expect(card).toEqual({ _id: 'c', status: 'closed', units: { u1: 5, u2: 2 } });
        expect(await view.collection('accounts').findOne({ _id: 'a' }, { readOnly: true })).not.toBe(account);
        expect(account).toEqual({ _id: 'a', email: 'old@x.cl' });
      });
      await store.collection('accounts').insertOne({ _id: 'b', email: 'old@x.cl' }); // the old key is free again
      await expect(store.collection('accounts').insertOne({ _id: 'c', email: 'new@x.cl' })).rejects.toThrow('dup key');
      expect((await store.collection('cards').find({ status: 'closed' })).map((d) => d._id)).toEqual(['c']);
    });

    it('after the batch, an update copies again: a document read after the batch is not changed by the next batch', async () => {
      await store.batch(async (view) => {
        await view.collection('rollups').updateOne({ _id: 'r' }, { $inc: { 'p.a': 1 } }, { upsert: true });
      });
      const before = (await store.collection('rollups').findOne({ _id: 'r' }))!;
      await store.batch(async (view) => {
        await view.collection('rollups').updateOne({ _id: 'r' }, { $inc: { 'p.a': 1 } });
      });
      expect(before.p).toEqual({ a: 1 });
      expect((await store.collection('rollups').findOne({ _id: 'r' }))!.p).toEqual({ a: 2 });
    });

    it('a read-only find hands out the stored objects themselves; any other find hands out copies', async () => {
      await store.collection('rollups').insertOne({ _id: 'r', t: { started: 1 }, p: { a: { started: 1 } } });
      const [lent] = await store.collection('rollups').find({ _id: { $in: ['r'] } }, { readOnly: true });
      const [again] = await store.collection('rollups').find({ _id: { $in: ['r'] } }, { readOnly: true });
      expect(again).toBe(lent);
      const [totals] = await store.collection('rollups').find({ _id: { $in: ['r'] } }, { readOnly: true, projection: { t: 1 } });
      expect(totals.t).toBe(lent.t);
      expect(totals.p).toBeUndefined();
      const copy = (await store.collection('rollups').findOne({ _id: 'r' }))!;
      expect(copy).not.toBe(lent);
      (copy.t as { started: number }).started = 99;
      expect((lent.t as { started: number }).started).toBe(1);
    });
  });
});
