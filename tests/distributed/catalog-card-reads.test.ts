import { MongoClient, type CommandStartedEvent } from 'mongodb';
import { MongoReadStore } from '../../adapters/mongodb/mongo-read-store';
import type { RecordedEvent } from '../../kernel/ports/event-store';
import { catalogProjection } from '../../read-models/catalog/catalog.projection';
import { CATALOG_PROJECTS, type CatalogProjectDoc } from '../../read-models/catalog/catalog-doc';
import { MONGODB_URL } from './support/engines';
import { mongoDatabases } from './support/mongo';

const databases = mongoDatabases('catalog_reads');
afterAll(() => databases.close());

const meta = { correlationId: 'c', actorId: 'a', actorRoles: [], occurredAt: '2026-11-22T12:00:00.000Z', schemaVersion: 1 };
let position = 0;
const unitEvent = (projectId: string, unitId: string, revision: number, type: string): RecordedEvent => ({
  streamId: `unit-${unitId}`,
  revision,
  globalPosition: ++position,
  type,
  data: { unitId, projectId, bedrooms: 2, bathrooms: 1, regularPrice: 3000, discountPrice: null },
  metadata: meta,
  recordedAt: meta.occurredAt,
});

/**
 * Distributed, a delivery's cards are read in one request before their compare-and-sets, and the compare-and-sets go
 * in one more: a batch bringing units of many projects (a catch-up, a bulk upload) paid a round trip per card for
 * its read, then another for its write.
 */
describe('catalogue cards on MongoDB: one read and one write for all the cards of a delivery', () => {
  it('reads the cards of a batch in one request, then writes them all in one more', async () => {
    const client = await MongoClient.connect(MONGODB_URL, { monitorCommands: true });
    const sent: string[] = [];
    client.on('commandStarted', (e: CommandStartedEvent) => {
      if (e.command[e.commandName] === CATALOG_PROJECTS) sent.push(e.commandName);
    });
    const { db, drop } = await databases.fresh();
    try {
      const store = new MongoReadStore(client.db(db.databaseName));
      const projects = ['p1', 'p2', 'p3'];
      const deliver = (events: readonly RecordedEvent[]) =>
        store.batch(async (view) => {
          for (const event of events) await catalogProjection.apply(event as never, view);
          await catalogProjection.flush!(view);
        });
      await deliver(projects.flatMap((p) => [unitEvent(p, `${p}-a`, 0, 'UnitAdded'), unitEvent(p, `${p}-b`, 0, 'UnitAdded')]));
      expect(sent).toEqual(['find', 'update']);
      sent.length = 0;
      await deliver(projects.map((p) => unitEvent(p, `${p}-a`, 1, 'UnitHeldForReservation')));
      expect(sent).toEqual(['find', 'update']);
      const cards = await store.collection<CatalogProjectDoc>(CATALOG_PROJECTS).find({}, { sort: { _id: 1 } });
      expect(cards.map((c) => [c._id, c.unitsTotal, c.unitsAvailable, c._w])).toEqual([
        ['p1', 2, 1, 2],
        ['p2', 2, 1, 2],
        ['p3', 2, 1, 2],
      ]);
    } finally {
      await drop();
      await client.close();
    }
  });
});
