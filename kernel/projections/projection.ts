import type { DomainEvent } from '../../domain/shared/event';
import type { RecordedEventOf } from './event-handler';
import type { ReadStore } from '../ports/read-store';

/**
 * A projection turns events into the documents one screen or query reads. Delivery is at least once
 * and, in distributed mode, ordered per stream only, so `apply` must guard every write by the event's
 * stream revision (see guarded-writes.ts): the same event delivered twice leaves the same documents.
 *
 * E is the union of the domain's event types it reads (`Projection<ReservationEvent | UnitEvent>`): its
 * `eventTypes` are checked against that union (a misspelt or foreign type does not compile) and `apply`
 * receives the event narrowed to it. Process managers are not projections: see event-handler.ts.
 */
export interface Projection<E extends DomainEvent = DomainEvent> {
  readonly name: string;
  /**
   * Raised when the documents it writes change shape or meaning (1 when absent): a read model an earlier
   * version built is then rebuilt from the log (projection-versions.ts).
   */
  readonly version?: number;
  /** Collections it owns: a rebuild writes them afresh under temporary names, then switches. */
  readonly collections: readonly string[];
  /** Event types it reacts to; others only advance its checkpoint. */
  readonly eventTypes: readonly E['type'][];
  /**
   * Stream categories that carry those events (`user` for `user-<id>` and `user-roles-<id>`): in distributed
   * mode the projector consumes exactly the Kafka topics `events.<category>`. Optional so that a projection
   * can be written before it is wired: without it the projector consumes every known category
   * (EVENT_CATEGORIES), which is correct but reads more than it needs. Ignored in embedded mode.
   */
  readonly categories?: readonly string[];
  /** Indexes its queries need, created at start-up. */
  readonly indexes?: readonly { collection: string; keys: Record<string, 1 | -1>; unique?: boolean }[];
  apply(event: RecordedEventOf<E>, store: ReadStore): Promise<void>;
  /**
   * Optional: which of a delivery's events must be applied one after another (default: those of one stream).
   * The distributed projector applies different keys at once; a projection whose document gathers several
   * streams (the catalogue card: its project's and its units') keys by that document, so one delivery's
   * events for it follow each other instead of racing each other's compare-and-set.
   */
  orderKey?(event: RecordedEventOf<E>): string;
  /**
   * Optional: called with the same store once the events of one delivery went through `apply` (also when one
   * of them failed), inside the same read-store batch and before the checkpoint moves. A projection that
   * gathers what its events add in memory (the sales rollups: many events add to one document) writes it
   * here, once per document instead of once per event. Whoever calls `apply` calls this after it.
   */
  flush?(store: ReadStore): Promise<void>;
}

export const CHECKPOINTS = '_checkpoints';
