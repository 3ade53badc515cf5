import type { DomainEvent } from '../../domain/shared/event';
import type { RecordedEvent } from '../ports/event-store';

/**
 * What a projection needs to react to an erasure (application/personal-data/erase-subject.ts records it):
 * the event type, its stream category (for the distributed projector's topics) and the erased subject.
 * A projection holding a copy of personal data that its events do not bring back as "titular suprimido"
 * (documents only the person needed, fields from events written in clear before encryption) handles it,
 * so a rebuild after the erasure gives the same picture as the scrub made at the time.
 */
export const PERSONAL_DATA_ERASED = 'PersonalDataErased';
/** Recorded on the subject's stream when their key is deleted (erase-subject.ts); projections scrub on it. */
export type PersonalDataErased = DomainEvent<typeof PERSONAL_DATA_ERASED, { subjectId: string; erasedAt: string }>;
export const PERSONAL_DATA_CATEGORY = 'personaldata';

export const erasedSubjectOf = (event: RecordedEvent): string | null =>
  event.type === PERSONAL_DATA_ERASED && typeof event.data.subjectId === 'string' ? event.data.subjectId : null;
