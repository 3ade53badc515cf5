import type { IndexSpec, ReadStore } from '../ports/read-store';
import type { Projection } from './projection';

/**
 * Creates every index the projections declare, once each (two projections may declare the same one), a
 * collection's together.
 */
export async function createDeclaredIndexes(store: ReadStore, projections: readonly Pick<Projection, 'indexes'>[]): Promise<void> {
  const byCollection = new Map<string, Map<string, IndexSpec>>();
  for (const { collection, ...spec } of projections.flatMap((p) => p.indexes ?? [])) {
    let specs = byCollection.get(collection);
    if (!specs) byCollection.set(collection, (specs = new Map()));
    specs.set(JSON.stringify([spec.keys, spec.unique ?? false]), spec);
  }
  await Promise.all(
    [...byCollection].map(async ([name, specs]) => {
      await store.collection(name).createIndexes([...specs.values()]);
    }),
  );
}
