import type { EventStore, EventToAppend, RecordedEvent } from '../../kernel/ports/event-store';
import type { LegacyUpcasts } from './legacy-upcasts';
import type { PersonalDataCodec } from '../../kernel/personal-data/pii-codec';
import type { PseudonymousStreamIds } from './pseudonymous-stream-ids';

const PAGE = 500;

export interface RewriteResult {
  readonly events: number;
  readonly streams: number;
}

/**
 * The one-off migration of a log written (partly) in clear: copies every event of `source` (the old log,
 * read raw) in global order into the empty `target` (a new log, written raw), with every marked field
 * encrypted and every stream named after a personal value under its pseudonymous id. Events already
 * encrypted are opened and sealed again, ids already pseudonymous are kept, so a log that ran with
 * encryption for a while migrates too. Stream revisions and metadata are kept; global positions and
 * commit instants are the new log's own, so every projection must be rebuilt afterwards. `upcasts` moves
 * leads to their keyed ids and names the buyer of old receipts (legacy-upcasts.ts).
 */
export async function rewriteEventLog(
  deps: { source: EventStore; target: EventStore; codec: PersonalDataCodec; streamIds: PseudonymousStreamIds; upcasts?: LegacyUpcasts },
  onProgress: (copied: number) => void = () => undefined,
): Promise<RewriteResult> {
  if ((await deps.target.headPosition()) !== 0) throw new Error('The target event log is not empty');
  const streams = new Set<string>();
  let copied = 0;
  for (let position = 0; ;) {
    const page = await deps.source.readAll({ fromPosition: position, limit: PAGE });
    if (page.length === 0) break;
    const opened = await deps.codec.decrypt(page);
    const clear = deps.upcasts ? opened.map((event) => deps.upcasts!.apply(event)) : opened;
    for (const run of runsOfOneStream(clear)) {
      const streamId = deps.streamIds.isPseudonymous(run[0].streamId) ? run[0].streamId : deps.streamIds.stored(run[0].streamId);
      const sealed = await deps.codec.encrypt(run.map((event) => toAppend(event, deps.streamIds)));
      await deps.target.append(streamId, sealed, run[0].revision === 0 ? 'no_stream' : run[0].revision - 1);
      streams.add(streamId);
    }
    copied += page.length;
    position = page[page.length - 1].globalPosition;
    onProgress(copied);
  }
  return { events: copied, streams: streams.size };
}

const toAppend = (event: RecordedEvent, ids: PseudonymousStreamIds): EventToAppend => ({
  type: event.type,
  data: event.data,
  metadata: {
    ...event.metadata,
    correlationId: opaque(event.metadata.correlationId, ids),
    causationId: event.metadata.causationId && opaque(event.metadata.causationId, ids),
  },
});

/**
 * Correlation ids are opaque, but older demo seeds built them from an email (`demo-seed-<email>`): such an
 * id is replaced by its pseudonym, which still groups the same events together.
 */
const opaque = (id: string, ids: PseudonymousStreamIds): string => (id.includes('@') ? ids.pseudonym(id) : id);

/** Consecutive events of the same stream, appended together (one commit each). */
function runsOfOneStream(events: readonly RecordedEvent[]): RecordedEvent[][] {
  const runs: RecordedEvent[][] = [];
  for (const event of events) {
    const last = runs[runs.length - 1];
    if (last && last[0].streamId === event.streamId) last.push(event);
    else runs.push([event]);
  }
  return runs;
}
