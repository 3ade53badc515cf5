import type { ChileTerritory } from '../../domain/reference/chile-territory';
import { token } from '../../kernel/ports/token';
import type { CatalogService } from './catalog-service';
import type { FavoritesService } from './favorites-service';

/** The catalogue module's DI tokens (bound in adapters/composition/catalog.bindings.ts). */
export const CATALOG = {
  Territory: token<ChileTerritory>('ChileTerritory'),
  Catalog: token<CatalogService>('CatalogService'),
  Favorites: token<FavoritesService>('FavoritesService'),
} as const;
