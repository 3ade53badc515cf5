import type { PersonalDataErased } from '../../kernel/personal-data/personal-data-erased';
import type { CommandMetadata } from '../../domain/shared/event';
import { forgetDecidedStates } from '../../kernel/command-handling/decided-state';
import { toEventsToAppend } from '../../kernel/command-handling/handle-command';
import { WrongExpectedRevisionError, type EventStore } from '../../kernel/ports/event-store';
import type { KeyStore } from '../../kernel/ports/key-store';

/**
 * Recorded once per erased person, on a stream named by the pseudonymous subject id only, so that
 * projections holding copies of the person's data scrub them (or are rebuilt) while the audit trail
 * (role changes, payments) keeps the subject id and reads "titular suprimido" where the name was.
 */

const personalDataStream = (subjectId: string): string => `personaldata-${subjectId}`;

export interface ErasureResult {
  /** False when the subject had already been erased: nothing new was recorded. */
  readonly erased: boolean;
  /** Global position of the PersonalDataErased event (0 when nothing was recorded), for read-your-writes. */
  readonly position: number;
}

/**
 * Crypto-shreds a person: their key first (the erasure itself: from then on no reader can recover their
 * fields), then the event that tells the read side. Safe to repeat after a failure between the two steps:
 * shredding is idempotent and the event is recorded once.
 */
export async function eraseSubject(deps: { keys: KeyStore; events: EventStore }, subjectId: string, meta: CommandMetadata): Promise<ErasureResult> {
  const erasedAt = meta.now.toISOString();
  await deps.keys.shred(subjectId, erasedAt);
  forgetDecidedStates(deps.events);
  const event: PersonalDataErased = { type: 'PersonalDataErased', data: { subjectId, erasedAt } };
  try {
    const result = await deps.events.append(personalDataStream(subjectId), toEventsToAppend([event], meta), 'no_stream');
    return { erased: true, position: result.lastGlobalPosition };
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) return { erased: false, position: 0 };
    throw error;
  }
}
