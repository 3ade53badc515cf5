import type { Kafka } from 'kafkajs';
import { openDatabase } from '../../adapters/embedded/sqlite-database';
import { SqliteEventStore } from '../../adapters/embedded/sqlite-event-store';
import { SqliteReadStore } from '../../adapters/embedded/sqlite-read-store';
import { KafkaProjector } from '../../adapters/kafka/kafka-projector';
import { KafkaReadSide } from '../../adapters/kafka/kafka-read-side';
import type { EventHandler } from '../../kernel/projections/event-handler';
import { reservationsProjection } from '../../read-models/reservations/reservations.projection';

/**
 * The distributed read side runs event handlers beside the projections: in the same consumer group, each its
 * own checkpoint, waited for by read-your-writes, never rebuilt. (Kafka itself is exercised by tests/distributed.)
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
  it('runs the handlers beside the projections in one consumer group, and waits for them', () => {
    const side = readSide({ runProjectors: true });
    expect(side.names).toEqual(['reservations', 'reservation-process']);
    expect(side.projectors).toHaveLength(1);
    const [projector] = side.projectors;
    expect(projector!.groupId).toBe('projection.all');
    expect(projector!.projections.map((p) => [p.name, projector!.topicsOf(p.name)])).toEqual([
      ['reservations', ['events.reservation']],
      ['reservation-process', ['events.reservation']],
    ]);
    expect(projector!.subscribedTopics).toEqual(['events.reservation']);
  });

  it('a projector process may run only the handler, in a group of its own', () => {
    const [projector, ...more] = readSide({ runProjectors: true, only: ['reservation-process'] }).projectors;
    expect(more).toHaveLength(0);
    expect(projector!.projections.map((p) => p.name)).toEqual(['reservation-process']);
    expect(projector!.groupId).toBe('projection.reservation-process');
    expect(() => readSide({ runProjectors: true, only: ['no-such-thing'] })).toThrow('Unknown projection');
  });

  it('an API process runs no projector', () => {
    expect(readSide({ runProjectors: false }).projectors).toHaveLength(0);
  });

  it('a handler is delivered through the projector as through the embedded runner (no collections to write)', () => {
    const projector = new KafkaProjector({
      kafka: {} as Kafka,
      store: new SqliteReadStore(openDatabase(':memory:')),
      members: [{ projection: handler, categories: ['reservation'] }],
    });
    expect(projector.groupId).toBe('projection.reservation-process');
  });

  it('refuses to rebuild a handler: it owns no read model', async () => {
    await expect(readSide({ runProjectors: false }).rebuild('reservation-process')).rejects.toThrow('event handler');
  });
});
