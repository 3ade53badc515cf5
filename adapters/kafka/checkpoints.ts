import type { ReadStore } from '../../kernel/ports/read-store';

/**
 * A checkpoint document. `position`: the highest global position applied (relay: published). `safePosition`
 * (projections only): every event at or below it is applied, whatever partition it travelled on; what
 * read-your-writes waits for (see SafePositionTracker).
 */
export type CheckpointDoc = { _id: string; position?: number; safePosition?: number; updatedAt: string };

export async function readCheckpoint(store: ReadStore, collection: string, id: string): Promise<number> {
  return (await store.collection<CheckpointDoc>(collection).findOne({ _id: id }))?.position ?? 0;
}

/** Several checkpoints in one query (a projector's members at its start: one request, not 25); absent = never stored. */
export async function readCheckpoints(store: ReadStore, collection: string, ids: readonly string[]): Promise<Map<string, number>> {
  const docs = await store.collection<CheckpointDoc>(collection).find({ _id: { $in: [...ids] } });
  return new Map(docs.map((doc) => [doc._id, doc.position ?? 0]));
}

/**
 * Moves a checkpoint forward, never back: several writers (consumers of different partitions, a restarted
 * process finishing late) may race, and a lower position must not overwrite a higher one.
 */
export async function advanceCheckpoint(store: ReadStore, collection: string, id: string, position: number): Promise<void> {
  await advanceField(store, collection, id, 'position', position);
}

/** Moves a projection's safe position forward, never back (several projector processes may write it). */
export async function advanceSafePosition(store: ReadStore, collection: string, id: string, position: number): Promise<void> {
  await advanceField(store, collection, id, 'safePosition', position);
}

async function advanceField(store: ReadStore, collection: string, id: string, field: 'position' | 'safePosition', value: number): Promise<void> {
  // The guard a projection's guarded upsert has, the field as its revision; in a projector's batch it is sent with
  // the batch's other writes. A document holding only the other field (written first by the other writer) matches.
  await store
    .collection<CheckpointDoc>(collection)
    .upsertIfNewer({ id, path: field, revision: value, update: { $set: { updatedAt: new Date().toISOString() } } });
}
