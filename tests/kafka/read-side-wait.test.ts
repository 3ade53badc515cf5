import type { Kafka } from 'kafkajs';
import { KafkaReadSide } from '../../adapters/kafka/kafka-read-side';
import type { EventStore } from '../../kernel/ports/event-store';
import type { ReadStore } from '../../kernel/ports/read-store';
import type { Projection } from '../../kernel/projections/projection';

/**
 * The API's side of read-your-writes in distributed mode (KafkaReadSide.waitFor) over a scripted
 * `_checkpoints`: what it reads, and what wakes it. tests/distributed/read-your-writes.test.ts runs it for real.
 */
describe('KafkaReadSide.waitFor', () => {
  const projection: Projection = { name: 'p', collections: ['docs'], eventTypes: ['Counted'], categories: ['unit'], apply: async () => undefined };
  let stored: number;
  let reads: number;
  const store = {
    collection: () => ({
      find: async () => {
        reads++;
        return [{ _id: 'p', safePosition: stored }];
      },
    }),
  } as unknown as ReadStore;
  const readSide = (runProjectors: boolean, pollIntervalMs = 60_000) =>
    new KafkaReadSide({
      events: {} as EventStore,
      store,
      kafka: {} as Kafka,
      projections: [projection],
      topicPrefix: 'events.',
      groupPrefix: 'projection.',
      partitions: 3,
      relayName: 'relay',
      runRelay: false,
      runProjectors,
      defaultCategories: ['unit'],
      pollIntervalMs,
      log: () => undefined,
    });

  beforeEach(() => {
    [stored, reads] = [10, 0];
  });

  it('a position already known to be reached answers without reading again (safe positions only move forward)', async () => {
    const side = readSide(false);
    expect(await side.waitFor(5, 1_000)).toBe(true);
    expect(reads).toBe(1);
    expect(await side.waitFor(10, 1_000)).toBe(true);
    expect(reads).toBe(1);
  });

  it("a safe position this process's tracker stores wakes the waiter at once, not at the next poll", async () => {
    const side = readSide(true);
    const waiting = side.waitFor(20, 30_000); // the next poll is a minute away
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads).toBe(1);
    (side as unknown as { advanced(projection: string, position: number): void }).advanced('p', 20);
    expect(await waiting).toBe(true);
  });

  it("a wake by this process's tracker that does not reach the position reads nothing: the next read waits for the poll", async () => {
    const side = readSide(true);
    const advanced = (position: number) => (side as unknown as { advanced(projection: string, position: number): void }).advanced('p', position);
    const waiting = side.waitFor(20, 30_000);
    await new Promise((resolve) => setImmediate(resolve));
    for (const position of [12, 15, 19]) {
      advanced(position);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(reads).toBe(1);
    advanced(20);
    expect(await waiting).toBe(true);
    expect(reads).toBe(1);
  });

  it('a long wait re-reads the stored positions at doubling intervals, up to four poll intervals', async () => {
    jest.useFakeTimers();
    try {
      const side = readSide(false, 10);
      const waiting = side.waitFor(20, 1_000);
      await jest.advanceTimersByTimeAsync(1_000);
      expect(await waiting).toBe(false);
      // Reads at 0, 10, 30, then every 40 ms up to 990: 3 + 24 (a read every 10 ms would be 100).
      expect(reads).toBe(27);
    } finally {
      jest.useRealTimers();
    }
  });

  it('a position another process stores is seen at the next read', async () => {
    const side = readSide(false, 10);
    const waiting = side.waitFor(20, 5_000);
    await new Promise((resolve) => setTimeout(resolve, 30));
    stored = 20;
    expect(await waiting).toBe(true);
  });

  it('times out, answering false, when the position is never reached', async () => {
    const side = readSide(false);
    expect(await side.waitFor(20, 50)).toBe(false);
  });
});
