/**
 * What the event loop and the event writer's thread send each other. Flat arrays of strings and numbers, not an
 * object per append and per event: copying objects to the thread, their property names with them, was ~4% of a
 * reservation's event-loop time.
 */

export interface AppendRequest {
  readonly streamId: string;
  readonly events: readonly { type: string; data: string; metadata: string }[];
  readonly expected: unknown;
}

export type AppendOutcome =
  | { ok: true; revision: number; positions: number[]; recordedAt?: string; head?: number }
  | { ok: false; conflict: number }
  | { ok: false; error: { message: string; code?: string } };

/** A group's appends: stream, expected revision, number of events, then each event's type, data and metadata. */
export const flatAppends = (appends: readonly AppendRequest[]): unknown[] => {
  const flat: unknown[] = [];
  for (const { streamId, expected, events } of appends) {
    flat.push(streamId, expected, events.length);
    for (const e of events) flat.push(e.type, e.data, e.metadata);
  }
  return flat;
};

export const readAppends = (flat: readonly unknown[]): AppendRequest[] => {
  const appends: AppendRequest[] = [];
  for (let i = 0; i < flat.length;) {
    const count = flat[i + 2] as number;
    const events: { type: string; data: string; metadata: string }[] = [];
    for (let k = 0, at = i + 3; k < count; k++, at += 3)
      events.push({ type: flat[at] as string, data: flat[at + 1] as string, metadata: flat[at + 2] as string });
    appends.push({ streamId: flat[i] as string, expected: flat[i + 1], events });
    i += 3 + 3 * count;
  }
  return appends;
};

/** Each outcome: 1, revision, recordedAt, head, number of positions, the positions; -1, message, code; 0, conflict. */
export const flatOutcomes = (outcomes: readonly AppendOutcome[]): unknown[] => {
  const flat: unknown[] = [];
  for (const o of outcomes) {
    if (o.ok) {
      flat.push(1, o.revision, o.recordedAt === undefined ? null : o.recordedAt, o.head === undefined ? null : o.head, o.positions.length);
      for (const p of o.positions) flat.push(p);
    } else if ('error' in o) flat.push(-1, o.error.message, o.error.code === undefined ? null : o.error.code);
    else flat.push(0, o.conflict);
  }
  return flat;
};

export const readOutcomes = (flat: readonly unknown[]): AppendOutcome[] => {
  const outcomes: AppendOutcome[] = [];
  for (let i = 0; i < flat.length;) {
    const kind = flat[i];
    if (kind === 1) {
      const count = flat[i + 4] as number;
      const outcome: AppendOutcome = { ok: true, revision: flat[i + 1] as number, positions: flat.slice(i + 5, i + 5 + count) as number[] };
      if (flat[i + 2] !== null) outcome.recordedAt = flat[i + 2] as string;
      if (flat[i + 3] !== null) outcome.head = flat[i + 3] as number;
      outcomes.push(outcome);
      i += 5 + count;
    } else if (kind === -1) {
      outcomes.push({
        ok: false,
        error: flat[i + 2] === null ? { message: flat[i + 1] as string } : { message: flat[i + 1] as string, code: flat[i + 2] as string },
      });
      i += 3;
    } else {
      outcomes.push({ ok: false, conflict: flat[i + 1] as number });
      i += 2;
    }
  }
  return outcomes;
};

/** The thread's settings, given when it starts. */
export interface EventWriterData {
  readonly file: string;
  readonly busyTimeoutMs: number;
  readonly autocheckpointPages: number;
}
