import { setFlagsFromString } from 'node:v8';
import { applyUpdate, parseUpdate } from '../../adapters/embedded/document-updates';
import { copyJson, toJsonValue } from '../../adapters/embedded/json-document';
import type { Document } from '../../application/ports/read-store';
import { revisionStep } from '../../application/projections/guarded-writes';
import type { RecordedEvent } from '../../application/ports/event-store';
import { evolveUnit, type UnitState } from '../../domain/catalog/unit';
import { evolveLead, initialLeadState } from '../../domain/leads/lead';
import { parseUpdate as parsed } from '../../adapters/embedded/document-updates';
import { reservationDecider } from '../../domain/reservations/reservation.decide';

/**
 * The documents the embedded read store builds stay V8 "fast" objects (fields laid out by shape), never
 * dictionaries: copying a 20-field dictionary took 5-13 µs against under 0.5 µs, and every projection write copies
 * and stringifies its document. Asked of V8 itself through its natives syntax, switched on for this file.
 */
const hasFastProperties = ((): ((value: object) => boolean) | undefined => {
  try {
    setFlagsFromString('--allow-natives-syntax');
    return new Function('value', 'return %HasFastProperties(value)') as (value: object) => boolean;
  } catch (error) {
    console.log(`document shapes not checked: V8's natives syntax is unavailable here (${String(error)})`);
    return undefined;
  }
})();
const check = hasFastProperties ? it : it.skip;
/** Whether two objects share one hidden class (V8's map): what an object built the same way twice should do. */
const sameShape = hasFastProperties ? (new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean) : undefined;

/** A document built field by field through a computed key, as V8 turns into a dictionary past ~16 fields. */
const builtByKey = (fields: number): Record<string, unknown> => {
  const doc: Record<string, unknown> = { _id: 'd' };
  for (let i = 0; i < fields; i++) doc[`field${i}`] = i % 2 ? `value ${i}` : i;
  return doc;
};

/** Twenty fields of a new reservation's row, its history and its stream revision: an upsert's whole document. */
const RESERVATION_ROW = parseUpdate({
  $set: {
    status: 'requested',
    ...Object.fromEntries(Object.entries(builtByKey(18)).filter(([key]) => key !== '_id')),
    buyerEmail: { $pii: 1, s: 'u1', c: 'x' },
  },
  $push: { history: { type: 'ReservationRequested', revision: 0 } },
});

describe('embedded read store document shapes', () => {
  check('an upsert that writes many fields into { _id } gives a fast document, and so does its next update', () => {
    const created = applyUpdate({ _id: 'r1' }, RESERVATION_ROW.onInsert, undefined, undefined, { path: '_v.reservation-r1', value: 0 }).doc;
    expect(hasFastProperties!(created)).toBe(true);
    const held = applyUpdate(created, parseUpdate({ $set: { status: 'held', heldAt: 'now', holdExpiresAt: 'later' } }).onMatch).doc;
    expect(hasFastProperties!(held)).toBe(true);
  });

  check('copies and JSON values of a dictionary are fast objects', () => {
    const dictionary = builtByKey(30);
    expect(hasFastProperties!(dictionary)).toBe(false); // what the store must not keep
    const copy = copyJson({ nested: dictionary }).nested as Document;
    expect(hasFastProperties!(copy)).toBe(true);
    expect(copy).toEqual(dictionary);
    const json = toJsonValue({ ...dictionary, at: new Date(0), gone: undefined }) as Document;
    expect(hasFastProperties!(json)).toBe(true);
    expect(json).toEqual({ ...dictionary, at: '1970-01-01T00:00:00.000Z' });
  });

  check('an update adding many fields to a document read back from SQLite (JSON.parse) gives a fast document', () => {
    const loaded = JSON.parse(JSON.stringify(builtByKey(24))) as Document;
    const added = parseUpdate({ $set: Object.fromEntries(['a', 'b', 'c', 'd', 'e', 'f'].map((name) => [name, name])) });
    expect(hasFastProperties!(applyUpdate(loaded, added.onMatch).doc)).toBe(true);
  });

  /*
   * V8 (Node 20) gives `{ ...source, added }` a hidden class of its own on every call (~0.5 µs, and a map for the
   * collector), and `{}` given a key that names an id (`_v.<stream>`, `unitEntries.<unit>`) one per id, which filled
   * V8's table of shapes grown from `{}` (1,536 entries) and then left every later object built that way a shape of
   * its own. Under the reservations' load that was ~8% of the event loop in map creation alone (perf, docs/benchmarks.md,
   * twenty-seventh pass). These ask that the hot objects reuse their shapes.
   */
  check('the revision maps (`_v`) of documents fed by different streams share one shape, and readers get ordinary objects', () => {
    const first = applyUpdate({ _id: 'r1' }, RESERVATION_ROW.onInsert, undefined, undefined, { path: '_v.reservation_r1', value: 0 }).doc;
    const second = applyUpdate({ _id: 'r2' }, RESERVATION_ROW.onInsert, undefined, undefined, { path: '_v.reservation_r2', value: 0 }).doc;
    expect(sameShape!(first._v as object, second._v as object)).toBe(true);
    expect(first._v).toEqual({ reservation_r1: 0 });
    // What a reader is handed (a copy) is a plain object again, with Object's methods.
    const copy = copyJson(first)._v as object;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(JSON.stringify(copy)).toBe('{"reservation_r1":0}');
  });

  check("a guarded step's fields share one shape whichever stream they guard", () => {
    const event = (streamId: string) => ({ streamId, revision: 3 }) as RecordedEvent;
    const compute = () => ({ status: 'held', updatedAt: 'now' });
    const a = revisionStep(event('unit-a'), compute).compute({ _id: 'p' });
    const b = revisionStep(event('unit-b'), compute).compute({ _id: 'p' });
    expect(sameShape!(a, b)).toBe(true);
    expect({ ...a }).toEqual({ status: 'held', updatedAt: 'now', '_v.unit_a': 3 });
  });

  check('a unit held twice and a reservation requested twice keep their shapes', () => {
    const unit: UnitState = {
      status: 'not_reserved',
      unitId: 'u1',
      projectId: 'p1',
      spec: {} as Extract<UnitState, { spec: unknown }>['spec'],
      enabled: true,
      releasedHolds: [],
    };
    const hold = (reservationId: string) =>
      evolveUnit(unit, {
        type: 'UnitHeldForReservation',
        data: { unitId: 'u1', projectId: 'p1', reservationId, buyerId: 'b', holdExpiresAt: 'later', heldAt: 'now' },
      });
    // Warm first: the shape of a cold call comes from V8's runtime, the per-call one from its optimised paths.
    for (let i = 0; i < 2_000; i++) hold(`warm-${i}`);
    expect(sameShape!(hold('r1'), hold('r2'))).toBe(true);
    const request = (unitId: string) =>
      reservationDecider.decide(
        { type: 'RequestReservation', reservationId: `r-${unitId}`, buyerId: 'b', unitId, projectId: 'p', amountCLP: 100_000 } as never,
        reservationDecider.initialState(),
        { now: new Date(0), actorId: 'b', actorRoles: [] } as never,
      )[0].data;
    for (let i = 0; i < 2_000; i++) request(`warm-${i}`);
    expect(sameShape!(request('u1'), request('u2'))).toBe(true);
  });

  check("a captured lead's contact keeps one shape, and an update without $setOnInsert is used as given", () => {
    const capture = (leadId: string) =>
      evolveLead(initialLeadState(), {
        type: 'LeadCaptured',
        data: {
          leadId,
          name: 'Ana',
          dni: null,
          email: `${leadId}@x.cl`,
          phone: null,
          company: null,
          monthlyIncome: null,
          userId: null,
          source: 'reservation',
          capturedAt: 'now',
        },
      });
    for (let i = 0; i < 2_000; i++) capture(`warm-${i}`);
    const [a, b] = [capture('l1'), capture('l2')] as { contact: object }[];
    expect(sameShape!(a.contact, b.contact)).toBe(true);
    const update = { $set: { status: 'held' }, $inc: { n: 1 } };
    expect(parsed(update).onMatch).toBe(update);
  });
});
