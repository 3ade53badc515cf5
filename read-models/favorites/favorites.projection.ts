import type { Projection } from '../../kernel/projections/projection';
import { guardedUpsert } from '../../kernel/projections/guarded-writes';
import type { ReadStore } from '../../kernel/ports/read-store';
import { PERSONAL_DATA_CATEGORY, PERSONAL_DATA_ERASED } from '../../kernel/personal-data/personal-data-erased';
import type { FavoritesEvent } from '../../domain/catalog/favorites';
import { catalogCards } from '../catalog/catalog.queries';
import type { PersonalDataErased } from '../../kernel/personal-data/personal-data-erased';

export const FAVORITES = 'favorites';

export interface FavoriteDoc {
  _id: string;
  [key: string]: unknown;
  userId: string;
  projectId: string;
  active: boolean;
  addedAt: string;
}

/** A buyer's favourite projects: one document per (buyer, project), switched on and off. */
export const favoritesProjection: Projection<FavoritesEvent | PersonalDataErased> = {
  name: 'favorites',
  collections: [FAVORITES],
  categories: ['favorites', PERSONAL_DATA_CATEGORY],
  eventTypes: ['FavoriteAdded', 'FavoriteRemoved', PERSONAL_DATA_ERASED],
  indexes: [{ collection: FAVORITES, keys: { userId: 1, addedAt: -1 } }],
  async apply(recorded, store) {
    // An erased person's favourites served only them: they go (and stay gone after a rebuild).
    if (recorded.type === PERSONAL_DATA_ERASED) return void (await store.collection<FavoriteDoc>(FAVORITES).deleteMany({ userId: recorded.data.subjectId }));
    const event: FavoritesEvent = recorded;
    const { userId, projectId } = event.data;
    const id = `${userId}:${projectId}`;
    const docs = store.collection<FavoriteDoc>(FAVORITES);
    if (event.type === 'FavoriteAdded') await guardedUpsert(docs, id, recorded, { $set: { userId, projectId, active: true, addedAt: event.data.addedAt } });
    else await guardedUpsert(docs, id, recorded, { $set: { userId, projectId, active: false, removedAt: event.data.removedAt } });
  },
};

/** Favourites, newest first, as catalogue cards (a project hidden since is left out). */
export const listFavorites = async (store: ReadStore, userId: string, now: Date) => {
  const favorites = await store.collection<FavoriteDoc>(FAVORITES).find({ userId, active: true }, { sort: { addedAt: -1, _id: 1 } });
  const cards = await catalogCards(
    store,
    favorites.map((f) => f.projectId),
    now,
  );
  const items = favorites.flatMap((f) => {
    const card = cards.get(f.projectId);
    return card ? [{ ...card, favoritedAt: f.addedAt }] : [];
  });
  return { items, total: items.length };
};

export const favoriteProjectIds = async (store: ReadStore, userId: string): Promise<string[]> =>
  (await store.collection<FavoriteDoc>(FAVORITES).find({ userId, active: true })).map((f) => f.projectId);
