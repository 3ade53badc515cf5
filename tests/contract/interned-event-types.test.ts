import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { internedType } from '../../adapters/embedded/interned-type';
import { SqliteEventStore } from '../../adapters/embedded/sqlite-event-store';
import type { EventToAppend } from '../../application/ports/event-store';

/**
 * Event types come out of the embedded store as V8 internalized strings, the kind string literals are, whether
 * the event was just appended or read back from the file: code that switches on `event.type` against literals
 * is optimised for one kind, and each event of the other kind deoptimised it (adapters/embedded/interned-type.ts).
 * Asked of V8 itself: two internalized one-byte strings share one map, a string decoded from a row has another.
 */
const sameKind = ((): ((a: string, b: string) => boolean) | undefined => {
  try {
    setFlagsFromString('--allow-natives-syntax');
    return new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: string, b: string) => boolean;
  } catch (error) {
    console.log(`event type strings not checked: V8's natives syntax is unavailable here (${String(error)})`);
    return undefined;
  }
})();
const check = sameKind ? it : it.skip;

const LITERAL = 'ReservationRequested';
const event = (type: string, n: number): EventToAppend => ({
  type,
  data: { n },
  metadata: { correlationId: `c${n}`, actorId: 'test', actorRoles: [], occurredAt: new Date(0).toISOString(), schemaVersion: 1 },
});

describe('embedded event store: event types as internalized strings', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'interned-types-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  check('a string decoded from JSON is not of the literal kind, and internedType makes it so, keeping its text', () => {
    const decoded = (JSON.parse(`{"type":"${LITERAL}"}`) as { type: string }).type;
    expect(sameKind!(decoded, LITERAL)).toBe(false);
    const interned = internedType(decoded);
    expect(interned).toBe(LITERAL);
    expect(sameKind!(interned, LITERAL)).toBe(true);
    expect(internedType(decoded)).toBe(interned);
  });

  check('types read back from the file, by stream and from the log, are internalized like the appended ones', async () => {
    const file = path.join(dir, 'events.sqlite');
    const writer = SqliteEventStore.open(file);
    const appended = (JSON.parse(`{"type":"${LITERAL}"}`) as { type: string }).type;
    try {
      await writer.append('reservation-1', [event(appended, 1), event('UnitHeldForReservation', 2)], 'no_stream');
    } finally {
      await writer.close();
    }
    // A new store on the file: nothing of the appends is in its memory, every event comes from a row.
    const reader = SqliteEventStore.open(file);
    try {
      const fromStream = await reader.readStream('reservation-1');
      const fromLog = await reader.readAll({ fromPosition: 0, limit: 10 });
      expect(fromStream.map((e) => e.type)).toEqual([LITERAL, 'UnitHeldForReservation']);
      for (const e of [...fromStream, ...fromLog]) expect(sameKind!(e.type, LITERAL)).toBe(true);
    } finally {
      await reader.close();
    }
  });
});
