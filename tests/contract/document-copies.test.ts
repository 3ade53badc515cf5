import { applyUpdate, parseUpdate } from '../../adapters/embedded/document-updates';
import { copyJson, toJsonValue } from '../../adapters/embedded/json-document';
import type { Document } from '../../kernel/ports/read-store';
import type { RecordedEvent } from '../../kernel/ports/event-store';
import { revisionStep } from '../../kernel/projections/guarded-writes';

/** What the embedded read store's documents hold and what their readers are handed. */
describe('embedded read store documents', () => {
  it('keep the revision of each stream that fed them (readers get plain objects: read-store.contract.ts)', () => {
    const row = parseUpdate({ $set: { status: 'requested' }, $push: { history: { type: 'ReservationRequested', revision: 0 } } });
    const doc = applyUpdate({ _id: 'r1' }, row.onInsert, undefined, undefined, { path: '_v.reservation_r1', value: 0 }).doc;
    expect(doc).toMatchObject({ _id: 'r1', status: 'requested', _v: { reservation_r1: 0 } });
    expect(JSON.stringify(copyJson(doc)._v)).toBe('{"reservation_r1":0}');
  });

  it('copies and JSON values of a document are equal to it, dates as ISO text and undefined fields left out', () => {
    const doc: Document = { _id: 'd', a: 1, nested: { b: 'x' } };
    expect(copyJson({ nested: doc }).nested).toEqual(doc);
    expect(toJsonValue({ ...doc, at: new Date(0), gone: undefined })).toEqual({ ...doc, at: '1970-01-01T00:00:00.000Z' });
  });

  it("a guarded step's fields carry the revision of the stream they guard", () => {
    const step = revisionStep({ streamId: 'unit-a', revision: 3 } as RecordedEvent, () => ({ status: 'held', updatedAt: 'now' }));
    expect({ ...step.compute({ _id: 'p' }) }).toEqual({ status: 'held', updatedAt: 'now', '_v.unit_a': 3 });
  });

  it('an update without $setOnInsert is used as given', () => {
    const update = { $set: { status: 'held' }, $inc: { n: 1 } };
    expect(parseUpdate(update).onMatch).toBe(update);
  });
});
