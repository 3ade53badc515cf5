import { SqliteReadStore } from '../../adapters/embedded/sqlite-read-store';
import { advanceCheckpoint, advanceSafePosition, type CheckpointDoc } from '../../adapters/kafka/checkpoints';
import { DuplicateKeyError, type GuardedUpsert, type ReadStore } from '../../kernel/ports/read-store';
import { upsertGuarded } from '../../adapters/mongodb/guarded-upsert';

/** `_checkpoints` documents: each field only moves forward, whichever of its two writers creates the document. */
describe('Kafka checkpoints', () => {
  let store: SqliteReadStore;
  beforeEach(() => (store = SqliteReadStore.open(':memory:')));
  afterEach(() => store.close());
  const read = () => store.collection<CheckpointDoc>('_checkpoints').findOne({ _id: 'catalog' });

  it('moves position and safePosition forward, never back, each beside the other', async () => {
    await advanceCheckpoint(store, '_checkpoints', 'catalog', 10);
    await advanceSafePosition(store, '_checkpoints', 'catalog', 8);
    await advanceCheckpoint(store, '_checkpoints', 'catalog', 7);
    await advanceSafePosition(store, '_checkpoints', 'catalog', 5);
    expect(await read()).toMatchObject({ position: 10, safePosition: 8 });
  });

  it('the projector and the safe-position tracker creating the document at once: the one that collides still writes', async () => {
    // The race as MongoDB answers it: both upserts find no document, the projector's insert lands first, and the
    // tracker's insert collides on _id with its safe position not written.
    let raced = false;
    const racing: ReadStore = Object.assign(Object.create(store) as ReadStore, {
      collection: (name: string) => {
        const real = store.collection(name);
        const updateOne: typeof real.updateOne = async (...args) => {
          if (raced) return real.updateOne(...args);
          raced = true;
          await advanceCheckpoint(store, '_checkpoints', 'catalog', 12);
          throw new DuplicateKeyError(name, '{ _id: "catalog" }');
        };
        // MongoDB's guarded write outside a batch (adapters/mongodb/guarded-upsert.ts), over the racing updateOne.
        return Object.assign(Object.create(real), { upsertIfNewer: (write: GuardedUpsert) => upsertGuarded({ updateOne }, write) });
      },
    });
    await advanceSafePosition(racing, '_checkpoints', 'catalog', 9);
    expect(raced).toBe(true);
    expect(await read()).toMatchObject({ position: 12, safePosition: 9 });
  });
});
