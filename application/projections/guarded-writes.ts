import type { RecordedEvent } from '../ports/event-store';
import { DuplicateKeyError, type DocumentCollection, type Document, type Update } from '../ports/read-store';

/** Field under which a document remembers the last revision applied from each stream that feeds it. */
const versionField = (streamId: string): string => `_v.${streamId.replace(/[^A-Za-z0-9]/g, '_')}`;

/**
 * Applies `update` to document `id` only if this event's revision of its stream is newer than the one the
 * document has seen; upserts the document otherwise missing. A redelivered (or older) event matches
 * nothing, the upsert then collides on _id and DuplicateKeyError means "already applied".
 * Returns true when the write happened.
 */
export const guardedUpsert = async <T extends Document>(
  collection: DocumentCollection<T>,
  id: string,
  event: RecordedEvent,
  update: Update,
): Promise<boolean> => {
  const field = versionField(event.streamId);
  const set = { ...((update.$set as Record<string, unknown>) ?? {}), [field]: event.revision };
  try {
    const result = await collection.updateOne(
      { _id: id, $or: [{ [field]: { $exists: false } }, { [field]: { $lt: event.revision } }] },
      { ...update, $set: set },
      { upsert: true },
    );
    return result.matchedCount > 0 || result.upsertedId !== undefined;
  } catch (error) {
    if (error instanceof DuplicateKeyError) return false;
    throw error;
  }
};

/** One document per event (history rows): its id derives from the event, so a second insert is a no-op. */
export const insertOnce = async <T extends Document>(collection: DocumentCollection<T>, doc: T): Promise<boolean> => {
  try {
    await collection.insertOne(doc);
    return true;
  } catch (error) {
    if (error instanceof DuplicateKeyError) return false;
    throw error;
  }
};

export const eventDocId = (event: RecordedEvent): string => `${event.streamId}@${event.revision}`;
