import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteCatalogIndex } from '../../adapters/embedded/sqlite-catalog-index';
import { openDatabase } from '../../adapters/embedded/sqlite-database';
import { SqliteReadStore } from '../../adapters/embedded/sqlite-read-store';
import type { RecordedEvent } from '../../kernel/ports/event-store';
import { catalogProjection } from '../../read-models/catalog/catalog.projection';
import { CATALOG_PROJECTS } from '../../read-models/catalog/catalog-doc';
import type { CatalogPageRequest } from '../../read-models/catalog/catalog-query';
import { deliver } from '../support/projection-spec';
import { projectEvents, recorder } from './catalog-index.contract';

/**
 * The embedded index keeps each filter combination's total until the read-model file changes: a page answers
 * the total of the file as it is now, whoever wrote it and whether or not the write went through.
 */
describe('the SQLite catalogue index’s kept totals', () => {
  let dir: string;
  let file: string;
  let store: SqliteReadStore;
  let index: SqliteCatalogIndex;
  const record = recorder();
  const write = (events: readonly RecordedEvent[]) =>
    store.batch(async (view) => {
      for (const event of events) await deliver(catalogProjection, event, view);
    });
  const featured: CatalogPageRequest = { sort: 'featured', limit: 2 };
  const parque: CatalogPageRequest = { sort: 'name', limit: 2, search: 'parque' };
  const total = async (q: CatalogPageRequest) => (await index.page(CATALOG_PROJECTS, q)).total;
  /** The count statements the index ran (the page's own statement is not one). */
  const countsRun = () => {
    const query = jest.spyOn(index as unknown as { query: (sql: string) => unknown }, 'query');
    return () => query.mock.calls.filter(([sql]) => sql.includes('count(*)')).length;
  };

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-totals-'));
    file = path.join(dir, 'read-models.sqlite');
    store = SqliteReadStore.open(file);
    index = SqliteCatalogIndex.of(store);
    await write([
      ...projectEvents(record, 'a', { name: 'Parque Andes', units: [{ price: 3000 }] }),
      ...projectEvents(record, 'b', { name: 'Mirador Bosque', units: [{ price: 4000 }] }),
      ...projectEvents(record, 'c', { name: 'Parque Central', units: [{ price: 5000 }] }),
    ]);
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('counts a filter combination once while nothing is written, each combination apart', async () => {
    const counted = countsRun();
    expect([await total(featured), await total(parque), await total(featured), await total(parque)]).toEqual([3, 2, 3, 2]);
    expect(counted()).toBe(2);
    // Another page of the same query is the same total.
    expect(await total({ ...featured, limit: 1 })).toBe(3);
    expect(counted()).toBe(2);
  });

  it('counts again after a write through the store', async () => {
    expect(await total(parque)).toBe(2);
    await write(projectEvents(record, 'd', { name: 'Parque Sur', units: [{ price: 2500 }] }));
    expect([await total(parque), await total(featured)]).toEqual([3, 4]);
  });

  it('counts again after another connection wrote the file', async () => {
    expect(await total(featured)).toBe(3);
    const other = openDatabase(file);
    try {
      other.prepare("UPDATE catalog_entries SET visible = 0 WHERE id = 'b'").run();
    } finally {
      other.close();
    }
    expect(await total(featured)).toBe(2);
  });

  it('keeps no total counted inside a transaction that is then rolled back', async () => {
    expect(await total(featured)).toBe(3);
    store.database.exec("BEGIN; UPDATE catalog_entries SET visible = 0 WHERE id = 'b';");
    expect(await total(featured)).toBe(2); // the transaction's own view
    store.database.exec('ROLLBACK');
    expect(await total(featured)).toBe(3);
  });
});
