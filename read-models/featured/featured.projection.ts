import type { Projection } from '../../kernel/projections/projection';
import { guardedUpsert } from '../../kernel/projections/guarded-writes';
import type { ReadStore } from '../../kernel/ports/read-store';
import type { ProjectEvent } from '../../domain/catalog/project';
import { catalogCards } from '../catalog/catalog.queries';

const FEATURED_PROJECTS = 'featured_projects';

export interface FeaturedDoc {
  _id: string;
  [key: string]: unknown;
  featured: boolean;
  order: number | null;
  enabled: boolean;
}

/** The home page's featured projects, in the order the back office set (drag and drop). */
export const featuredProjection: Projection<ProjectEvent> = {
  name: 'featured-projects',
  collections: [FEATURED_PROJECTS],
  categories: ['project'],
  eventTypes: ['ProjectCreated', 'ProjectEnabled', 'ProjectDisabled', 'ProjectFeatured', 'ProjectUnfeatured'],
  async apply(recorded, store) {
    const docs = store.collection<FeaturedDoc>(FEATURED_PROJECTS);
    const event: ProjectEvent = recorded;
    const set = (fields: Partial<FeaturedDoc>) => guardedUpsert(docs, event.data.projectId, recorded, { $set: fields });
    switch (event.type) {
      case 'ProjectCreated':
        await guardedUpsert(docs, event.data.projectId, recorded, { $setOnInsert: { featured: false, order: null, enabled: false } });
        return;
      case 'ProjectEnabled':
        await set({ enabled: true });
        return;
      case 'ProjectDisabled':
        await set({ enabled: false });
        return;
      case 'ProjectFeatured':
        await set({ featured: true, order: event.data.order });
        return;
      case 'ProjectUnfeatured':
        await set({ featured: false, order: null });
        return;
      default:
        return;
    }
  },
};

export const listFeatured = async (store: ReadStore, limit: number, now: Date) => {
  const featured = await store.collection<FeaturedDoc>(FEATURED_PROJECTS).find({ featured: true, enabled: true }, { sort: { order: 1, _id: 1 } });
  const cards = await catalogCards(
    store,
    featured.map((f) => f._id),
    now,
  );
  const items = featured.flatMap((f) => {
    const card = cards.get(f._id);
    return card ? [{ ...card, featuredOrder: f.order }] : [];
  });
  return { items: items.slice(0, limit), total: items.length };
};
