import type { Kafka } from 'kafkajs';
import { openDatabase } from '../../adapters/embedded/sqlite-database';
import { SqliteEventStore } from '../../adapters/embedded/sqlite-event-store';
import { SqliteReadStore } from '../../adapters/embedded/sqlite-read-store';
import { KafkaProjector } from '../../adapters/kafka/kafka-projector';
import { KafkaReadSide } from '../../adapters/kafka/kafka-read-side';
import type { EventHandler } from '../../application/projections/event-handler';
import { reservationsProjection } from '../../read-models/reservations/reservations.projection';

/**
 * The distributed read side runs event handlers beside the projections: each its own consumer group and
 * checkpoint, waited for by read-your-writes, never rebuilt. (Kafka itself is exercised by tests/distributed.)
 */
const handler: EventHandler = { name: 'reservation-process', categories: ['reservation'], eventTypes: ['ReservationRequested'], handle: async () => undefined };

const readSide = (options: { runProjectors: boolean; only?: string[] }) =>
  new KafkaReadSide({
    events: SqliteEventStore.open(':memory:'),
    store: new SqliteReadStore(openDatabase(':memory:')),
    // Never reached: nothing here connects (no relay; projectors are only constructed).
    kafka: {} as Kafka,
    projections: [reservationsProjection],
    handlers: [handler],
    topicPrefix: 'events.',
    groupPrefix: 'projection.',
    partitions: 1,
    relayName: 'relay',
    runRelay: false,
    defaultCategories: ['reservation'],
    log: () => undefined,
    ...options,
  });

describe('the Kafka read side with event handlers', () => {
  it('runs a consumer group for each handler beside the projections, and waits for it', () => {
    const side = readSide({ runProjectors: true });
    expect(side.names).toEqual(['reservations', 'reservation-process']);
    expect(side.projectors.map((p) => [p.projection.name, p.groupId, p.subscribedTopics])).toEqual([
      ['reservations', 'projection.reservations', ['events.reservation']],
      ['reservation-process', 'projection.reservation-process', ['events.reservation']],
    ]);
  });

  it('a projector process may run only the handler', () => {
    expect(readSide({ runProjectors: true, only: ['reservation-process'] }).projectors.map((p) => p.projection.name)).toEqual(['reservation-process']);
    expect(() => readSide({ runProjectors: true, only: ['no-such-thing'] })).toThrow('Unknown projection');
  });

  it('a handler is delivered through the projector as through the embedded runner (no collections to write)', () => {
    const projector = new KafkaProjector({
      kafka: {} as Kafka,
      store: new SqliteReadStore(openDatabase(':memory:')),
      projection: handler,
      categories: ['reservation'],
    });
    expect(projector.groupId).toBe('projection.reservation-process');
  });

  it('refuses to rebuild a handler: it owns no read model', async () => {
    await expect(readSide({ runProjectors: false }).rebuild('reservation-process')).rejects.toThrow('event handler');
  });
});
