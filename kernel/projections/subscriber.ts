import type { RecordedEvent } from '../ports/event-store';
import type { ReadStore } from '../ports/read-store';
import type { EventHandler } from './event-handler';
import type { Projection } from './projection';

/**
 * What either read side drives, one checkpoint each: a projection (writes its documents to the read store)
 * or an event handler (sends commands, owns no collection). Only projections can be rebuilt.
 */
export interface Subscriber {
  readonly name: string;
  readonly eventTypes: readonly string[];
  readonly categories?: readonly string[];
  readonly collections: readonly string[];
  readonly indexes?: Projection['indexes'];
  /** The projection, when it is one (rebuilds need its collections). */
  readonly projection?: Projection;
  deliver(event: RecordedEvent, store: ReadStore): Promise<void>;
  /** Events with the same key are delivered one after another (see Projection.orderKey): the stream's id by default. */
  orderKey(event: RecordedEvent): string;
  /** After a delivery's events (see Projection.flush); a no-op for those that gather nothing. */
  flush(store: ReadStore): Promise<void>;
}

const nothingToFlush = async (): Promise<void> => undefined;

const byStream = (event: RecordedEvent): string => event.streamId;

const projectionSubscriber = (projection: Projection): Subscriber => ({
  name: projection.name,
  eventTypes: projection.eventTypes,
  categories: projection.categories,
  collections: projection.collections,
  indexes: projection.indexes,
  projection,
  deliver: (event, store) => projection.apply(event, store),
  orderKey: projection.orderKey ? (event) => projection.orderKey!(event) : byStream,
  flush: (store) => (projection.flush ? projection.flush(store) : nothingToFlush()),
});

const handlerSubscriber = (handler: EventHandler): Subscriber => ({
  name: handler.name,
  eventTypes: handler.eventTypes,
  categories: handler.categories,
  collections: [],
  // The read side delivers only the types the handler declared, so the narrowing holds.
  deliver: (event) => handler.handle(event as Parameters<EventHandler['handle']>[0]),
  orderKey: byStream,
  flush: nothingToFlush,
});

const isEventHandler = (member: Projection | EventHandler): member is EventHandler => 'handle' in member;

export const subscriberOf = (member: Projection | EventHandler): Subscriber =>
  isEventHandler(member) ? handlerSubscriber(member) : projectionSubscriber(member);

/** Every subscriber of a read side: the projections first, then the event handlers. */
export const subscribersOf = (projections: readonly Projection[], handlers: readonly EventHandler[] = []): Subscriber[] => {
  const all = [...projections.map(projectionSubscriber), ...handlers.map(handlerSubscriber)];
  const names = all.map((s) => s.name);
  const twice = names.filter((name, i) => names.indexOf(name) !== i);
  if (twice.length > 0) throw new Error(`Read-side names must be unique (they key the checkpoints): ${twice.join(', ')}`);
  return all;
};
