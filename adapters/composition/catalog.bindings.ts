import path from 'node:path';
import { CATALOG } from '../../application/catalog/catalog.tokens';
import { CatalogAdministration } from '../../application/catalog/catalog-administration';
import { CatalogFileSweep } from '../../application/catalog/catalog-file-sweep';
import { CatalogService } from '../../application/catalog/catalog-service';
import { FavoritesService } from '../../application/catalog/favorites-service';
import { FINANCING } from '../../application/financing/financing.tokens';
import { ProjectImportRunner } from '../../application/catalog/project-import-runner';
import { every } from '../../application/scheduling/periodic-job';
import { unfinishedImports } from '../../read-models/project-imports/project-imports.projection';
import { fieldMessage } from '../http/errors';
import { spreadsheetReader } from '../imports/spreadsheet';
import { systemMeta } from './system-meta';
import { resolve } from '../../kernel/ports/token';
import { TOKENS } from '../../kernel/ports/tokens';
import { loadChileTerritory } from '../reference/load-chile-territory';
import { seedDemoCatalogue } from '../seed/demo-catalogue';
import type { ModuleBindings } from './module-bindings';

/**
 * The catalogue: territory reference data, projects and units, favourites, the back office's operations and bulk
 * imports, the sweep of files no project references; the demo catalogue when asked for.
 */
export const catalogBindings: ModuleBindings = {
  name: 'catalog',
  bind(bind, config, log) {
    bind(CATALOG.Territory)
      .toDynamicValue(() => loadChileTerritory())
      .inSingletonScope();
    bind(CATALOG.Catalog)
      .toDynamicValue((ctx) => new CatalogService(resolve(ctx, TOKENS.EventStore), resolve(ctx, CATALOG.Territory)))
      .inSingletonScope();
    bind(CATALOG.Favorites)
      .toDynamicValue((ctx) => new FavoritesService(resolve(ctx, TOKENS.EventStore), resolve(ctx, CATALOG.Catalog)))
      .inSingletonScope();
    bind(CATALOG.Administration)
      .toDynamicValue(
        (ctx) =>
          new CatalogAdministration(
            resolve(ctx, TOKENS.EventStore),
            resolve(ctx, CATALOG.Catalog),
            resolve(ctx, TOKENS.FileStore),
            resolve(ctx, TOKENS.ImageProcessor),
            resolve(ctx, TOKENS.IdGenerator),
          ),
      )
      .inSingletonScope();
    bind(CATALOG.ProjectImports)
      .toDynamicValue(
        (ctx) =>
          new ProjectImportRunner(
            resolve(ctx, TOKENS.EventStore),
            resolve(ctx, CATALOG.Catalog),
            resolve(ctx, CATALOG.Administration),
            resolve(ctx, TOKENS.FileStore),
            spreadsheetReader,
            fieldMessage,
            log,
          ),
      )
      .inSingletonScope();
    bind(CATALOG.FileSweep)
      .toDynamicValue(
        (ctx) =>
          new CatalogFileSweep(
            { files: resolve(ctx, TOKENS.FileStore), readStore: resolve(ctx, TOKENS.ReadStore), clock: resolve(ctx, TOKENS.Clock) },
            (config.fileSweep?.graceMinutes ?? 60) * 60_000,
            log,
          ),
      )
      .inSingletonScope();
  },
  /** The sweep of unreferenced files (every FILE_SWEEP_MINUTES, off when 0); imports halt at a stop. */
  start(container, config, log) {
    const sweepMinutes = config.fileSweep?.sweepMinutes ?? 0;
    const sweep = resolve(container, CATALOG.FileSweep);
    const job =
      sweepMinutes > 0
        ? every(
            sweepMinutes * 60_000,
            () => sweep.sweep(),
            (error) => log('catalogue file sweep failed', error),
          )
        : null;
    const imports = resolve(container, CATALOG.ProjectImports);
    return {
      async stop() {
        await job?.stop();
        await imports.halt();
      },
    };
  },
  /** Bulk uploads cut short by a stop or a crash go on where they stopped. */
  async afterReady(container) {
    const imports = resolve(container, CATALOG.ProjectImports);
    const meta = systemMeta('resume-imports');
    for (const importId of await unfinishedImports(resolve(container, TOKENS.ReadStore))) void imports.resume(importId, meta);
  },
  /**
   * Seeding before the read side starts lets the projections catch up in large batches afterwards instead
   * of waking for every one of the seed's appends.
   */
  async seed(container, config, log) {
    if (!config.demoCatalogue) return;
    const result = await seedDemoCatalogue(
      resolve(container, TOKENS.EventStore),
      resolve(container, CATALOG.Catalog),
      resolve(container, FINANCING.Uf),
      path.join(config.dataDir, 'files'),
    );
    if (result.seeded) log(`demo catalogue seeded: ${result.projects} projects, ${result.units} units in ${result.ms} ms`);
  },
};
