import { KafkaProjector } from '../../adapters/kafka/kafka-projector';
import type { RecordedEvent } from '../../kernel/ports/event-store';
import type { Projection } from '../../kernel/projections/projection';
import { counted, createPipeline, streams, type Pipeline } from './support/pipeline';

/**
 * A projector catching up a backlog gets a partition's records in batches of up to 8 MiB, not kafkajs's default 1 MiB:
 * kafkajs fetches again only once the batches of the fetch before are handled, so each smaller round waited on the last.
 */
describe('projector fetch size', () => {
  let pipeline: Pipeline;
  beforeEach(async () => {
    pipeline = await createPipeline('fetch-size');
  });
  afterEach(async () => {
    await pipeline.cleanup();
  });

  /** ~2.5 MB on one stream, so on one partition: 500 events of ~5 KB. */
  const backlog = async (stream: string) => {
    const event = (n: number) => counted(n, { note: 'x'.repeat(5_000) });
    for (let n = 0; n < 500; n += 50)
      await pipeline.events.append(
        stream,
        Array.from({ length: 50 }, (_, i) => event(n + i)),
        n === 0 ? 'no_stream' : n - 1,
      );
  };

  const run = async (maxBytesPerPartition?: number) => {
    const seen: number[] = [];
    const member: Projection = {
      name: 'sizes',
      collections: [],
      eventTypes: ['Counted'],
      async apply(event: RecordedEvent) {
        seen.push(event.revision);
      },
    };
    const batches: number[] = [];
    const projector = new KafkaProjector({
      kafka: pipeline.kafka,
      store: pipeline.store,
      members: [{ projection: member, categories: ['unit'] }],
      groupId: `${pipeline.groupId}-${maxBytesPerPartition ?? 'default'}`,
      topicPrefix: pipeline.topicPrefix,
      ...(maxBytesPerPartition !== undefined && { maxBytesPerPartition }),
      onCommitted: ({ offset }) => batches.push(offset),
    });
    await projector.start();
    try {
      const deadline = Date.now() + 30_000;
      while (seen.length < 500 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await projector.stop();
    }
    return { seen, batches };
  };

  it("brings a 2.5 MB backlog of one partition in one batch; with kafkajs's 1 MiB it took several", async () => {
    const [stream] = streams('unit', 1, pipeline.runId);
    await backlog(stream!);
    await pipeline.relay().start();
    await pipeline.waitForRelay();

    const defaults = await run();
    expect(defaults.seen).toEqual(Array.from({ length: 500 }, (_, i) => i));
    expect(defaults.batches).toEqual([500]);

    const small = await run(1024 * 1024);
    expect(small.seen).toEqual(Array.from({ length: 500 }, (_, i) => i));
    expect(small.batches.length).toBeGreaterThanOrEqual(3);
  });
});
