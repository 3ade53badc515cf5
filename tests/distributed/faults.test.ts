import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { RELAY_CHECKPOINTS } from '../../adapters/kafka/event-relay';
import type { Document, DocumentCollection, ReadStore } from '../../application/ports/read-store';
import { engines, KAFKA_BROKERS, localEngines, MONGODB_URL, reachable } from './support/engines';
import { eventually } from './support/eventually';
import { CATEGORIES, createPipeline, streams, type Pipeline } from './support/pipeline';

const REPO_ROOT = path.resolve(__dirname, '../..');
const describeLocal = localEngines() ? describe : describe.skip;
if (!localEngines()) console.warn('[distributed] fault tests SKIPPED: they stop and start the local Kafka of engines/up.sh');

describeLocal('faults: at-least-once delivery, exactly-once effect', () => {
  let pipeline: Pipeline;

  beforeEach(async () => {
    pipeline = await createPipeline('faults');
  });

  afterEach(async () => {
    // A failed test must not leave the next one without a broker.
    if (!(await reachable(KAFKA_BROKERS))) await engines('up', 'kafka');
    await pipeline.cleanup();
  });

  it('Kafka stopped mid-stream and started again: the projection catches up, nothing lost, nothing applied twice', async () => {
    const units = streams('unit', 6, pipeline.runId);
    const projects = streams('project', 2, pipeline.runId);
    const relayErrors: unknown[] = [];
    await pipeline.relay({ onError: (e) => relayErrors.push(e) }).start();
    await pipeline.projector().start();

    await pipeline.append([...units, ...projects], 10);
    await eventually(
      () => pipeline.deliveries(),
      (n) => n > 0,
      { what: 'first events projected' },
    );

    await engines('down', 'kafka');
    // Written while the broker is away: the relay keeps failing and retrying, the events wait in the store.
    await pipeline.append([...units, ...projects], 15);
    await eventually(
      async () => relayErrors.length,
      (n) => n > 0,
      { what: 'the relay to notice the broker is gone' },
    );
    await engines('up', 'kafka');

    await pipeline.waitForProjector();
    expect(await pipeline.projectedCounts()).toEqual(pipeline.expectedCounts());
    expect(Object.values(pipeline.expectedCounts())).toEqual(Array(8).fill(25));
    const totals = await pipeline.store.collection('category_totals').find({}, { sort: { _id: 1 } });
    expect(totals.map((t) => [t._id, t.events])).toEqual([
      ['project', 50],
      ['unit', 150],
    ]);
  });

  it('projector killed mid-batch, a new member of the same group takes over: redelivery changes no document', async () => {
    const units = streams('unit', 4, pipeline.runId);
    await pipeline.append(units, 30, 10);
    await pipeline.relay().start();
    await pipeline.waitForRelay();

    // The doomed projector applies 25 events, then hangs inside the next apply, its batch uncommitted.
    const doomed = spawnProjector(pipeline, 25);
    const exited = new Promise((resolve) => doomed.once('exit', resolve));
    try {
      const marker = await eventually(
        () => pipeline.store.collection('markers').findOne({ _id: 'hung' }),
        (found) => found !== null,
        { what: 'the doomed projector to hang mid-batch' },
      );
      expect(marker?.pid).toBe(doomed.pid); // the process we kill is the one consuming
      // Streams are applied concurrently: the 25 applies that passed before the hang may still be writing.
      await eventually(
        async () => [Object.values(await pipeline.projectedCounts()).reduce((a, b) => a + b, 0), await pipeline.deliveries()],
        ([projected, delivered]) => projected === 25 && delivered === 25,
        { what: 'the 25 applies before the hang to finish their writes' },
      );
    } finally {
      doomed.kill('SIGKILL');
      await exited;
    }

    await pipeline.projector().start();
    await pipeline.waitForProjector();
    expect(await pipeline.projectedCounts()).toEqual(pipeline.expectedCounts());
    // Its 25 writes were never committed to Kafka, so they were delivered again: 120 events, 145 deliveries.
    expect(await pipeline.deliveries()).toBe(120 + 25);
  });

  it('relay stopped and started again: resumes from its checkpoint, no gap and no duplicate', async () => {
    const units = streams('unit', 3, pipeline.runId);
    const projects = streams('project', 3, pipeline.runId);
    const first = pipeline.relay();
    await first.start();
    await pipeline.append([...units, ...projects], 10);
    await pipeline.waitForRelay();
    await first.stop();
    const checkpoint = await pipeline.relayCheckpoint();
    expect(checkpoint).toBe(await pipeline.events.headPosition());

    await pipeline.append([...units, ...projects], 6);
    await pipeline.relay().start();
    await pipeline.projector().start();
    await pipeline.waitForProjector();
    expect(await pipeline.messagesInKafka()).toBe(6 * 16);
    expect(await pipeline.projectedCounts()).toEqual(pipeline.expectedCounts());
  });

  it('relay crashed after Kafka acknowledged but before its checkpoint: republishes (at least once), same documents', async () => {
    const units = streams('unit', 4, pipeline.runId);
    await pipeline.append(units, 10);
    await pipeline.projector().start();

    // The first relay's checkpoint writes fail, as if it died right after Kafka's acknowledgement.
    const crashed = pipeline.relay({ store: failingCheckpoints(pipeline.store) });
    await crashed.start();
    await eventually(
      () => pipeline.messagesInKafka(),
      (n) => n >= 40,
      { what: 'the first relay to publish' },
    );
    await crashed.stop();
    expect(await pipeline.relayCheckpoint()).toBe(0);

    await pipeline.relay().start();
    await pipeline.waitForProjector();
    expect(await pipeline.messagesInKafka()).toBeGreaterThan(40);
    expect(await pipeline.projectedCounts()).toEqual(pipeline.expectedCounts());
    expect(await pipeline.deliveries()).toBeGreaterThan(40);
  });
});

function spawnProjector(pipeline: Pipeline, hangAfter: number): ChildProcess {
  // `node --import tsx`, not the tsx binary: that one forks, and SIGKILL must reach the process that consumes.
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/distributed/support/projector-process.ts'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      KAFKA_BROKERS,
      MONGODB_URL,
      KAFKAJS_LOG_LEVEL: process.env.KAFKAJS_LOG_LEVEL ?? 'NOTHING',
      DB_NAME: pipeline.db.databaseName,
      PROJECTION: pipeline.projectionName,
      GROUP_ID: pipeline.groupId,
      TOPIC_PREFIX: pipeline.topicPrefix,
      CATEGORIES: CATEGORIES.join(','),
      HANG_AFTER: String(hangAfter),
    },
  });
  return child;
}

/** The same store, except that writes to the relay's checkpoint collection fail. */
function failingCheckpoints(store: ReadStore): ReadStore {
  return {
    collection: <T extends Document = Document>(name: string): DocumentCollection<T> => {
      const collection = store.collection<T>(name);
      if (name !== RELAY_CHECKPOINTS) return collection;
      return Object.assign(Object.create(collection) as DocumentCollection<T>, {
        updateOne: async () => {
          throw new Error('relay crashed before writing its checkpoint');
        },
      });
    },
    listCollections: () => store.listCollections(),
    dropCollection: (n) => store.dropCollection(n),
    renameCollection: (a, b) => store.renameCollection(a, b),
    close: () => store.close(),
  };
}
