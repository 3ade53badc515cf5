import fs from 'node:fs';
import path from 'node:path';
import { SqliteEventStore } from '../../adapters/embedded/sqlite-event-store';
import { SqliteKeyStore } from '../../adapters/embedded/sqlite-key-store';
import { SqliteReadStore } from '../../adapters/embedded/sqlite-read-store';
import { EventUpcasters, type Upcaster } from '../../kernel/command-handling/event-upcasters';
import { handleCommand } from '../../kernel/command-handling/handle-command';
import { withPersonalDataEncrypted } from '../../application/personal-data/platform-personal-data';
import type { Projection } from '../../kernel/projections/projection';
import { ProjectionRunner } from '../../kernel/projections/projection-runner';
import type { CommandMetadata, Decider, DomainEvent } from '../../domain/shared/event';
import { tempDir } from '../support/test-app';

/**
 * The example of an event whose shape changed: `UnitPriced` first stored its price as a bare number of UF
 * (`{ unitId, priceUf }`, version 1); version 2 says the amount and its currency (`{ unitId, price: { amount, currency } }`).
 */
type UnitPricedV1 = DomainEvent<'UnitPriced', { unitId: string; priceUf: number }>;
type UnitPriced = DomainEvent<'UnitPriced', { unitId: string; price: { amount: number; currency: 'UF' } }>;

const priceWithItsCurrency: Upcaster = {
  type: 'UnitPriced',
  fromVersion: 1,
  upcast: (data) => ({ unitId: data.unitId, price: { amount: data.priceUf, currency: 'UF' } }),
};

const pricingV1: Decider<{ unitId: string; priceUf: number }, number | null, UnitPricedV1> = {
  initialState: () => null,
  evolve: (_, e) => e.data.priceUf,
  decide: (c, price) => (price === c.priceUf ? [] : [{ type: 'UnitPriced', data: c }]),
};
const pricing: Decider<{ unitId: string; amount: number }, number | null, UnitPriced> = {
  initialState: () => null,
  evolve: (_, e) => e.data.price.amount,
  decide: (c, price) => (price === c.amount ? [] : [{ type: 'UnitPriced', data: { unitId: c.unitId, price: { amount: c.amount, currency: 'UF' } } }]),
};
/** Written against version 2 only: each price of a unit by the revision that set it. */
const unitPrices: Projection<UnitPriced> = {
  name: 'unit-prices',
  collections: ['unit_prices'],
  eventTypes: ['UnitPriced'],
  apply: async (event, store) => {
    const { amount, currency } = event.data.price;
    await store
      .collection('unit_prices')
      .updateOne({ _id: event.data.unitId }, { $set: { [`byRevision.${event.revision}`]: `${amount} ${currency}` } }, { upsert: true });
  },
};

const meta: CommandMetadata = { now: new Date('2026-12-07T12:00:00Z'), actorId: 'admin', actorRoles: ['admin'], correlationId: 'c-1' };
const SECRET = 'secreto-de-la-prueba';
let dir: string;
beforeEach(() => (dir = tempDir('upcasting')));
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The platform's event store over one SQLite file, as the composition builds it, with the given upcasters. */
const platformStore = (upcasters: EventUpcasters) =>
  withPersonalDataEncrypted(
    SqliteEventStore.open(path.join(dir, 'events.sqlite')),
    SqliteKeyStore.open(path.join(dir, 'keys.sqlite'), SECRET),
    SECRET,
    upcasters,
  );

describe('events that change shape: upcasters registered per type', () => {
  it('reads a version 1 event back as version 2, decides on it, and rebuilds a projection from it', async () => {
    const before = platformStore(new EventUpcasters());
    await handleCommand(before, 'unit-u1', pricingV1, { unitId: 'u1', priceUf: 3500 }, meta);
    await before.close();

    // The shape changes: the same file, read by the code that knows version 2 and the step from version 1.
    const events = platformStore(new EventUpcasters([priceWithItsCurrency]));
    const [read] = await events.readStream('unit-u1');
    expect(read.data).toEqual({ unitId: 'u1', price: { amount: 3500, currency: 'UF' } });
    expect(read.metadata.schemaVersion).toBe(2);
    expect(await handleCommand(events, 'unit-u1', pricing, { unitId: 'u1', amount: 3500 }, meta)).toMatchObject({ events: [] }); // folded from v1
    await handleCommand(events, 'unit-u1', pricing, { unitId: 'u1', amount: 3600 }, meta);

    // Stored events are never rewritten: the first stays at version 1, the new one is stamped 2.
    const stored = await events.undecorated.readStream('unit-u1');
    expect(stored.map((e) => [e.metadata.schemaVersion, e.data])).toEqual([
      [1, { unitId: 'u1', priceUf: 3500 }],
      [2, { unitId: 'u1', price: { amount: 3600, currency: 'UF' } }],
    ]);
    expect((await events.readAll({ fromPosition: 0, limit: 10 })).map((e) => e.data.price)).toEqual([
      { amount: 3500, currency: 'UF' },
      { amount: 3600, currency: 'UF' },
    ]);

    const readStore = SqliteReadStore.open(path.join(dir, 'read-models.sqlite'));
    const runner = new ProjectionRunner(events, readStore, [unitPrices as Projection]);
    await runner.start();
    expect(await runner.waitFor(await events.headPosition(), 10_000)).toBe(true);
    await readStore.collection('unit_prices').deleteMany({});
    await runner.rebuild('unit-prices');
    expect(await readStore.collection('unit_prices').findOne({ _id: 'u1' })).toMatchObject({ byRevision: { 0: '3500 UF', 1: '3600 UF' } });
    await runner.stop();
    await readStore.close();
    await events.close();
  });

  it('refuses a registry with a missing step or two steps from one version', () => {
    expect(() => new EventUpcasters([{ ...priceWithItsCurrency, fromVersion: 2 }])).toThrow('UnitPriced: no upcaster from v1');
    expect(() => new EventUpcasters([priceWithItsCurrency, priceWithItsCurrency])).toThrow('Two upcasters for UnitPriced v1');
    expect(new EventUpcasters([priceWithItsCurrency, { ...priceWithItsCurrency, fromVersion: 2, upcast: (d) => d }]).currentVersion('UnitPriced')).toBe(3);
  });
});
