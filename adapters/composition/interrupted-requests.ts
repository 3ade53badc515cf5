import type { Container } from 'inversify';
import { completeInterruptedSignUps } from '../../application/accounts/interrupted-sign-ups';
import type { AppConfig } from '../../application/config';
import type { Clock } from '../../kernel/ports/clock';
import type { EventStore } from '../../kernel/ports/event-store';
import type { ReadStore } from '../../kernel/ports/read-store';
import { resolve } from '../../kernel/ports/token';
import { TOKENS } from '../../kernel/ports/tokens';
import type { ReadSide } from '../../kernel/projections/read-side';
import { RESERVATIONS } from '../../application/reservations/reservations.tokens';

/** Distributed: what began less than this ago may be another instance's request, still under way. */
const IN_FLIGHT_GRACE_MS = 2 * 60_000;

/**
 * What a crash (kill -9, power cut) left half-done, put right from the caught-up read models: email and RUT claims
 * with no account are released, accounts without their first role get the default one, reservations held without
 * a payment are cancelled ('interrupted': the unit and the buyer's slot are free again). Embedded: before the API
 * answers (it says 503 "starting" until then), this process being the only writer, so all of it was abandoned; then
 * the read models catch up, so the first request sees the result. Distributed: once ready, what began before the grace.
 */
export const recoverInterruptedRequests = async (container: Container, config: AppConfig, log: (message: string, error?: unknown) => void) => {
  const events = container.get<EventStore>(TOKENS.EventStore);
  const store = container.get<ReadStore>(TOKENS.ReadStore);
  const now = container.get<Clock>(TOKENS.Clock).now();
  const before = config.mode === 'embedded' ? now : new Date(now.getTime() - IN_FLIGHT_GRACE_MS);
  const meta = { now, actorId: 'system', actorRoles: [], correlationId: `interrupted-${now.getTime()}` };
  try {
    const { claimsReleased, rolesGranted } = await completeInterruptedSignUps(events, store, before, meta);
    if (claimsReleased) log(`interrupted sign-ups: ${claimsReleased} email or RUT claims without an account released`);
    if (rolesGranted) log(`interrupted sign-ups: ${rolesGranted} accounts without a role given the default one`);
    const released = await resolve(container, RESERVATIONS.HoldExpiry).releaseInterrupted(before, now);
    if (released.length) log(`interrupted reservations: ${released.length} held without a payment cancelled, their units released`);
    if (config.mode === 'embedded' && !(await container.get<ReadSide>(TOKENS.ProjectionRunner).waitFor(await events.headPosition(), 30_000)))
      log('interrupted requests: the read models had not caught up with their repair within 30 s');
  } catch (error) {
    log('interrupted requests: could not be put right at start', error);
  }
};
