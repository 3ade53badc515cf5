import type { RecordedEvent } from '../ports/event-store';
import { DuplicateKeyError, type ConditionalUpsert, type DocumentCollection, type Document, type Update } from '../ports/read-store';
import { valueAt, withValuesAt } from '../personal-data/personal-data-schema';
import { streamKeyMemo } from './stream-key-memo';
import { dictionary } from './dictionary';

/**
 * Field under which a document remembers the last revision applied from each stream that feeds it. Memoised: a
 * reservation's events reach a dozen guarded writes, each of which named its field with a regular expression.
 */
const versionField = streamKeyMemo((streamId) => `_v.${streamId.replace(/[^A-Za-z0-9]/g, '_')}`);

/**
 * Applies `update` to document `id` only if this event's revision of its stream is newer than the one the
 * document has seen; upserts the document otherwise missing. A redelivered (or older) event changes nothing.
 * True when the write happened (in a batch that sends its writes together: was taken, see the port).
 */
export const guardedUpsert = <T extends Document>(collection: DocumentCollection<T>, id: string, event: RecordedEvent, update: Update): Promise<boolean> =>
  collection.upsertIfNewer({ id, path: versionField(event.streamId), revision: event.revision, update });

/** The revision of `streamId` this document has already applied (-1 when none). */
export const appliedRevision = (doc: Record<string, unknown>, streamId: string): number => {
  const versions = doc._v as Record<string, number> | undefined;
  return versions?.[versionField(streamId).slice(3)] ?? -1;
};

/** One event's share of a compare-and-set: whether the document has it already, and the fields it sets then. */
export interface FoldStep<T extends Document> {
  /** From the document's own record: its stream's `_v` revision (revisionStep), or one it keeps beside an entry (a card's unit). */
  applied(current: T): boolean;
  /** The fields to set (by path) on the document as the earlier steps left it; must not change `current`. */
  compute(current: T): Record<string, unknown>;
}

/** The step of an event guarded by its stream's revision, which the document keeps under `_v`. */
export const revisionStep = <T extends Document>(event: RecordedEvent, compute: (current: T) => Record<string, unknown>): FoldStep<T> => ({
  applied: (current) => appliedRevision(current, event.streamId) >= event.revision,
  compute: (current) => {
    const set = dictionary(compute(current));
    set[versionField(event.streamId)] = event.revision;
    return set;
  },
});

/**
 * Read-modify-write of a document fed by several streams, safe when two consumers (Kafka partitions)
 * update it at once: the write is conditional on the document's write counter `_w`, and a lost race
 * re-reads and recomputes. An event whose revision the document has already applied changes nothing.
 * `compute` must not change `current` (it may be the store's own object) and answers the fields to set.
 */
export const compareAndSet = async <T extends Document>(
  collection: DocumentCollection<T>,
  id: string,
  event: RecordedEvent,
  compute: (current: T) => Record<string, unknown>,
  attempts = 50,
): Promise<boolean> => compareAndSetFolded(collection, id, [revisionStep(event, compute)], attempts);

/**
 * Several events' compare-and-sets of one document as one write: each step in order on the document as the
 * steps before it left it (a step the document already has is skipped), then the fields they touched in one
 * `$set` guarded by `_w`. A lost race reads the document again and folds every step again over it, so a step
 * that the other writer had applied meanwhile is skipped then. A delivery that brings a card several events
 * (the catalogue card: its units' holds and releases) writes it once instead of once per event. Nothing is
 * written when every step is applied already or sets nothing. True when the write happened.
 */
export const compareAndSetFolded = async <T extends Document>(
  collection: DocumentCollection<T>,
  id: string,
  steps: readonly FoldStep<T>[],
  attempts = 50,
): Promise<boolean> => {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const current = ((await collection.findOne({ _id: id }, { readOnly: true })) ?? { _id: id }) as T;
    const write = foldedWrite(current, steps);
    if (!write) return false;
    try {
      const result = await collection.updateOne(write.filter, write.update, { upsert: true });
      if (result.matchedCount > 0 || result.upsertedId !== undefined) return true;
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
  }
  throw new Error(`compareAndSet on ${collection.name}/${id} lost ${attempts} races in a row`);
};

/**
 * compareAndSetFolded for several documents of one collection, read together and written together: each
 * document's steps are folded over it and every write goes at once. Answers the documents whose write lost its
 * race, for compareAndSetFolded to read again and retry one by one; a document whose steps are all applied
 * already is not written.
 */
export const compareAndSetFoldedTogether = async <T extends Document, E extends readonly [string, readonly FoldStep<T>[]]>(
  collection: DocumentCollection<T>,
  documents: readonly E[],
): Promise<E[]> => {
  const found = new Map((await collection.findByIds(documents.map(([id]) => id))).map((doc) => [doc._id, doc]));
  const writes: { entry: E; write: ConditionalUpsert }[] = [];
  for (const entry of documents) {
    const write = foldedWrite((found.get(entry[0]) ?? { _id: entry[0] }) as T, entry[1]);
    if (write) writes.push({ entry, write });
  }
  const applied = await collection.upsertEach(writes.map((w) => w.write));
  return writes.filter((_, i) => !applied[i]).map((w) => w.entry);
};

/**
 * The document as read, the steps folded over it, as one upsert conditional on the write counter `_w` it was read
 * with; undefined when the steps change nothing. The steps read the document and never change it: the embedded
 * store may hand out its own object.
 */
const foldedWrite = <T extends Document>(current: T, steps: readonly FoldStep<T>[]): ConditionalUpsert | undefined => {
  const folded = foldSteps(current, steps);
  if (!folded) return undefined;
  const written = typeof current._w === 'number' ? current._w : null;
  const $set = dictionary(folded);
  $set._w = (written ?? 0) + 1;
  return { filter: { _id: current._id, _w: written === null ? { $exists: false } : written }, update: { $set } };
};

/**
 * The `$set` that takes `current` to where the steps leave it, or undefined when they change nothing. The
 * working copy shares what no step touched with `current`; the objects a step copied on its way are the
 * fold's own, so the next step writes into them instead of copying them again (a unit entry per step would
 * otherwise copy the card's whole `unitEntries`).
 */
const foldSteps = <T extends Document>(current: T, steps: readonly FoldStep<T>[]): Record<string, unknown> | undefined => {
  if (steps.length === 1) {
    // One step: its own fields are the write, as they always were.
    const [step] = steps;
    if (step.applied(current)) return undefined;
    const set = step.compute(current);
    return Object.keys(set).length > 0 ? set : undefined;
  }
  let doc = current;
  const copies = new Set<object>();
  const touched = new Set<string>();
  for (const step of steps) {
    if (step.applied(doc)) continue;
    const set = step.compute(doc);
    for (const path in set) touched.add(path);
    doc = withValuesAt(
      doc,
      Object.entries(set).map(([path, value]) => [path.split('.'), value] as const),
      { copies, createParents: true },
    ) as T;
  }
  return touched.size > 0 ? outermost(touched, doc) : undefined;
};

/**
 * The paths touched, less those inside another touched path (`a` covers `a.b`: one `$set` may not name both),
 * each with its value in the folded document.
 */
const outermost = (touched: Set<string>, doc: Document): Record<string, unknown> => {
  const set = dictionary();
  for (const path of touched) {
    let covered = false;
    for (let dot = path.indexOf('.'); dot !== -1 && !covered; dot = path.indexOf('.', dot + 1)) covered = touched.has(path.slice(0, dot));
    if (!covered) set[path] = valueAt(doc, path);
  }
  return set;
};

/** One document per event (history rows): its id derives from the event, so a second insert is a no-op. */
export const insertOnce = <T extends Document>(collection: DocumentCollection<T>, doc: T): Promise<boolean> => collection.insertOnce(doc);

export const eventDocId = (event: RecordedEvent): string => `${event.streamId}@${event.revision}`;
