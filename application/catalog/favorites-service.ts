import { favoritesDecider, favoritesStream } from '../../domain/catalog/favorites';
import { DomainError } from '../../domain/shared/errors';
import type { CommandMetadata } from '../../domain/shared/event';
import { handleCommand } from '../../kernel/command-handling/handle-command';
import type { CatalogService } from './catalog-service';
import type { EventStore } from '../../kernel/ports/event-store';

/** A buyer's favourite projects: only projects that exist and are visible may be added. */
export class FavoritesService {
  constructor(
    private readonly events: EventStore,
    private readonly catalog: CatalogService,
  ) {}

  async add(userId: string, projectId: string, meta: CommandMetadata) {
    const project = await this.catalog.project(projectId);
    if (project.status !== 'enabled') throw new DomainError('NOT_FOUND', 'project');
    return handleCommand(this.events, favoritesStream(userId), favoritesDecider, { type: 'AddFavorite', userId, projectId }, meta);
  }

  async remove(userId: string, projectId: string, meta: CommandMetadata) {
    return handleCommand(this.events, favoritesStream(userId), favoritesDecider, { type: 'RemoveFavorite', userId, projectId }, meta);
  }
}
