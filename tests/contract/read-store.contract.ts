import { DuplicateKeyError, type Document, type DocumentCollection, type ReadStore } from '../../kernel/ports/read-store';

interface Unit extends Document {
  projectId: string;
  number: number;
  floor: number;
  status: string;
  priceUf: number;
  tags?: string[];
  position?: number;
}

const unit = (n: number, fields: Partial<Unit> = {}): Unit => ({
  _id: `u${n}`,
  projectId: 'p1',
  number: n,
  floor: Math.ceil(n / 2),
  status: 'available',
  priceUf: 3000 + n * 100,
  ...fields,
});

/**
 * The ReadStore port's behaviour, run against every adapter: MongoDB's own semantics, which the
 * embedded adapter reproduces. The factory returns an empty store for each test.
 */
export function describeReadStoreContract(name: string, factory: () => Promise<{ store: ReadStore; cleanup(): Promise<void> }>): void {
  describe(`ReadStore contract: ${name}`, () => {
    let store: ReadStore;
    let cleanup: () => Promise<void>;
    let units: DocumentCollection<Unit>;

    beforeEach(async () => {
      ({ store, cleanup } = await factory());
      units = store.collection<Unit>('units');
    });

    afterEach(async () => {
      await cleanup();
    });

    const insertUnits = async (...docs: Unit[]) => {
      for (const doc of docs) await units.insertOne(doc);
    };

    describe('insert and find', () => {
      it('returns an inserted document; findOne answers null when nothing matches', async () => {
        await insertUnits(unit(1, { tags: ['view'] }));
        expect(await units.findOne({ _id: 'u1' })).toEqual(unit(1, { tags: ['view'] }));
        expect(await units.findOne({ _id: 'missing' })).toBeNull();
      });

      it('refuses a second document with the same _id', async () => {
        await insertUnits(unit(1));
        await expect(units.insertOne(unit(1, { status: 'sold' }))).rejects.toBeInstanceOf(DuplicateKeyError);
        expect((await units.findOne({ _id: 'u1' }))?.status).toBe('available');
      });

      it('filters with the query language: operators, dotted paths, arrays', async () => {
        await insertUnits(unit(1, { tags: ['view', 'corner'] }), unit(2), unit(3, { status: 'sold' }));
        const ids = async (filter: Record<string, unknown>) => (await units.find(filter, { sort: { _id: 1 } })).map((u) => u._id);
        expect(await ids({ priceUf: { $gte: 3200 } })).toEqual(['u2', 'u3']);
        expect(await ids({ status: { $in: ['sold', 'reserved'] } })).toEqual(['u3']);
        expect(await ids({ tags: 'corner' })).toEqual(['u1']);
        expect(await ids({ $or: [{ number: 1 }, { status: 'sold' }] })).toEqual(['u1', 'u3']);
        expect(await ids({ tags: { $exists: false } })).toEqual(['u2', 'u3']);
        await store.collection('projects').insertOne({ _id: 'p1', address: { commune: 'Ñuñoa' } });
        expect(await store.collection('projects').countDocuments({ 'address.commune': 'Ñuñoa' })).toBe(1);
      });

      it('finds a list of ids ({ _id: { $in } }, how dashboards read their rollups), with or without more conditions, projection or sort', async () => {
        await insertUnits(unit(1), unit(2), unit(3, { status: 'sold' }));
        const ids = async (filter: Record<string, unknown>, options = {}) => (await units.find(filter, options)).map((u) => u._id).sort();
        expect(await ids({ _id: { $in: ['u3', 'u1', 'nope', 'u1'] } })).toEqual(['u1', 'u3']);
        expect(await ids({ _id: { $in: ['u3', 'u1'] }, status: 'available' })).toEqual(['u1']);
        expect(await ids({ _id: { $in: ['u2', 'u3'] }, $and: [{ status: { $ne: 'sold' } }] }, { projection: { status: 1 } })).toEqual(['u2']);
        expect(await ids({ _id: { $in: [] } })).toEqual([]);
        expect(await units.find({ _id: { $in: ['u2', 'u1'] } }, { sort: { _id: -1 }, projection: { number: 1 } })).toEqual([
          { _id: 'u2', number: 2 },
          { _id: 'u1', number: 1 },
        ]);
      });

      it('answers a read-only find (dashboards summing rollups) with the same documents and projections as any find', async () => {
        await insertUnits(unit(1, { tags: ['view', 'corner'] }), unit(2), unit(3, { status: 'sold' }));
        for (const [filter, options] of [
          [{ _id: { $in: ['u3', 'u1', 'nope'] } }, {}],
          [{ _id: { $in: ['u1', 'u2'] } }, { projection: { tags: 1 } }],
          [{ status: 'available' }, { projection: { number: 0, tags: 0 } }],
          [{}, { sort: { priceUf: -1 }, limit: 2 }],
        ] as const) {
          const copies = await units.find(filter, options);
          const byId = (list: typeof copies) => [...list].sort((a, b) => a._id.localeCompare(b._id));
          expect(byId(await units.find(filter, { ...options, readOnly: true }))).toEqual(byId(copies));
        }
      });

      it('filters the same without sort or projection (the direct-match path), arrays and missing fields included', async () => {
        await insertUnits(unit(1, { tags: ['view', 'corner'] }), unit(2), unit(3, { status: 'sold' }));
        const ids = async (filter: Record<string, unknown>, limit?: number) => (await units.find(filter, limit ? { limit } : {})).map((u) => u._id).sort();
        expect(await ids({ priceUf: { $gte: 3200 } })).toEqual(['u2', 'u3']);
        expect(await ids({ tags: 'corner' })).toEqual(['u1']);
        expect(await ids({ tags: { $exists: false } })).toEqual(['u2', 'u3']);
        expect(await ids({ $or: [{ number: 1 }, { status: 'sold' }] })).toEqual(['u1', 'u3']);
        expect(await ids({ status: { $in: ['sold', 'reserved'] } })).toEqual(['u3']);
        expect(await ids({ status: 'available' }, 1)).toHaveLength(1);
        const found = await units.findOne({ _id: 'u1' });
        found!.tags = ['changed'];
        expect((await units.findOne({ _id: 'u1' }))!.tags).toEqual(['view', 'corner']);
      });

      it('sorts on several keys, then skips and limits', async () => {
        await insertUnits(
          unit(1, { floor: 2, priceUf: 3000 }),
          unit(2, { floor: 1, priceUf: 3500 }),
          unit(3, { floor: 2, priceUf: 3900 }),
          unit(4, { floor: 1, priceUf: 3100 }),
          unit(5, { floor: 3, priceUf: 3200 }),
        );
        const sorted = await units.find({}, { sort: { floor: 1, priceUf: -1 } });
        expect(sorted.map((u) => u._id)).toEqual(['u2', 'u4', 'u3', 'u1', 'u5']);
        const page = await units.find({}, { sort: { floor: 1, priceUf: -1 }, skip: 1, limit: 2 });
        expect(page.map((u) => u._id)).toEqual(['u4', 'u3']);
        expect(await units.find({}, { limit: 0 })).toHaveLength(5);
        expect((await units.findOne({}, { sort: { priceUf: -1 } }))?._id).toBe('u3');
      });

      it('projects: inclusion keeps _id unless excluded; exclusion drops the named fields', async () => {
        await insertUnits(unit(1, { tags: ['view'] }));
        expect(await units.find({}, { projection: { number: 1, status: 1 } })).toEqual([{ _id: 'u1', number: 1, status: 'available' }]);
        expect(await units.findOne({}, { projection: { _id: 0, number: 1 } })).toEqual({ number: 1 });
        const { tags: _tags, priceUf: _price, ...rest } = unit(1);
        expect(await units.findOne({}, { projection: { tags: 0, priceUf: 0 } })).toEqual(rest);
        expect(await units.findOne({}, { projection: { _id: 1 } })).toEqual({ _id: 'u1' });
        const { _id: _u1, ...withoutId } = unit(1, { tags: ['view'] });
        expect(await units.findOne({}, { projection: { _id: 0 } })).toEqual(withoutId);
        expect(await units.findOne({}, { projection: { missing: 1 } })).toEqual({ _id: 'u1' });
        // What a projection hands back is the caller's: changing it changes nothing stored.
        const picked = (await units.findOne({}, { projection: { tags: 1 } })) as { tags: string[] };
        picked.tags.push('changed');
        expect((await units.findOne({ _id: 'u1' }))?.tags).toEqual(['view']);
      });

      it('counts matching documents', async () => {
        await insertUnits(unit(1), unit(2), unit(3, { status: 'sold' }));
        expect(await units.countDocuments({ status: 'available' })).toBe(2);
        expect(await units.countDocuments({})).toBe(3);
      });
    });

    describe('updateOne and updateMany', () => {
      it('applies $set, $unset, $inc, $push, $addToSet, $pull, $max and $min', async () => {
        await insertUnits(unit(1, { tags: ['a', 'b'], position: 5 }));
        const apply = async (update: Record<string, unknown>) => {
          await units.updateOne({ _id: 'u1' }, update);
          return units.findOne({ _id: 'u1' });
        };
        expect(await apply({ $set: { status: 'sold', 'buyer.name': 'Ana' } })).toMatchObject({ status: 'sold', buyer: { name: 'Ana' } });
        expect(await apply({ $unset: { buyer: '' } })).not.toHaveProperty('buyer');
        expect(await apply({ $inc: { priceUf: 50, views: 1 } })).toMatchObject({ priceUf: 3150, views: 1 });
        expect((await apply({ $push: { tags: 'c' } }))?.tags).toEqual(['a', 'b', 'c']);
        expect((await apply({ $addToSet: { tags: 'a' } }))?.tags).toEqual(['a', 'b', 'c']);
        expect((await apply({ $addToSet: { tags: 'd' } }))?.tags).toEqual(['a', 'b', 'c', 'd']);
        expect((await apply({ $pull: { tags: { $in: ['b', 'd'] } } }))?.tags).toEqual(['a', 'c']);
        expect((await apply({ $max: { position: 3 } }))?.position).toBe(5);
        expect((await apply({ $max: { position: 8 } }))?.position).toBe(8);
        expect((await apply({ $min: { position: 2 } }))?.position).toBe(2);
      });

      it('counts matched and modified documents; a change to nothing is not a modification', async () => {
        await insertUnits(unit(1), unit(2), unit(3, { status: 'sold' }));
        expect(await units.updateOne({ _id: 'u1' }, { $set: { status: 'reserved' } })).toEqual({ matchedCount: 1, modifiedCount: 1 });
        expect(await units.updateOne({ _id: 'u1' }, { $set: { status: 'reserved' } })).toEqual({ matchedCount: 1, modifiedCount: 0 });
        expect(await units.updateOne({ _id: 'none' }, { $set: { status: 'x' } })).toEqual({ matchedCount: 0, modifiedCount: 0 });
        expect(await units.updateMany({ status: { $ne: 'x' } }, { $set: { status: 'sold' } })).toEqual({ matchedCount: 3, modifiedCount: 2 });
        expect(await units.countDocuments({ status: 'sold' })).toBe(3);
      });

      it('updateOne changes only the first match', async () => {
        await insertUnits(unit(1), unit(2));
        await units.updateOne({ projectId: 'p1' }, { $set: { status: 'reserved' } });
        expect(await units.countDocuments({ status: 'reserved' })).toBe(1);
      });

      it('refuses an update document without operators', async () => {
        await insertUnits(unit(1));
        await expect(units.updateOne({ _id: 'u1' }, { status: 'sold' })).rejects.toThrow();
        await expect(units.updateOne({ _id: 'u1' }, {})).rejects.toThrow();
        await expect(units.updateMany({}, { status: 'sold' })).rejects.toThrow();
        expect((await units.findOne({ _id: 'u1' }))?.status).toBe('available');
      });
    });

    describe('upsert', () => {
      it('seeds the new document from the filter’s equality fields, then applies the update and $setOnInsert', async () => {
        const result = await units.updateOne(
          { _id: 'u9', projectId: { $eq: 'p2' }, status: 'available', position: { $lt: 4 } },
          { $set: { position: 4 }, $inc: { views: 1 }, $setOnInsert: { createdBy: 'projection' } },
          { upsert: true },
        );
        expect(result).toEqual({ matchedCount: 0, modifiedCount: 0, upsertedId: 'u9' });
        expect(await units.findOne({ _id: 'u9' })).toEqual({
          _id: 'u9',
          projectId: 'p2',
          status: 'available',
          position: 4,
          views: 1,
          createdBy: 'projection',
        });
      });

      it('seeds nested fields from dotted paths', async () => {
        await units.updateOne({ _id: 'u9', 'address.commune': 'Maipú' }, { $set: { status: 'new' } }, { upsert: true });
        expect(await units.findOne({ _id: 'u9' })).toEqual({ _id: 'u9', address: { commune: 'Maipú' }, status: 'new' });
      });

      it('ignores $setOnInsert when a document matched', async () => {
        await insertUnits(unit(1));
        const result = await units.updateOne({ _id: 'u1' }, { $set: { status: 'sold' }, $setOnInsert: { createdBy: 'projection' } }, { upsert: true });
        expect(result).toEqual({ matchedCount: 1, modifiedCount: 1 });
        expect(await units.findOne({ _id: 'u1' })).not.toHaveProperty('createdBy');
      });

      it('refuses $set and $setOnInsert on the same field', async () => {
        await expect(units.updateOne({ _id: 'u1' }, { $set: { status: 'a' }, $setOnInsert: { status: 'b' } }, { upsert: true })).rejects.toThrow();
      });

      it('generates a string _id when the filter names none', async () => {
        const { upsertedId } = await units.updateOne({ projectId: 'p3' }, { $set: { status: 'new' } }, { upsert: true });
        expect(typeof upsertedId).toBe('string');
        expect(await units.findOne({ _id: upsertedId! })).toEqual({ _id: upsertedId, projectId: 'p3', status: 'new' });
      });

      it('a guarded upsert whose guard fails on an existing document throws DuplicateKeyError and changes nothing', async () => {
        await insertUnits(unit(1, { position: 7 }));
        await expect(units.updateOne({ _id: 'u1', position: { $lt: 5 } }, { $set: { position: 5, status: 'sold' } }, { upsert: true })).rejects.toBeInstanceOf(
          DuplicateKeyError,
        );
        expect(await units.findOne({ _id: 'u1' })).toEqual(unit(1, { position: 7 }));
      });

      it('a guarded upsert whose guard holds updates the document', async () => {
        await insertUnits(unit(1, { position: 3 }));
        const result = await units.updateOne({ _id: 'u1', position: { $lt: 5 } }, { $set: { position: 5 } }, { upsert: true });
        expect(result).toEqual({ matchedCount: 1, modifiedCount: 1 });
        expect((await units.findOne({ _id: 'u1' }))?.position).toBe(5);
      });
    });

    describe('replaceOne and delete', () => {
      it('replaces the whole document and keeps its _id', async () => {
        await insertUnits(unit(1, { tags: ['a'] }));
        const replacement = { projectId: 'p1', number: 1, floor: 1, status: 'sold', priceUf: 1 } as Unit;
        expect(await units.replaceOne({ number: 1 }, replacement)).toEqual({ matchedCount: 1, modifiedCount: 1 });
        expect(await units.findOne({ number: 1 })).toEqual({ ...replacement, _id: 'u1' });
        expect(await units.replaceOne({ number: 1 }, { ...replacement, _id: 'u1' })).toEqual({ matchedCount: 1, modifiedCount: 0 });
      });

      it('upserts a replacement under the filter’s _id, and refuses to change an _id or take operators', async () => {
        const { _id: _omitted, ...withoutId } = unit(7);
        expect(await units.replaceOne({ _id: 'u7' }, withoutId as Unit, { upsert: true })).toEqual({
          matchedCount: 0,
          modifiedCount: 0,
          upsertedId: 'u7',
        });
        expect(await units.findOne({ _id: 'u7' })).toEqual(unit(7));
        expect(await units.replaceOne({ _id: 'missing' }, unit(8))).toEqual({ matchedCount: 0, modifiedCount: 0 });
        await expect(units.replaceOne({ _id: 'u7' }, unit(8))).rejects.toThrow();
        await expect(units.replaceOne({ _id: 'u7' }, { $set: { status: 'sold' } } as unknown as Unit)).rejects.toThrow();
        expect(await units.findOne({ _id: 'u7' })).toEqual(unit(7));
      });

      it('deleteOne removes the first match, deleteMany every match', async () => {
        await insertUnits(unit(1), unit(2), unit(3), unit(4, { status: 'sold' }));
        expect(await units.deleteOne({ status: 'available' })).toEqual({ deletedCount: 1 });
        expect(await units.countDocuments({ status: 'available' })).toBe(2);
        expect(await units.deleteMany({ status: 'available' })).toEqual({ deletedCount: 2 });
        expect(await units.deleteMany({ status: 'available' })).toEqual({ deletedCount: 0 });
        expect((await units.find({})).map((u) => u._id)).toEqual(['u4']);
      });
    });

    describe('unique indexes', () => {
      it('refuses an insert or an update that repeats a unique key, and leaves the data as it was', async () => {
        const users = store.collection('users');
        await users.createIndex({ keys: { email: 1 }, unique: true });
        await users.insertOne({ _id: 'a', email: 'ana@example.cl' });
        await users.insertOne({ _id: 'b', email: 'bea@example.cl' });
        await expect(users.insertOne({ _id: 'c', email: 'ana@example.cl' })).rejects.toBeInstanceOf(DuplicateKeyError);
        await expect(users.updateOne({ _id: 'b' }, { $set: { email: 'ana@example.cl' } })).rejects.toBeInstanceOf(DuplicateKeyError);
        await expect(users.replaceOne({ _id: 'b' }, { _id: 'b', email: 'ana@example.cl' })).rejects.toBeInstanceOf(DuplicateKeyError);
        expect(await users.find({}, { sort: { _id: 1 } })).toEqual([
          { _id: 'a', email: 'ana@example.cl' },
          { _id: 'b', email: 'bea@example.cl' },
        ]);
      });

      it('frees a key when its document changes or goes', async () => {
        const users = store.collection('users');
        await users.createIndex({ keys: { email: 1 }, unique: true });
        await users.insertOne({ _id: 'a', email: 'ana@example.cl' });
        await users.updateOne({ _id: 'a' }, { $set: { email: 'ana@new.cl' } });
        await users.insertOne({ _id: 'b', email: 'ana@example.cl' });
        await users.deleteOne({ _id: 'b' });
        await users.insertOne({ _id: 'c', email: 'ana@example.cl' });
        expect(await users.countDocuments({})).toBe(2);
      });

      it('checks an updateMany a document at a time: keys shifted onto a neighbour’s collide', async () => {
        const steps = store.collection('steps');
        await steps.createIndex({ keys: { rank: 1 }, unique: true });
        await steps.insertOne({ _id: 'a', rank: 1 });
        await steps.insertOne({ _id: 'b', rank: 2 });
        await expect(steps.updateMany({}, { $inc: { rank: 1 } })).rejects.toBeInstanceOf(DuplicateKeyError);
        await steps.updateMany({}, { $inc: { rank: -1 } }); // the first document moves down, freeing its key for the second
        expect(await steps.find({}, { sort: { _id: 1 } })).toEqual([
          { _id: 'a', rank: 0 },
          { _id: 'b', rank: 1 },
        ]);
      });

      it('enforces a compound key as a whole', async () => {
        await units.createIndex({ keys: { projectId: 1, number: 1 }, unique: true });
        await insertUnits(unit(1), unit(2, { number: 1, projectId: 'p2' }), unit(3, { number: 2 }));
        await expect(units.insertOne(unit(4, { number: 1 }))).rejects.toBeInstanceOf(DuplicateKeyError);
      });

      it('counts a missing field as null, so only one document may lack it', async () => {
        const users = store.collection('users');
        await users.createIndex({ keys: { rut: 1 }, unique: true });
        await users.insertOne({ _id: 'a' });
        await expect(users.insertOne({ _id: 'b' })).rejects.toBeInstanceOf(DuplicateKeyError);
      });

      it('refuses to create a unique index the existing documents violate', async () => {
        await insertUnits(unit(1), unit(2));
        await expect(units.createIndex({ keys: { projectId: 1 }, unique: true })).rejects.toBeInstanceOf(DuplicateKeyError);
        await units.insertOne(unit(3));
        expect(await units.countDocuments({ projectId: 'p1' })).toBe(3);
      });

      it('creating the same index twice is a no-op; a non-unique index allows repeats', async () => {
        await units.createIndex({ keys: { status: 1 } });
        await units.createIndex({ keys: { status: 1 } });
        await units.createIndex({ keys: { number: 1 }, unique: true, name: 'by_number' });
        await units.createIndex({ keys: { number: 1 }, unique: true, name: 'by_number' });
        await insertUnits(unit(1), unit(2));
        expect(await units.countDocuments({ status: 'available' })).toBe(2);
      });
    });

    describe('aggregate', () => {
      beforeEach(async () => {
        await insertUnits(
          unit(1, { tags: ['view', 'corner'] }),
          unit(2, { status: 'sold' }),
          unit(3, { projectId: 'p2', tags: ['view'] }),
          unit(4, { projectId: 'p2', status: 'sold' }),
          unit(5, { projectId: 'p2' }),
        );
      });

      it('groups, sorts and projects', async () => {
        const result = await units.aggregate([
          { $match: { priceUf: { $gt: 3100 } } },
          { $group: { _id: '$projectId', units: { $sum: 1 }, maxUf: { $max: '$priceUf' } } },
          { $sort: { _id: 1 } },
          { $project: { _id: 0, projectId: '$_id', units: 1, maxUf: 1 } },
        ]);
        expect(result).toEqual([
          { projectId: 'p1', units: 1, maxUf: 3200 },
          { projectId: 'p2', units: 3, maxUf: 3500 },
        ]);
      });

      it('computes several facets in one pass, with $count, $skip and $limit', async () => {
        const [facets] = await units.aggregate([
          {
            $facet: {
              total: [{ $count: 'n' }],
              byStatus: [{ $group: { _id: '$status', n: { $sum: 1 } } }, { $sort: { _id: 1 } }],
              page: [{ $sort: { priceUf: -1 } }, { $skip: 1 }, { $limit: 2 }, { $project: { _id: 1 } }],
            },
          },
        ]);
        expect(facets).toEqual({
          total: [{ n: 5 }],
          byStatus: [
            { _id: 'available', n: 3 },
            { _id: 'sold', n: 2 },
          ],
          page: [{ _id: 'u4' }, { _id: 'u3' }],
        });
      });

      it('unwinds arrays', async () => {
        const result = await units.aggregate([{ $unwind: '$tags' }, { $group: { _id: '$tags', n: { $sum: 1 } } }, { $sort: { _id: 1 } }]);
        expect(result).toEqual([
          { _id: 'corner', n: 1 },
          { _id: 'view', n: 2 },
        ]);
      });

      it('looks up documents of another collection', async () => {
        const projects = store.collection('projects');
        await projects.insertOne({ _id: 'p1', name: 'Parque Sur' });
        await projects.insertOne({ _id: 'p2', name: 'Mirador' });
        const result = await units.aggregate([
          { $match: { status: 'sold' } },
          { $lookup: { from: 'projects', localField: 'projectId', foreignField: '_id', as: 'project' } },
          { $project: { _id: 1, projectName: { $arrayElemAt: ['$project.name', 0] } } },
          { $sort: { _id: 1 } },
        ]);
        expect(result).toEqual([
          { _id: 'u2', projectName: 'Parque Sur' },
          { _id: 'u4', projectName: 'Mirador' },
        ]);
      });

      it('never changes the stored documents, its own or those it looks up', async () => {
        await store.collection('projects').insertOne({ _id: 'p1', name: 'Parque Sur', address: { commune: 'Maipú' } });
        await units.updateOne({ _id: 'u1' }, { $set: { view: { side: 'north' } } });
        const stored = await units.findOne({ _id: 'u1' });
        await units.aggregate([{ $set: { status: 'changed', 'view.side': 'changed' } }, { $unset: 'priceUf' }]);
        await units.aggregate([
          { $lookup: { from: 'projects', localField: 'projectId', foreignField: '_id', as: 'project' } },
          { $unwind: '$project' },
          { $set: { 'project.name': 'changed', 'project.address.commune': 'changed' } },
        ]);
        expect(await units.findOne({ _id: 'u1' })).toEqual(stored);
        expect(await store.collection('projects').findOne({ _id: 'p1' })).toEqual({
          _id: 'p1',
          name: 'Parque Sur',
          address: { commune: 'Maipú' },
        });
      });
    });

    describe('collections', () => {
      it('lists collections once written or indexed, and drops them', async () => {
        await insertUnits(unit(1));
        await store.collection('leads').createIndex({ keys: { rut: 1 } });
        await units.deleteMany({});
        expect(await store.listCollections()).toEqual(expect.arrayContaining(['units', 'leads']));
        expect(await store.listCollections()).not.toContain('never_written');
        await store.dropCollection('units');
        expect(await store.listCollections()).not.toContain('units');
        expect(await units.countDocuments({})).toBe(0);
      });

      it('dropping a collection that does not exist is a no-op (a rebuild drops its leftovers first)', async () => {
        await expect(store.dropCollection('never_written')).resolves.toBeUndefined();
      });

      it('renameCollection replaces the target with the source, indexes included', async () => {
        const live = store.collection('catalog_v1');
        await live.insertOne({ _id: 'old', v: 1 });
        await live.createIndex({ keys: { v: 1 }, unique: true });
        const rebuilt = store.collection('catalog_v2');
        await rebuilt.createIndex({ keys: { code: 1 }, unique: true });
        await rebuilt.insertOne({ _id: 'new', v: 1, code: 'A' });
        await rebuilt.insertOne({ _id: 'newer', v: 1, code: 'B' });

        await store.renameCollection('catalog_v2', 'catalog_v1');

        expect(await live.find({}, { sort: { _id: 1 } })).toEqual([
          { _id: 'new', v: 1, code: 'A' },
          { _id: 'newer', v: 1, code: 'B' },
        ]);
        await expect(live.insertOne({ _id: 'dup', code: 'A' })).rejects.toBeInstanceOf(DuplicateKeyError);
        await live.insertOne({ _id: 'same-v', v: 1, code: 'C' });
        const collections = await store.listCollections();
        expect(collections).toContain('catalog_v1');
        expect(collections).not.toContain('catalog_v2');
        expect(await rebuilt.countDocuments({})).toBe(0);
      });

      it('refuses to rename a missing collection or a collection onto itself', async () => {
        await expect(store.renameCollection('missing', 'units')).rejects.toThrow();
        await insertUnits(unit(1));
        await expect(store.renameCollection('units', 'units')).rejects.toThrow();
        expect(await units.countDocuments({})).toBe(1);
      });
    });

    describe('isolation', () => {
      it('copies documents on the way in and out', async () => {
        const doc = unit(1, { tags: ['view'] });
        await units.insertOne(doc);
        doc.tags!.push('mutated-after-insert');
        doc.status = 'mutated';
        const read = (await units.findOne({ _id: 'u1' }))!;
        read.tags!.push('mutated-after-read');
        (await units.find({}))[0].tags!.push('mutated-after-find');
        const tags = ['from-update'];
        await units.updateOne({ _id: 'u1' }, { $set: { extra: { tags } } });
        tags.push('mutated-after-update');
        expect(await units.findOne({ _id: 'u1' })).toEqual({ ...unit(1, { tags: ['view'] }), extra: { tags: ['from-update'] } });
      });

      it('hands readers plain objects, nested ones and guarded writes’ revisions included', async () => {
        await units.insertOne(unit(1, { tags: ['view'] }));
        await units.updateOne({ _id: 'u1' }, { $set: { extra: { at: 'x' }, '_v.unit_u1': 3 } });
        const read = (await units.findOne({ _id: 'u1' })) as Unit & { extra: object; _v: object };
        for (const value of [read, read.extra, read._v]) expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
        expect(JSON.parse(JSON.stringify(read))).toEqual(read);
      });
    });
  });
}
