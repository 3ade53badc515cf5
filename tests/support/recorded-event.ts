import type { RecordedEvent } from '../../kernel/ports/event-store';

/** A recorded event as a store hands it to a projection: revision `revision` of `streamId`, at position revision + 1. */
export const recordedEvent = (streamId: string, revision: number, fields: Partial<RecordedEvent> = {}): RecordedEvent => ({
  streamId,
  revision,
  globalPosition: revision + 1,
  type: 'Counted',
  data: {},
  metadata: { correlationId: 'c', actorId: 'a', actorRoles: [], occurredAt: new Date(0).toISOString(), schemaVersion: 1 },
  recordedAt: new Date(0).toISOString(),
  ...fields,
});
