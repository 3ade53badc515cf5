import type { DocumentCollection, IndexSpec, ReadStore } from '../../../kernel/ports/read-store';
import { createDeclaredIndexes } from '../../../kernel/projections/declared-indexes';
import type { Projection } from '../../../kernel/projections/projection';

/** What a store is asked for when the projections' declared indexes are created (the store as a recorder). */
const recordingStore = () => {
  const asked: [string, string, IndexSpec[]][] = [];
  const store = {
    collection: (name: string) =>
      ({
        createIndexes: async (specs: readonly IndexSpec[]) => void asked.push([name, 'createIndexes', [...specs]]),
      }) as unknown as DocumentCollection,
  } as unknown as ReadStore;
  return { store, asked };
};

const projections: Pick<Projection, 'indexes'>[] = [
  {
    indexes: [
      { collection: 'cards', keys: { enabled: 1 } },
      { collection: 'cards', keys: { communeCode: 1 } },
    ],
  },
  // The same index declared by a second projection, and one on another collection.
  {
    indexes: [
      { collection: 'cards', keys: { enabled: 1 } },
      { collection: 'leads', keys: { email: 1 }, unique: true },
    ],
  },
  {},
];

describe('createDeclaredIndexes', () => {
  it('asks once per collection for all its indexes, each index once', async () => {
    const { store, asked } = recordingStore();
    await createDeclaredIndexes(store, projections);
    expect(asked.sort(([a], [b]) => a.localeCompare(b))).toEqual([
      ['cards', 'createIndexes', [{ keys: { enabled: 1 } }, { keys: { communeCode: 1 } }]],
      ['leads', 'createIndexes', [{ keys: { email: 1 }, unique: true }]],
    ]);
  });
});
