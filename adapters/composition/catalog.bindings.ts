import path from 'node:path';
import { CATALOG } from '../../application/catalog/catalog.tokens';
import { CatalogService } from '../../application/catalog/catalog-service';
import { FavoritesService } from '../../application/catalog/favorites-service';
import { FINANCING } from '../../application/financing/financing.tokens';
import { resolve } from '../../kernel/ports/token';
import { TOKENS } from '../../kernel/ports/tokens';
import { loadChileTerritory } from '../reference/load-chile-territory';
import { seedDemoCatalogue } from '../seed/demo-catalogue';
import type { ModuleBindings } from './module-bindings';

/** The catalogue: territory reference data, projects and units, favourites; the demo catalogue when asked for. */
export const catalogBindings: ModuleBindings = {
  name: 'catalog',
  bind(bind) {
    bind(CATALOG.Territory)
      .toDynamicValue(() => loadChileTerritory())
      .inSingletonScope();
    bind(CATALOG.Catalog)
      .toDynamicValue((ctx) => new CatalogService(resolve(ctx, TOKENS.EventStore), resolve(ctx, CATALOG.Territory)))
      .inSingletonScope();
    bind(CATALOG.Favorites)
      .toDynamicValue((ctx) => new FavoritesService(resolve(ctx, TOKENS.EventStore), resolve(ctx, CATALOG.Catalog)))
      .inSingletonScope();
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
