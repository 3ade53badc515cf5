import { mayBeProfiled, processingStream, type ProcessingRestrictions } from '../../domain/personal-data/processing-restrictions';
import { processingRestrictionsDecider } from '../../domain/personal-data/processing-restrictions.decide';
import { DomainError } from '../../domain/shared/errors';
import { loadStream } from '../../kernel/command-handling/decided-state';
import type { EventStore } from '../../kernel/ports/event-store';

const PROCESSING_BLOCKED_MESSAGE =
  'El tratamiento de sus datos está bloqueado a su solicitud (Ley 21.719). Mientras el bloqueo esté vigente no podemos cotizar, reservar, crear alertas ni registrar solicitudes de contacto con sus datos. Pida al delegado de protección de datos que lo levante.';

/**
 * Blocking (Ley 21.719, bloqueo del tratamiento) suspends new processing of the person's data until the
 * officer lifts it: the use cases that would process it (quotes, their mails, reservations, availability
 * alerts, contact requests and the lead activity of a signed-in buyer) call this first and are refused with
 * BUSINESS_RULE_VIOLATION (§8, 422). Signing in, reading, the export and data requests stay open: the person
 * needs them to exercise their rights. Read from the person's stream: strongly consistent, one small read.
 */
export async function assertProcessingAllowed(events: EventStore, userId: string | null | undefined): Promise<void> {
  if (!userId) return;
  const restrictions = await restrictionsOf(events, userId);
  if (restrictions.processingBlocked)
    throw new DomainError('BUSINESS_RULE_VIOLATION', 'processing blocked', [
      { field: 'processing', code: 'BUSINESS_RULE_VIOLATION', message: PROCESSING_BLOCKED_MESSAGE },
    ]);
}

/**
 * The person's restrictions and consents, strongly consistent: the state kept for their `processing-<id>`
 * stream plus whatever was appended since (decided-state.ts), read on every reservation, quote and lead activity.
 */
export async function restrictionsOf(events: EventStore, userId: string): Promise<ProcessingRestrictions> {
  return (await loadStream(events, processingStream(userId), processingRestrictionsDecider)).state;
}

/** Whether a lead of this account may be scored; null for a visitor not signed in (the lead keeps its choice). */
export async function profilingAllowed(events: EventStore, userId: string | null | undefined): Promise<boolean | null> {
  if (!userId) return null;
  return mayBeProfiled(await restrictionsOf(events, userId));
}
