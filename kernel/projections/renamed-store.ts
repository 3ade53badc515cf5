import type { ReadStore, ReadStoreBatch } from '../ports/read-store';

/** A view of a read store whose collection names are mapped: lets a rebuild write to fresh collections. */
export const renamedStore = (store: ReadStore, rename: (name: string) => string): ReadStore => ({
  collection: (name) => store.collection(rename(name)),
  listCollections: () => store.listCollections(),
  dropCollection: (name) => store.dropCollection(rename(name)),
  renameCollection: (from, to) => store.renameCollection(rename(from), rename(to)),
  batch: (work) => store.batch((view) => work(renamedBatch(view, rename))),
  purgeDeletedBytes: () => store.purgeDeletedBytes(),
  close: () => store.close(),
});

const renamedBatch = (view: ReadStoreBatch, rename: (name: string) => string): ReadStoreBatch => ({
  ...renamedStore(view, rename),
  commitSoFar: () => view.commitSoFar(),
});
