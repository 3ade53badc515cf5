import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kafka } from 'kafkajs';
import { SqliteReadStore } from '../../adapters/embedded/sqlite-read-store';
import { advanceCheckpoint, type CheckpointDoc } from '../../adapters/kafka/checkpoints';
import { RELAY_CHECKPOINTS } from '../../adapters/kafka/event-relay';
import { SafePositionTracker } from '../../adapters/kafka/safe-position';
import { CHECKPOINTS } from '../../application/projections/projection';

/**
 * The safe position's rule, step by step, over a scripted Kafka (high watermarks and committed offsets)
 * and a real read store. tests/distributed/read-your-writes.test.ts runs it against a real broker.
 */
describe('SafePositionTracker', () => {
  let dir: string;
  let store: SqliteReadStore;
  // What the scripted Kafka answers: per partition of topic t, its high watermark and the group's committed offset.
  let ends: number[];
  let committed: number[];
  let tracker: SafePositionTracker;
  const calls: string[] = [];

  const kafka = {
    admin: () => ({
      connect: async () => undefined,
      disconnect: async () => undefined,
      fetchTopicOffsets: async (topic: string) => {
        calls.push(`ends ${topic}`);
        return ends.map((high, partition) => ({ partition, offset: String(high), high: String(high), low: '0' }));
      },
      fetchOffsets: async ({ groupId }: { groupId: string }) => {
        calls.push(`offsets ${groupId}`);
        return [{ topic: 't', partitions: committed.map((offset, partition) => ({ partition, offset: String(offset), metadata: null })) }];
      },
    }),
  } as unknown as Kafka;

  const safe = async () => (await store.collection<CheckpointDoc>(CHECKPOINTS).findOne({ _id: 'p' }))?.safePosition ?? 0;
  const relayAt = (position: number) => advanceCheckpoint(store, RELAY_CHECKPOINTS, 'relay', position);
  /** One check, run to completion (nudge, then wait until the tracker is idle again). */
  const check = async () => {
    tracker.nudge();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await (tracker as unknown as { running?: Promise<void> }).running;
  };

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safe-position-'));
    store = SqliteReadStore.open(path.join(dir, 'read.sqlite'));
    calls.length = 0;
    tracker = new SafePositionTracker({ kafka, store, relayName: 'relay', groups: [{ projection: 'p', groupId: 'g', topics: ['t'] }], intervalMs: 60_000 });
    await tracker.start();
    await (tracker as unknown as { running?: Promise<void> }).running;
  });

  afterEach(async () => {
    await tracker.stop();
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('zero lag on every partition after reading the relay checkpoint R: R is safe', async () => {
    await relayAt(10);
    [ends, committed] = [
      [4, 3, 0],
      [4, 3, -1],
    ];
    await check();
    expect(await safe()).toBe(10);
  });

  it('one partition behind: not safe, whatever the others applied', async () => {
    await relayAt(10);
    [ends, committed] = [
      [4, 3, 2],
      [4, 3, 1],
    ];
    await check();
    expect(await safe()).toBe(0);
  });

  it('never at zero lag: a snapshot (R, watermarks) becomes safe once the committed offsets pass its watermarks', async () => {
    await relayAt(10);
    [ends, committed] = [
      [5, 5],
      [3, 5],
    ];
    await check(); // snapshot (10, [5, 5]); lag 2
    expect(await safe()).toBe(0);
    await relayAt(20);
    [ends, committed] = [
      [9, 8],
      [6, 5],
    ];
    await check(); // committed [6, 5] >= [5, 5]: 10 is safe; snapshot (20, [9, 8]); lag 3 + 3
    expect(await safe()).toBe(10);
    await relayAt(30);
    [ends, committed] = [
      [12, 12],
      [9, 9],
    ];
    await check(); // [9, 9] >= [9, 8]: 20 is safe; still behind 30
    expect(await safe()).toBe(20);
    [ends, committed] = [
      [12, 12],
      [12, 12],
    ];
    await check();
    expect(await safe()).toBe(30);
  });

  it('asks Kafka nothing while the safe position is already at the relay checkpoint', async () => {
    await relayAt(10);
    [ends, committed] = [[1], [1]];
    await check();
    calls.length = 0;
    await check();
    expect(calls).toEqual([]);
    expect(await safe()).toBe(10);
  });

  it('a group whose topics received nothing since its offsets last reached them is not asked again', async () => {
    await relayAt(10);
    [ends, committed] = [
      [4, 3],
      [4, 3],
    ];
    await check();
    expect(await safe()).toBe(10);
    // The relay published to another category only: same watermarks here, no need for the group's offsets.
    await relayAt(20);
    calls.length = 0;
    await check();
    expect(calls).toEqual(['ends t']);
    expect(await safe()).toBe(20);
    // Its topic moved: the group is asked again, and holds the position until it has applied the new record.
    await relayAt(30);
    [ends, committed] = [
      [5, 3],
      [4, 3],
    ];
    calls.length = 0;
    await check();
    expect(calls).toEqual(['ends t', 'offsets g']);
    expect(await safe()).toBe(20);
  });

  it("after this process's projector committed, the relay checkpoint unchanged: safe without asking Kafka anything", async () => {
    await relayAt(10);
    [ends, committed] = [
      [4, 3],
      [2, 3],
    ];
    await check(); // the check after the relay's publish: partition 0 behind
    expect(await safe()).toBe(0);
    tracker.noteCommitted('p', 't', 0, 4); // the projector's commit, then its nudge
    calls.length = 0;
    await check();
    expect(calls).toEqual([]); // the watermarks read for R = 10 still cover it; the committed offsets are known
    expect(await safe()).toBe(10);
  });

  it("after this process's relay published to other topics only, the watermarks read before still serve: no Kafka request", async () => {
    await relayAt(10);
    [ends, committed] = [
      [4, 3],
      [4, 3],
    ];
    await check();
    expect(await safe()).toBe(10);
    // Events 11..20 went to topic u only (the relay tells so): t's watermarks read for 10 cover 20.
    await relayAt(20);
    tracker.notePublished(10, 20, ['u']);
    calls.length = 0;
    await check();
    expect(calls).toEqual([]);
    expect(await safe()).toBe(20);
    // Events 21..30 went to t: its watermarks are read again, and the group's new record holds the position.
    await relayAt(30);
    tracker.notePublished(20, 30, ['t']);
    [ends, committed] = [
      [5, 3],
      [4, 3],
    ];
    calls.length = 0;
    await check();
    expect(calls).toEqual(['ends t', 'offsets g']);
    expect(await safe()).toBe(20);
    // A range this process did not publish (another relay process, or a gap): everything is read again.
    await relayAt(40);
    [ends, committed] = [
      [5, 3],
      [5, 3],
    ];
    calls.length = 0;
    await check();
    expect(calls).toEqual(['ends t', 'offsets g']);
    expect(await safe()).toBe(40);
  });

  it('tells of each position it stored, so waiters in the process wake at once', async () => {
    const told: [string, number][] = [];
    await tracker.stop();
    tracker = new SafePositionTracker({
      kafka,
      store,
      relayName: 'relay',
      groups: [{ projection: 'p', groupId: 'g', topics: ['t'] }],
      intervalMs: 60_000,
      onAdvanced: (projection, position) => told.push([projection, position]),
    });
    await tracker.start();
    await (tracker as unknown as { running?: Promise<void> }).running;
    await relayAt(10);
    [ends, committed] = [[4], [4]];
    await check();
    expect(told).toEqual([['p', 10]]);
    expect(await safe()).toBe(10);
  });

  it('never moves back, even if another process wrote a higher safe position', async () => {
    await store.collection<CheckpointDoc>(CHECKPOINTS).insertOne({ _id: 'p', safePosition: 50, updatedAt: '' });
    await relayAt(40);
    [ends, committed] = [[1], [1]];
    await check();
    expect(await safe()).toBe(50);
  });
});
