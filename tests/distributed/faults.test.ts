import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RELAY_CHECKPOINTS } from '../../adapters/kafka/event-relay';
import type { Document, DocumentCollection, ReadStore } from '../../kernel/ports/read-store';
import { engines, KAFKA_BROKERS, localEngines, MONGODB_URL, reachable } from './support/engines';
import { eventually } from '../support/eventually';
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

/**
 * A CI run stopped because Kafka's broker could not bind its port: a client connection had been given it as its local
 * port. Such a socket does not listen, so up.sh's "port taken" check cannot see it. Here one is made on purpose, bound
 * without SO_REUSEADDR as most clients' are (support/HoldPort.java: Node's own sockets set it, and Kafka would then
 * bind beside them). A Kafka of its own (own directory and ports, the jars shared): the suite's broker port has
 * TIME_WAIT sockets of its past clients, over which such a bind is refused.
 */
describeLocal('engines/up.sh: the broker port held by a socket that does not listen', () => {
  const port = 19192;
  let dir: string;
  let holder: ChildProcess | undefined;
  const env = () => ({ ENGINES_DIR: dir, KAFKA_PORT: String(port), KAFKA_CONTROLLER_PORT: String(port + 1) });

  const holdPort = () =>
    new Promise<ChildProcess>((resolve, reject) => {
      const child = spawn('java', [path.join(__dirname, 'support', 'HoldPort.java'), '127.0.0.1', String(port)], { stdio: ['pipe', 'pipe', 'inherit'] });
      child.stdout!.once('data', (line: Buffer) => (String(line).startsWith('held') ? resolve(child) : reject(new Error(String(line)))));
      child.once('exit', (code) => reject(new Error(`HoldPort exited (${code})`)));
    });
  const letGo = () => holder?.stdin?.end();

  /** engines/up.sh or down.sh for this Kafka, its stderr as it comes (`onLine`), its exit code and whole stderr. */
  const script = (name: 'up' | 'down', extra: Record<string, string> = {}, onLine: (line: string) => void = () => undefined) =>
    new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn('bash', [path.join(REPO_ROOT, 'engines', `${name}.sh`), 'kafka'], { cwd: REPO_ROOT, env: { ...process.env, ...env(), ...extra } });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        for (const line of chunk.toString().split('\n')) if (line) onLine(line);
      });
      child.on('close', (code) => resolve({ code, stderr }));
    });

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engines-bind-'));
    for (const shared of ['lib', 'classes'])
      fs.symlinkSync(path.join(process.env.ENGINES_DIR ?? path.join(REPO_ROOT, '.engines'), shared), path.join(dir, shared));
    holder = await holdPort();
  });

  afterEach(async () => {
    letGo();
    await script('down');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('starts Kafka again once the port is let go, and Kafka then answers', async () => {
    const { code, stderr } = await script('up', {}, (line) => {
      // The first attempt failed on the held port: let it go, as a short-lived connection would.
      if (line.includes('could not bind a port (attempt 1 of 3)')) letGo();
    });
    expect(stderr).toContain('could not bind a port (attempt 1 of 3): starting it again');
    expect(code).toBe(0);
    expect(await reachable(`127.0.0.1:${port}`)).toBe(true);
  }, 120_000);

  it('held through every attempt: fails, printing the cause from the log rather than its shutdown lines only', async () => {
    const { code, stderr } = await script('up', { ENGINES_BIND_ATTEMPTS: '1' });
    expect(code).not.toBe(0);
    expect(stderr).toContain(`Socket server failed to bind to 127.0.0.1:${port}: Address already in use`);
    expect(stderr).toContain('kafka exited during start-up');
  }, 120_000);
});

/** The same store, except that writes to the relay's checkpoint collection fail. */
function failingCheckpoints(store: ReadStore): ReadStore {
  return {
    collection: <T extends Document = Document>(name: string): DocumentCollection<T> => {
      const collection = store.collection<T>(name);
      if (name !== RELAY_CHECKPOINTS) return collection;
      const crash = async () => {
        throw new Error('relay crashed before writing its checkpoint');
      };
      return Object.assign(Object.create(collection) as DocumentCollection<T>, { updateOne: crash, upsertIfNewer: crash });
    },
    listCollections: () => store.listCollections(),
    dropCollection: (n) => store.dropCollection(n),
    renameCollection: (a, b) => store.renameCollection(a, b),
    batch: () => Promise.reject(new Error('the relay writes no batch')),
    purgeDeletedBytes: () => store.purgeDeletedBytes(),
    close: () => store.close(),
  };
}
