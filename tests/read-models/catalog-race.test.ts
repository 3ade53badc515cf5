import { openDatabase } from '../../adapters/embedded/sqlite-database';
import { SqliteReadStore } from '../../adapters/embedded/sqlite-read-store';
import type { RecordedEvent } from '../../kernel/ports/event-store';
import { catalogProjection } from '../../read-models/catalog/catalog.projection';
import { CATALOG_PROJECTS, type CatalogProjectDoc } from '../../read-models/catalog/catalog-doc';
import { interceptedStore } from '../support/intercepted-store';
import { deliver } from '../support/projection-spec';

const meta = { correlationId: 'c', actorId: 'a', actorRoles: [], occurredAt: '2026-11-22T12:00:00.000Z', schemaVersion: 1 };
const unitAdded = (unitId: string, position: number): RecordedEvent => ({
  streamId: `unit-${unitId}`,
  revision: 0,
  globalPosition: position,
  type: 'UnitAdded',
  data: { unitId, projectId: 'p1', bedrooms: 2, bathrooms: 1, regularPrice: 3000, discountPrice: null },
  metadata: meta,
  recordedAt: meta.occurredAt,
});

describe('catalogue card under concurrent consumers', () => {
  it('two units of one project applied at the same moment (two Kafka partitions) both land on the card', async () => {
    const store = new SqliteReadStore(openDatabase(':memory:'));
    const events = Array.from({ length: 8 }, (_, i) => unitAdded(`u${i}`, i + 1));
    await Promise.all(events.map((e) => deliver(catalogProjection, e, store)));
    const card = await store.collection(CATALOG_PROJECTS).findOne({ _id: 'p1' });
    expect(Object.keys(card!.unitEntries as object).sort()).toEqual(events.map((e) => String(e.data.unitId)).sort());
    // And a redelivery of all of them, also concurrent, changes nothing.
    await Promise.all(events.map((e) => deliver(catalogProjection, e, store)));
    expect(await store.collection(CATALOG_PROJECTS).findOne({ _id: 'p1' })).toEqual(card);
  });

  it("writes a project's card once per delivery, however many of its units' events the delivery brings", async () => {
    const store = new SqliteReadStore(openDatabase(':memory:'));
    let writes = 0;
    const view = interceptedStore(store, 'updateOne', (collection, ...args) => (writes++, collection.updateOne(...args)));
    const added = Array.from({ length: 6 }, (_, i) => unitAdded(`u${i}`, i + 1));
    const held = { ...unitAdded('u2', 7), revision: 1, type: 'UnitHeldForReservation', data: { unitId: 'u2', projectId: 'p1' } };
    for (const event of [...added, held]) await catalogProjection.apply(event as never, view);
    await catalogProjection.flush!(view);
    expect(writes).toBe(1);
    const card = await store.collection<CatalogProjectDoc>(CATALOG_PROJECTS).findOne({ _id: 'p1' });
    expect(Object.keys(card!.unitEntries).sort()).toEqual(['u0', 'u1', 'u2', 'u3', 'u4', 'u5']);
    expect(card).toEqual(expect.objectContaining({ unitsTotal: 6, unitsAvailable: 5, _w: 1 }));
    // The same delivery again changes nothing, and writes nothing.
    for (const event of [...added, held]) await catalogProjection.apply(event as never, view);
    await catalogProjection.flush!(view);
    expect(writes).toBe(1);
  });

  it("a card that cannot be written fails the delivery's flush, only once the other cards' writes have settled", async () => {
    const store = new SqliteReadStore(openDatabase(':memory:'));
    const order: string[] = [];
    const writing = interceptedStore(store, 'updateOne', async (collection, filter, ...rest) => {
      if (filter._id === 'p1') throw new Error('disco lleno');
      await new Promise((resolve) => setTimeout(resolve, 20));
      const result = await collection.updateOne(filter, ...rest);
      order.push(`${String(filter._id)} escrita`);
      return result;
    });
    // Another consumer moved every card after they were read together: each goes through its own compare-and-set.
    const view = interceptedStore(writing, 'upsertEach', async (_collection, writes) => writes.map(() => false));
    for (const [i, projectId] of ['p1', 'p2', 'p3'].entries())
      await catalogProjection.apply({ ...unitAdded(`u${i}`, i + 1), data: { ...unitAdded(`u${i}`, i + 1).data, projectId } } as never, view);
    await expect(catalogProjection.flush!(view).finally(() => order.push('flush terminado'))).rejects.toThrow('disco lleno');
    expect(order).toEqual(['p2 escrita', 'p3 escrita', 'flush terminado']);
  });
});
