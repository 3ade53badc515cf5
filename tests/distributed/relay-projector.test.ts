import type { KafkaMessage } from 'kafkajs';
import type { RecordedEvent } from '../../kernel/ports/event-store';
import { eventually } from '../support/eventually';
import { createPipeline, streams, type Pipeline } from './support/pipeline';

describe('SQLite event store -> relay -> Kafka -> projector -> MongoDB', () => {
  let pipeline: Pipeline;

  beforeEach(async () => {
    pipeline = await createPipeline('e2e');
  });

  afterEach(async () => {
    await pipeline.cleanup();
  });

  it('projects every appended event exactly once into MongoDB, catching up and then live', async () => {
    const units = streams('unit', 4, pipeline.runId);
    const projects = streams('project', 2, pipeline.runId);
    await pipeline.append([...units, ...projects], 10);

    await pipeline.relay().start();
    await pipeline.projector().start();
    await pipeline.waitForProjector();
    expect(await pipeline.projectedCounts()).toEqual(pipeline.expectedCounts());

    // Live: events appended while everything runs arrive too.
    await pipeline.append(units.slice(0, 2), 7);
    await pipeline.waitForProjector();
    expect(await pipeline.projectedCounts()).toEqual(pipeline.expectedCounts());
    const totals = await pipeline.store.collection('category_totals').find({}, { sort: { _id: 1 } });
    expect(totals.map((t) => [t._id, t.events])).toEqual([
      ['project', 20],
      ['unit', 54],
    ]);
    expect(await pipeline.messagesInKafka()).toBe(74);
    expect(await pipeline.deliveries()).toBe(74);

    const checkpoint = await pipeline.store.collection('_checkpoints').findOne({ _id: pipeline.projectionName });
    expect(checkpoint?.position).toBe(await pipeline.events.headPosition());
  });

  it('an event that fails mid-batch: what came before it is kept, the rest comes back; no event twice, each stream in order', async () => {
    const units = streams('unit', 4, pipeline.runId);
    await pipeline.append(units, 20, 10);
    await pipeline.relay().start();
    await pipeline.waitForRelay();
    let attempts = 0;
    const errors: unknown[] = [];
    await pipeline
      .projector(
        (error) => errors.push(error),
        async (event) => {
          if (event.streamId === units[1] && event.revision === 7 && attempts++ === 0) throw new Error('projection failed once');
        },
      )
      .start();
    await pipeline.waitForProjector();
    expect(attempts).toBe(2); // failed, then applied when its batch came back
    // Exact counts: an event applied twice would count twice, and one applied after a later event of its
    // stream would be refused by the guard and count zero.
    expect(await pipeline.projectedCounts()).toEqual(pipeline.expectedCounts());
    const checkpoint = await pipeline.store.collection('_checkpoints').findOne({ _id: pipeline.projectionName });
    expect(checkpoint?.position).toBe(await pipeline.events.headPosition());
  });

  it('publishes to events.<category> keyed by stream id, with type, revision, position and correlation headers', async () => {
    const [stream] = streams('unit', 1, pipeline.runId);
    await pipeline.append([stream], 3, 3);
    const relay = pipeline.relay();
    await relay.start();
    await pipeline.waitForRelay();
    const consumer = pipeline.kafka.consumer({ groupId: `inspect.${pipeline.runId}`, maxWaitTimeInMs: 200 });
    const seen: KafkaMessage[] = [];
    try {
      await consumer.connect();
      await consumer.subscribe({ topics: [`${pipeline.topicPrefix}unit`], fromBeginning: true });
      await consumer.run({ eachMessage: async ({ message }) => void seen.push(message) });
      await eventually(
        async () => seen.length,
        (n) => n === 3,
        { what: 'three records on the unit topic' },
      );
    } finally {
      await consumer.disconnect();
    }
    const recorded = await pipeline.events.readStream(stream);
    const record = seen.find((m) => m.headers?.revision?.toString() === '1')!;
    expect(record.key?.toString()).toBe(stream);
    expect(Object.fromEntries(Object.entries(record.headers ?? {}).map(([k, v]) => [k, v?.toString()]))).toEqual({
      type: 'Counted',
      revision: '1',
      globalPosition: String(recorded[1].globalPosition),
      correlationId: 'corr-1',
    });
    expect(JSON.parse(record.value!.toString()) as RecordedEvent).toEqual(recorded[1]);
  });

  /**
   * How many events the projection has in hand at once: with one key for every event, a delivery's events go
   * one after another, so at most one per partition (3) is in flight; by stream (the default), up to 32.
   */
  const mostAtOnce = async (orderKey?: (event: RecordedEvent) => string) => {
    let inFlight = 0;
    let most = 0;
    await pipeline
      .projector(
        undefined,
        async () => {
          most = Math.max(most, ++inFlight);
          await new Promise((resolve) => setTimeout(resolve, 2));
          inFlight--;
        },
        orderKey,
      )
      .start();
    await pipeline.waitForProjector();
    expect(await pipeline.projectedCounts()).toEqual(pipeline.expectedCounts());
    return most;
  };

  it("a projection's orderKey applies the events of a delivery that share a key one after another, whatever their streams", async () => {
    await pipeline.append(streams('unit', 24, pipeline.runId), 5, 5);
    await pipeline.relay().start();
    await pipeline.waitForRelay();
    expect(await mostAtOnce(() => 'one card')).toBeLessThanOrEqual(3);
  });

  it('without an orderKey the streams of a delivery are applied at once (the control for the test above)', async () => {
    await pipeline.append(streams('unit', 24, pipeline.runId), 5, 5);
    await pipeline.relay().start();
    await pipeline.waitForRelay();
    expect(await mostAtOnce()).toBeGreaterThan(3);
  });
});
