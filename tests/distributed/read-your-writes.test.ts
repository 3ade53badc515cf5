import type { Admin } from 'kafkajs';
import { CHECKPOINTS } from '../../kernel/projections/projection';
import type { CheckpointDoc } from '../../adapters/kafka/checkpoints';
import { KafkaProjector } from '../../adapters/kafka/kafka-projector';
import { KafkaReadSide } from '../../adapters/kafka/kafka-read-side';
import { SafePositionTracker } from '../../adapters/kafka/safe-position';
import type { RecordedEvent } from '../../kernel/ports/event-store';
import { Deferred } from '../contract/deferred';
import { countingProjection } from './support/counting-projection';
import { eventually } from '../support/eventually';
import { CATEGORIES, createPipeline, streams, type Pipeline } from './support/pipeline';

/**
 * Read-your-writes in distributed mode: a query asking for position P must wait until EVERY event <= P is in
 * the read models. Kafka orders per partition only, so "the highest position a projection applied" can pass
 * P while P itself still waits on another partition; the safe position (adapters/kafka/safe-position.ts) may not.
 */
describe('read-your-writes over Kafka partitions: the safe position', () => {
  let pipeline: Pipeline;
  const running: { stop(): Promise<void> }[] = [];

  beforeEach(async () => {
    pipeline = await createPipeline('ryw');
  });

  afterEach(async () => {
    for (const component of running.splice(0).reverse()) await component.stop().catch(() => undefined);
    await pipeline.cleanup();
  });

  const checkpoint = async () => (await pipeline.store.collection<CheckpointDoc>(CHECKPOINTS).findOne({ _id: pipeline.projectionName })) ?? undefined;

  /** The pieces of a projector host, over the pipeline's topics, group and relay. */
  const host = (beforeApply?: (event: RecordedEvent) => Promise<void>) => {
    const projection = countingProjection(pipeline.projectionName, beforeApply);
    const tracker = new SafePositionTracker({
      kafka: pipeline.kafka,
      store: pipeline.store,
      relayName: `relay-${pipeline.runId}`,
      groups: [{ projection: projection.name, groupId: pipeline.groupId, topics: pipeline.topics }],
      intervalMs: 50,
    });
    const projector = () => {
      const p = new KafkaProjector({
        kafka: pipeline.kafka,
        store: pipeline.store,
        members: [{ projection, categories: [...CATEGORIES] }],
        groupId: pipeline.groupId,
        topicPrefix: pipeline.topicPrefix,
        sessionTimeout: 6_000,
        rebalanceTimeout: 8_000,
        onCommitted: () => tracker.nudge(),
      });
      running.push(p);
      return p;
    };
    // What an API process runs: no relay, no projector, only the wait on the safe positions.
    const api = new KafkaReadSide({
      events: pipeline.events,
      store: pipeline.store,
      kafka: pipeline.kafka,
      projections: [projection],
      topicPrefix: pipeline.topicPrefix,
      groupPrefix: 'unused.',
      partitions: 3,
      relayName: `relay-${pipeline.runId}`,
      runRelay: false,
      runProjectors: false,
      defaultCategories: [],
      log: () => undefined,
    });
    running.push(tracker);
    return { tracker, projector, api };
  };

  it('an event held on one partition keeps the safe position below it, although later events on other partitions are applied', async () => {
    const held = new Deferred<void>();
    const holding = new Deferred<void>();
    const heldStream = `unit-${pipeline.runId}-held`;
    const { tracker, projector, api } = host(async (event) => {
      if (event.streamId !== heldStream) return;
      holding.resolve();
      await held.promise;
    });
    // Two members of one group: each owns some of the six partitions (two topics x 3).
    const [a, b] = [projector(), projector()];
    await a.start();
    await b.start();
    const admin: Admin = pipeline.kafka.admin();
    await admin.connect();
    try {
      await eventually(
        async () => (await admin.describeGroups([pipeline.groupId])).groups[0],
        (g) => g.state === 'Stable' && g.members.length === 2,
        { what: 'both members to share the partitions' },
      );
    } finally {
      await admin.disconnect();
    }
    await pipeline.relay().start();
    await tracker.start();

    await pipeline.append([heldStream], 1);
    const p = await pipeline.events.headPosition();
    await holding.promise;
    // Later events on many streams: some land on partitions of the member that is not stuck.
    await pipeline.append([...streams('unit', 8, pipeline.runId), ...streams('project', 8, pipeline.runId)], 1);
    const head = await pipeline.events.headPosition();
    await pipeline.waitForRelay();
    await eventually(checkpoint, (c) => (c?.position ?? 0) > p, { what: `a position above ${p} applied`, timeoutMs: 4_000 });

    // The highest position applied has passed p; the safe position has not, and a query for p waits.
    expect((await checkpoint())?.safePosition ?? 0).toBeLessThan(p);
    expect(await api.waitFor(p, 300)).toBe(false);
    expect(api.position()).toBeLessThan(p);

    held.resolve();
    expect(await api.waitFor(head, 20_000)).toBe(true);
    expect((await checkpoint())?.safePosition).toBe(head);
    expect(await pipeline.projectedCounts()).toEqual(pipeline.expectedCounts());
  });

  it('under continuous appends the safe position is never ahead of what is applied, and reaches the head once appends stop', async () => {
    // A slow projection (4 ms per event) fed about as fast as it applies: the group is mostly behind.
    const { tracker, projector } = host(() => new Promise((resolve) => setTimeout(resolve, 4)));
    await projector().start();
    await pipeline.relay().start();
    await tracker.start();
    const units = streams('unit', 6, pipeline.runId);
    // At least 3 s of appends, and on until a safe position strictly between 0 and the head has been seen
    // (bounded): a slow start of the relay or the group on a loaded machine must not decide the outcome.
    const started = Date.now();
    let intermediate = 0;
    while (Date.now() - started < 3_000 || (intermediate === 0 && Date.now() - started < 30_000)) {
      await pipeline.append(units, 1, 1);
      // Safety: read the safe position S first, then the documents; every event <= S must be in them.
      const safe = (await checkpoint())?.safePosition ?? 0;
      const projected = await pipeline.projectedCounts();
      const upToSafe = (await pipeline.events.readAll({ fromPosition: 0, limit: 100_000 })).filter((e) => e.globalPosition <= safe);
      for (const stream of units) {
        const expected = upToSafe.filter((e) => e.streamId === stream).length;
        if ((projected[stream] ?? 0) < expected)
          throw new Error(`safe position ${safe} is ahead of ${stream}: ${projected[stream] ?? 0} < ${expected} applied`);
      }
      if (safe > 0 && safe < (await pipeline.events.headPosition())) intermediate++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // The safe position moved while appends went on (it is not only ever 0 or the head).
    expect(intermediate).toBeGreaterThan(0);
    const head = await pipeline.events.headPosition();
    await pipeline.waitForRelay();
    await eventually(checkpoint, (c) => c?.safePosition === head, { what: `safe position ${head}`, timeoutMs: 30_000 });
    expect(await pipeline.projectedCounts()).toEqual(pipeline.expectedCounts());
  });
});
