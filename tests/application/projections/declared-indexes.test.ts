import type { DocumentCollection, IndexSpec, ReadStore } from '../../../application/ports/read-store';
import { createDeclaredIndexes } from '../../../application/projections/declared-indexes';
import type { Projection } from '../../../application/projections/projection';

/** What a store is asked for when the projections' declared indexes are created (the store as a recorder). */
const recordingStore = (takesLists: boolean) => {
  const asked: [string, string, IndexSpec[]][] = [];
  const store = {
    collection: (name: string) =>
      ({
        createIndex: async (spec: IndexSpec) => void asked.push([name, 'createIndex', [spec]]),
        ...(takesLists && { createIndexes: async (specs: readonly IndexSpec[]) => void asked.push([name, 'createIndexes', [...specs]]) }),
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
  it('asks once per collection for all its indexes, each index once, where the store takes a list', async () => {
    const { store, asked } = recordingStore(true);
    await createDeclaredIndexes(store, projections);
    expect(asked.sort(([a], [b]) => a.localeCompare(b))).toEqual([
      ['cards', 'createIndexes', [{ keys: { enabled: 1 } }, { keys: { communeCode: 1 } }]],
      ['leads', 'createIndexes', [{ keys: { email: 1 }, unique: true }]],
    ]);
  });

  it('asks for each index once, one by one, where the store takes one at a time', async () => {
    const { store, asked } = recordingStore(false);
    await createDeclaredIndexes(store, projections);
    expect(asked).toHaveLength(3);
    expect(asked).toEqual(
      expect.arrayContaining([
        ['cards', 'createIndex', [{ keys: { enabled: 1 } }]],
        ['cards', 'createIndex', [{ keys: { communeCode: 1 } }]],
        ['leads', 'createIndex', [{ keys: { email: 1 }, unique: true }]],
      ]),
    );
  });
});
