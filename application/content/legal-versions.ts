import { loadStream } from '../../kernel/command-handling/decided-state';
import type { EventStore } from '../../kernel/ports/event-store';
import { legalDocumentDecider, legalStream, legalVersionsAt } from '../../domain/content/legal-document';

/** The version of the terms and of the privacy policy in force at `now` (null while none is published). */
export const legalVersionsInForce = async (events: EventStore, now: Date): Promise<{ termsVersion: number | null; privacyVersion: number | null }> => {
  const [terms, privacy] = await Promise.all([
    loadStream(events, legalStream('terms'), legalDocumentDecider),
    loadStream(events, legalStream('privacy'), legalDocumentDecider),
  ]);
  return {
    termsVersion: legalVersionsAt(terms.state.versions, now).inForce?.version ?? null,
    privacyVersion: legalVersionsAt(privacy.state.versions, now).inForce?.version ?? null,
  };
};
