import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteCatalogIndex } from '../../adapters/embedded/sqlite-catalog-index';
import { SqliteReadStore } from '../../adapters/embedded/sqlite-read-store';
import type { RecordedEvent } from '../../kernel/ports/event-store';
import type { ReadStore } from '../../kernel/ports/read-store';
import { catalogProjection } from '../../read-models/catalog/catalog.projection';
import { CATALOG_PROJECTS } from '../../read-models/catalog/catalog-doc';
import { deliver } from '../support/projection-spec';
import { projectEvents, recorder } from './catalog-index.contract';

/**
 * The embedded catalogue index is a table derived from the cards: each entry is written in the transaction that
 * makes its card durable, once per delivery however many of its events changed the card.
 */
describe('the SQLite catalogue index follows the cards’ writes', () => {
  let dir: string;
  let file: string;
  let store: SqliteReadStore;
  let index: SqliteCatalogIndex;
  const record = recorder();
  const open = () => {
    store = SqliteReadStore.open(file);
    index = SqliteCatalogIndex.of(store);
  };
  const inOneBatch = (events: readonly RecordedEvent[], during?: (view: ReadStore) => Promise<void>) =>
    store.batch(async (view: ReadStore) => {
      for (const event of events) await deliver(catalogProjection, event, view);
      await during?.(view);
    });
  const card = async () => (await index.page(CATALOG_PROJECTS, { sort: 'featured', limit: 10 })).cards.map((c) => c.value()).find((c) => c.id === 'p');
  const hold = (n: number) => record(`unit-p-u${n}`, 'UnitHeldForReservation', { unitId: `p-u${n}`, projectId: 'p' });

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-follows-'));
    file = path.join(dir, 'read-models.sqlite');
    open();
    await inOneBatch(projectEvents(record, 'p', { name: 'Parque', units: Array.from({ length: 12 }, (_, n) => ({ price: 3000 + n })) }));
  });
  afterEach(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is the same index for the same store, and has the card as soon as its batch is written', async () => {
    expect(SqliteCatalogIndex.of(store)).toBe(index);
    expect((await card())?.units).toEqual({ total: 12, available: 12, reserved: 0, sold: 0 });
  });

  it('writes the page size into its SQL only as a positive integer: anything else is refused, never spliced in', async () => {
    for (const limit of [0, -1, 1.5, Number.NaN, '1; DROP TABLE catalog_cards' as unknown as number])
      await expect(index.page(CATALOG_PROJECTS, { sort: 'featured', limit })).rejects.toThrow(RangeError);
    expect((await index.page(CATALOG_PROJECTS, { sort: 'featured', limit: 1 })).cards).toHaveLength(1);
  });

  it('writes a card changed by ten events of one delivery once, at the delivery’s end', async () => {
    store.database.exec(`
      CREATE TEMP TABLE card_writes (n INTEGER);
      CREATE TEMP TRIGGER count_card_writes AFTER UPDATE ON catalog_cards BEGIN INSERT INTO card_writes VALUES (1); END;`);
    let midway: unknown;
    await inOneBatch(
      Array.from({ length: 10 }, (_, n) => hold(n)),
      async () => {
        midway = (await card())?.units;
      },
    );
    expect(midway).toEqual({ total: 12, available: 12, reserved: 0, sold: 0 }); // not written yet
    expect((await card())?.units).toEqual({ total: 12, available: 2, reserved: 10, sold: 0 });
    expect((await card())?.priceFromUF).toBe(3010);
    expect(store.database.prepare('SELECT count(*) AS n FROM card_writes').get()).toEqual({ n: 1 });
  });

  it('a delivery whose write fails leaves neither the card nor its entry changed, in memory or in the file', async () => {
    let failing = true;
    store.follow((collection) => {
      if (failing && collection === '_checkpoints') throw new Error('disk full');
    });
    await expect(
      inOneBatch([hold(0)], async (view) => {
        await view.collection('_checkpoints').updateOne({ _id: 'catalog' }, { $set: { position: 99 } }, { upsert: true });
      }),
    ).rejects.toThrow('disk full');
    failing = false;
    expect((await card())?.units.available).toBe(12);
    expect((await store.collection(CATALOG_PROJECTS).findOne({ _id: 'p' }))?.unitsAvailable).toBe(12);
    await store.close();
    open();
    expect((await card())?.units.available).toBe(12);
    expect((await store.collection(CATALOG_PROJECTS).findOne({ _id: 'p' }))?.unitsAvailable).toBe(12);
    await inOneBatch([hold(0)]); // redelivered: applied now
    expect((await card())?.units.available).toBe(11);
  });
});
