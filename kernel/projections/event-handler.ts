import type { DomainEvent } from '../../domain/shared/event';
import type { RecordedEvent } from '../ports/event-store';

/** A recorded event narrowed to one of the domain's event types: `type` and `data` as the domain declares them. */
export type RecordedEventOf<E extends DomainEvent> = E extends DomainEvent
  ? Omit<RecordedEvent, 'type' | 'data'> & { readonly type: E['type']; readonly data: E['data'] }
  : never;

/**
 * An event handler: a process manager the read side runs beside the projections, in either mode (the
 * embedded ProjectionRunner, the distributed Kafka projectors). It owns no read model: it follows events and
 * sends commands, which the aggregates decide idempotently. Delivery is at least once (a checkpoint like a
 * projection's, advanced after `handle`), so handling the same event twice must change nothing the second time.
 */
export interface EventHandler<E extends DomainEvent = DomainEvent> {
  readonly name: string;
  /** The domain's event types it reacts to (checked against E: a misspelt or foreign type does not compile). */
  readonly eventTypes: readonly E['type'][];
  /** Stream categories carrying those events: the Kafka topics it consumes in distributed mode. */
  readonly categories: readonly string[];
  /** Throwing retries the event (with backoff); a refusal that retrying cannot cure should be logged and swallowed. */
  handle(event: RecordedEventOf<E>): Promise<void>;
}
