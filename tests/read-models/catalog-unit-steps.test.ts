import { openDatabase } from '../../adapters/embedded/sqlite-database';
import { SqliteReadStore } from '../../adapters/embedded/sqlite-read-store';
import type { RecordedEvent } from '../../kernel/ports/event-store';
import { catalogProjection } from '../../read-models/catalog/catalog.projection';
import { CATALOG_PROJECTS, type CatalogProjectDoc } from '../../read-models/catalog/catalog-doc';
import { interceptedStore } from '../support/intercepted-store';

const meta = { correlationId: 'c', actorId: 'a', actorRoles: [], occurredAt: '2026-11-22T12:00:00.000Z', schemaVersion: 1 };
let position = 0;
const event = (streamId: string, revision: number, type: string, data: Record<string, unknown>): RecordedEvent => ({
  streamId,
  revision,
  globalPosition: ++position,
  type,
  data: { projectId: 'p1', ...data },
  metadata: meta,
  recordedAt: meta.occurredAt,
});
const added = (unitId: string, regularPrice: number) =>
  event(`unit-${unitId}`, 0, 'UnitAdded', { unitId, bedrooms: 2, bathrooms: 1, regularPrice, discountPrice: null });

/** A delivery of a card's events: applied, then written at the flush (one compare-and-set per card). */
const deliver = async (store: SqliteReadStore, events: readonly RecordedEvent[]) => {
  for (const recorded of events) await catalogProjection.apply(recorded as never, store);
  await catalogProjection.flush!(store);
};

/**
 * Unit events in a row on one card are folded as one step (entries one after another, then what derives from
 * the units once): the card must end as it would with each event delivered on its own.
 */
describe('catalogue card: a delivery of many unit events', () => {
  const HISTORY: RecordedEvent[] = [
    added('u1', 3000),
    added('u2', 2500),
    event('project-p1', 0, 'ProjectEnabled', {}),
    added('u3', 4000),
    event('unit-u2', 1, 'UnitHeldForReservation', { unitId: 'u2' }),
    event('unit-u2', 2, 'UnitHoldReleased', { unitId: 'u2' }),
    event('unit-u1', 1, 'UnitHeldForReservation', { unitId: 'u1' }),
    event('unit-u1', 2, 'UnitReserved', { unitId: 'u1' }),
    event('unit-u3', 1, 'UnitUpdated', { unitId: 'u3', changes: { regularPrice: 2000 } }),
    event('unit-u3', 2, 'UnitDisabled', { unitId: 'u3' }),
  ];

  const cardOf = async (store: SqliteReadStore) => {
    const { _w, ...card } = (await store.collection<CatalogProjectDoc>(CATALOG_PROJECTS).findOne({ _id: 'p1' }))!;
    return card;
  };

  it('ends as the events one delivery each would leave it, redelivered events included, in one write', async () => {
    const oneByOne = new SqliteReadStore(openDatabase(':memory:'));
    for (const recorded of HISTORY) await deliver(oneByOne, [recorded]);
    const expected = await cardOf(oneByOne);
    expect(expected).toEqual(expect.objectContaining({ unitsTotal: 2, unitsAvailable: 1, unitsReserved: 1, priceFromUF: 2500, priceToUF: 2500 }));

    const together = new SqliteReadStore(openDatabase(':memory:'));
    let writes = 0;
    const view = interceptedStore(together, 'updateOne', (collection, ...args) => (writes++, collection.updateOne(...args)));
    // The first three events came in an earlier delivery and come again in this one (a redelivery after a crash).
    await deliver(together, HISTORY.slice(0, 3));
    writes = 0;
    await deliver(view as SqliteReadStore, HISTORY);
    expect(writes).toBe(1);
    expect(await cardOf(together)).toEqual(expected);
  });
});
