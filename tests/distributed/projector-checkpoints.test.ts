import { MongoClient, type CommandStartedEvent } from 'mongodb';
import { KafkaProjector } from '../../adapters/kafka/kafka-projector';
import { MongoReadStore } from '../../adapters/mongodb/mongo-read-store';
import { CHECKPOINTS } from '../../kernel/projections/projection';
import { countingProjection } from './support/counting-projection';
import { MONGODB_URL } from './support/engines';
import { CATEGORIES, createPipeline, streams, type Pipeline } from './support/pipeline';

/**
 * What a projector asks MongoDB about its members' checkpoints: one query for all of them at its start, and no
 * write of a checkpoint this process already stored at least as high (MongoDB answers such a guarded upsert with a
 * duplicate key, which costs the write-behind queue a read to tell from a real collision).
 */
describe('projector checkpoints on MongoDB', () => {
  let pipeline: Pipeline;
  let client: MongoClient;
  let sent: string[];

  beforeEach(async () => {
    pipeline = await createPipeline('checkpoints');
    client = await MongoClient.connect(MONGODB_URL, { monitorCommands: true });
    sent = [];
    client.on('commandStarted', (e: CommandStartedEvent) => {
      if (e.command[e.commandName] === CHECKPOINTS) sent.push(e.commandName);
    });
  });

  afterEach(async () => {
    await pipeline.cleanup();
    await client.close();
  });

  const projectorOf = (names: readonly string[]) =>
    new KafkaProjector({
      kafka: pipeline.kafka,
      // The pipeline's database through a client that reports the commands it sends.
      store: new MongoReadStore(client.db(pipeline.db.databaseName)),
      members: names.map((name) => ({ projection: countingProjection(name), categories: [...CATEGORIES] })),
      groupId: pipeline.groupId,
      topicPrefix: pipeline.topicPrefix,
      sessionTimeout: 6_000,
      rebalanceTimeout: 8_000,
    });

  it("reads every member's checkpoint in one query at its start, each where it was stored", async () => {
    const names = ['first', 'second', 'third'].map((n) => `${n}-${pipeline.runId}`);
    await pipeline.store.collection(CHECKPOINTS).insertOne({ _id: names[1], position: 7, updatedAt: '2026-12-02T00:00:00.000Z' });
    const projector = projectorOf(names);
    try {
      await projector.start();
      expect(sent).toEqual(['find']);
      expect(names.map((name) => projector.positionOf(name))).toEqual([0, 7, 0]);
    } finally {
      await projector.stop();
    }
  });

  it('writes no checkpoint at or below the one it read at its start, while still applying every event', async () => {
    const units = streams('unit', 6, pipeline.runId);
    await pipeline.append(units, 10);
    const head = await pipeline.events.headPosition();
    // Stored as far as the head already (another process's projector of this group got there first).
    const name = pipeline.projectionName;
    await pipeline.store.collection(CHECKPOINTS).insertOne({ _id: name, position: head, updatedAt: '2026-12-02T00:00:00.000Z' });
    await pipeline.relay().start();
    const projector = projectorOf([name]);
    try {
      await projector.start();
      await pipeline.waitForProjector();
      expect(sent).toEqual(['find']);
      expect(projector.positionOf(name)).toBe(head);
      expect(await pipeline.projectedCounts()).toEqual(pipeline.expectedCounts());
    } finally {
      await projector.stop();
    }
  });
});
