import { MongoClient, type CommandStartedEvent } from 'mongodb';
import { consumerGroupLag } from './support/consumer-lag';
import { KafkaProjector } from '../../adapters/kafka/kafka-projector';
import { MongoReadStore } from '../../adapters/mongodb/mongo-read-store';
import type { RecordedEvent } from '../../kernel/ports/event-store';
import type { Projection } from '../../kernel/projections/projection';
import { MONGODB_URL } from './support/engines';
import { eventually } from '../support/eventually';
import { createPipeline, streams, type Pipeline } from './support/pipeline';

/**
 * One consumer group feeds several projections (the read side runs every projection of a process this way):
 * each record is opened once for all of them, a projection gets only its categories' topics, and the offsets
 * are committed only as far as every projection is done, so one that keeps failing holds the commit while the
 * others apply on.
 */
describe('one projector, one consumer group, several projections', () => {
  let pipeline: Pipeline;

  beforeEach(async () => {
    pipeline = await createPipeline('shared');
  });

  afterEach(async () => {
    await pipeline.cleanup();
  });

  /** Remembers what it was given, per stream, in order; `refuse` makes it fail on an event until lifted. */
  const recording = (name: string, refuse?: (event: RecordedEvent) => boolean): Projection & { seen: Map<string, number[]> } => {
    const seen = new Map<string, number[]>();
    return {
      name,
      seen,
      collections: [],
      eventTypes: ['Counted'],
      async apply(event: RecordedEvent) {
        if (refuse?.(event)) throw new Error(`${name} refused ${event.streamId}@${event.revision}`);
        seen.set(event.streamId, [...(seen.get(event.streamId) ?? []), event.revision]);
      },
    };
  };
  const revisions = (n: number) => Array.from({ length: n }, (_, i) => i);
  /** Every revision below n was seen, and each run of deliveries went up one by one (a redelivery starts a new run). */
  const inOrderAllOf = (seen: readonly number[], n: number) =>
    new Set(seen).size === n && seen.every((r, i) => r < n && (i === 0 ? r === 0 : r === seen[i - 1]! + 1 || r <= seen[i - 1]!));
  const lag = async () => {
    const admin = pipeline.kafka.admin();
    await admin.connect();
    try {
      return await consumerGroupLag(admin, pipeline.groupId, [`${pipeline.topicPrefix}unit`]);
    } finally {
      await admin.disconnect();
    }
  };

  it('opens each record once for every projection, gives each only its topics, and commits what all have applied', async () => {
    const units = streams('unit', 3, pipeline.runId);
    const projects = streams('project', 2, pipeline.runId);
    await pipeline.append([...units, ...projects], 12, 4);
    await pipeline.relay().start();
    await pipeline.waitForRelay();

    const everything = recording('everything');
    const unitsOnly = recording('units-only');
    let opened = 0;
    // The projector's requests to MongoDB, watched: the checkpoints it writes, by request.
    const monitored = await MongoClient.connect(MONGODB_URL, { monitorCommands: true });
    const checkpointWrites: number[] = [];
    monitored.on('commandStarted', (e: CommandStartedEvent) => {
      if (e.commandName === 'update' && e.command.update === '_checkpoints') checkpointWrites.push((e.command.updates ?? []).length);
    });
    const projector = new KafkaProjector({
      kafka: pipeline.kafka,
      store: new MongoReadStore(monitored.db(pipeline.db.databaseName)),
      members: [
        { projection: everything, categories: ['unit', 'project'] },
        { projection: unitsOnly, categories: ['unit'] },
      ],
      groupId: pipeline.groupId,
      topicPrefix: pipeline.topicPrefix,
      open: async (events) => {
        opened += events.length;
        return [...events];
      },
    });
    await projector.start();
    try {
      expect(projector.subscribedTopics).toEqual(pipeline.topics);
      await pipeline.waitForProjector();
      for (const stream of [...units, ...projects]) expect(everything.seen.get(stream)).toEqual(revisions(12));
      expect([...unitsOnly.seen.keys()].sort()).toEqual([...units].sort());
      for (const stream of units) expect(unitsOnly.seen.get(stream)).toEqual(revisions(12));
      // 60 records, each opened once though two projections took the unit ones.
      expect(opened).toBe(60);
      const head = await pipeline.events.headPosition();
      expect(projector.positionOf('everything')).toBe(head);
      const checkpoints = await pipeline.store.collection<{ _id: string; position: number }>('_checkpoints').find({}, { sort: { _id: 1 } });
      expect(checkpoints.map((c) => [c._id, c.position])).toEqual([
        ['everything', head],
        [
          'units-only',
          Math.max(
            ...(await pipeline.events.readAll({ fromPosition: 0, limit: 1000 })).filter((e) => e.streamId.startsWith('unit-')).map((e) => e.globalPosition),
          ),
        ],
      ]);
      // A unit batch moves both members' checkpoints: in one request, not one each.
      expect(Math.max(...checkpointWrites)).toBe(2);
    } finally {
      await projector.stop();
      await monitored.close();
    }
  });

  it('a projection that keeps failing holds the commit; the other applies on; once it applies, all is committed, nothing twice', async () => {
    const units = streams('unit', 2, pipeline.runId);
    await pipeline.append(units, 10, 5);
    await pipeline.relay().start();
    await pipeline.waitForRelay();

    let broken = true;
    let refusals = 0;
    const healthy = recording('healthy');
    const failing = recording('failing', (event) => {
      const refuse = broken && event.streamId === units[0] && event.revision === 3;
      if (refuse) refusals++;
      return refuse;
    });
    const projector = new KafkaProjector({
      kafka: pipeline.kafka,
      store: pipeline.store,
      members: [
        { projection: healthy, categories: ['unit'] },
        { projection: failing, categories: ['unit'] },
      ],
      groupId: pipeline.groupId,
      topicPrefix: pipeline.topicPrefix,
      onError: () => undefined,
    });
    await projector.start();
    try {
      await eventually(
        async () => healthy.seen.get(units[1]!)?.length ?? 0,
        (n) => n >= 10,
        { what: 'the healthy projection applied the other stream' },
      );
      await eventually(
        async () => refusals,
        (n) => n >= 2,
        { what: 'the failing projection was retried' },
      );
      // The failing stream's records from revision 3 on stay uncommitted (at least 7 of them).
      expect(await lag()).toBeGreaterThanOrEqual(7);
      expect(failing.seen.get(units[0]!)).toEqual(revisions(3));

      broken = false;
      await eventually(lag, (n) => n === 0, { what: 'every record committed' });
      // The failing stream resumed where it stopped: what came before the failure was committed with it.
      expect(failing.seen.get(units[0]!)).toEqual(revisions(10));
      // Records of the batch after the failure came back to both projections (the guards make that harmless
      // in a real one): every revision arrived, and each delivery went on in order without a gap.
      for (const seen of [failing.seen.get(units[1]!)!, ...units.map((stream) => healthy.seen.get(stream)!)]) expect(inOrderAllOf(seen, 10)).toBe(true);
    } finally {
      await projector.stop();
    }
  });
});
