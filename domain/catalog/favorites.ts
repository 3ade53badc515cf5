import { DomainError } from '../shared/errors';
import type { CommandMetadata, Decider, DomainEvent } from '../shared/event';

/**
 * A buyer's favourite projects (stream `favorites-<userId>`). Adding twice is a no-op; removing a project
 * that is not a favourite is not found and records nothing.
 */
export type FavoritesEvent =
  | DomainEvent<'FavoriteAdded', { userId: string; projectId: string; addedAt: string }>
  | DomainEvent<'FavoriteRemoved', { userId: string; projectId: string; removedAt: string }>;

export type FavoritesCommand = { type: 'AddFavorite'; userId: string; projectId: string } | { type: 'RemoveFavorite'; userId: string; projectId: string };

export interface FavoritesState {
  readonly projectIds: readonly string[];
}

export const favoritesDecider: Decider<FavoritesCommand, FavoritesState, FavoritesEvent> = {
  initialState: () => ({ projectIds: [] }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'FavoriteAdded':
        return { projectIds: [...state.projectIds, event.data.projectId] };
      case 'FavoriteRemoved':
        return { projectIds: state.projectIds.filter((id) => id !== event.data.projectId) };
    }
  },
  decide: (command, state, meta: CommandMetadata): FavoritesEvent[] => {
    const at = meta.now.toISOString();
    const present = state.projectIds.includes(command.projectId);
    switch (command.type) {
      case 'AddFavorite':
        return present ? [] : [{ type: 'FavoriteAdded', data: { userId: command.userId, projectId: command.projectId, addedAt: at } }];
      case 'RemoveFavorite':
        if (!present) throw new DomainError('NOT_FOUND', 'favorite');
        return [{ type: 'FavoriteRemoved', data: { userId: command.userId, projectId: command.projectId, removedAt: at } }];
      default: {
        const exhaustive: never = command;
        throw new Error(`Unknown command ${(exhaustive as { type: string }).type}`);
      }
    }
  },
};

export const favoritesStream = (userId: string): string => `favorites-${userId}`;
