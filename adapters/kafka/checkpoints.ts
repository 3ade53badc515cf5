import { DuplicateKeyError, type ReadStore } from '../../application/ports/read-store';

export type CheckpointDoc = { _id: string; position: number; updatedAt: string };

export async function readCheckpoint(store: ReadStore, collection: string, id: string): Promise<number> {
  return (await store.collection<CheckpointDoc>(collection).findOne({ _id: id }))?.position ?? 0;
}

/**
 * Moves a checkpoint forward, never back: several writers (consumers of different partitions, a restarted
 * process finishing late) may race, and a lower position must not overwrite a higher one.
 */
export async function advanceCheckpoint(store: ReadStore, collection: string, id: string, position: number): Promise<void> {
  try {
    await store
      .collection<CheckpointDoc>(collection)
      .updateOne(
        { _id: id, position: { $lt: position } },
        { $set: { position, updatedAt: new Date().toISOString() } },
        { upsert: true },
      );
  } catch (error) {
    // The upsert collided with the existing checkpoint: it is already at or past `position`.
    if (!(error instanceof DuplicateKeyError)) throw error;
  }
}
