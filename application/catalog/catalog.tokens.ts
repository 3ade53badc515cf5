import type { ChileTerritory } from '../../domain/reference/chile-territory';
import { token } from '../../kernel/ports/token';
import type { CatalogAdministration } from './catalog-administration';
import type { CatalogFileSweep } from './catalog-file-sweep';
import type { CatalogService } from './catalog-service';
import type { FavoritesService } from './favorites-service';
import type { ProjectImportRunner } from './project-import-runner';

/** The catalogue module's DI tokens (bound in adapters/composition/catalog.bindings.ts). */
export const CATALOG = {
  Territory: token<ChileTerritory>('ChileTerritory'),
  Catalog: token<CatalogService>('CatalogService'),
  Favorites: token<FavoritesService>('FavoritesService'),
  /** Back-office catalogue operations: projects, units, pictures, floor plans, featured list. */
  Administration: token<CatalogAdministration>('CatalogAdministration'),
  /** Bulk project uploads, run in the background and resumed at start. */
  ProjectImports: token<ProjectImportRunner>('ProjectImportRunner'),
  /** Removes catalogue files no project references. */
  FileSweep: token<CatalogFileSweep>('CatalogFileSweep'),
} as const;
