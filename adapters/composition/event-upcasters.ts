import type { Upcaster } from '../../kernel/command-handling/event-upcasters';

/**
 * The steps from each stored shape of an event type to the next (kernel/command-handling/event-upcasters.ts),
 * gathered here as the projections are in read-models/all-projections.ts: each module that changes the shape of one
 * of its events adds the step to the previous shape beside its decider and lists it here. None has changed yet:
 * every stored event is at version 1.
 */
export const PLATFORM_UPCASTERS: readonly Upcaster[] = [];
