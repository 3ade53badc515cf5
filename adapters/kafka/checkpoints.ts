import type { ReadStore } from '../../application/ports/read-store';
import { upsertTwiceOnCollision } from '../../application/projections/guarded-writes';

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
  const checkpoints = store.collection<CheckpointDoc>(collection);
  // A document holding only the other field (written first by the other writer) must match too.
  const filter = { _id: id, $or: [{ [field]: { $exists: false } }, { [field]: { $lt: value } }] };
  const update = { $set: { [field]: value, updatedAt: new Date().toISOString() } };
  // A write-behind view (the projector's batch) sends it with the batch's other checkpoints: the guard is the one a
  // projection's guarded upsert has, the field its revision.
  if (checkpoints.queueIdempotent) return checkpoints.queueIdempotent({ upsert: { filter, update, id, path: field, revision: value } });
  // A collision: the checkpoint is already at or past `value` (or, on the first try, the other writer created it just now).
  await upsertTwiceOnCollision(() => checkpoints.updateOne(filter, update, { upsert: true }));
}
