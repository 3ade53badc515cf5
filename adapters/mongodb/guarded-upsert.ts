import { DuplicateKeyError, type DocumentCollection, type Filter, type GuardedUpsert, type Update } from '../../kernel/ports/read-store';

/** A guarded upsert as MongoDB filter and update: the stream's revision at `path` missing or lower, then set. */
export const guardedFilterAndUpdate = ({ id, path, revision, update }: GuardedUpsert): { filter: Filter; update: Update } => ({
  filter: { _id: id, $or: [{ [path]: { $exists: false } }, { [path]: { $lt: revision } }] },
  update: { ...update, $set: { ...((update.$set as Record<string, unknown>) ?? {}), [path]: revision } },
});

/**
 * Runs a guarded upsert, once more if it collides on _id; undefined when it collided twice. A duplicate key means
 * "already applied" only once the document exists: two writers' first upserts of a missing document (a category
 * total fed by many streams, from two partitions; a checkpoint written by the projector and the safe-position
 * tracker) both find nothing, and the loser collides without its write made. Tried again against the document now
 * there, its guard decides; a second collision is a redelivery.
 */
const upsertTwiceOnCollision = async <R>(upsert: () => Promise<R>): Promise<R | undefined> => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await upsert();
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      if (attempt > 0) return undefined;
    }
  }
};

/** The guarded upsert through `updateOne` and its filter: what MongoDB runs for a write outside a batch. */
export const upsertGuarded = async (collection: Pick<DocumentCollection, 'updateOne'>, write: GuardedUpsert): Promise<boolean> => {
  const { filter, update } = guardedFilterAndUpdate(write);
  const result = await upsertTwiceOnCollision(() => collection.updateOne(filter, update, { upsert: true }));
  return result !== undefined && (result.matchedCount > 0 || result.upsertedId !== undefined);
};
