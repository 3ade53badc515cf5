import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kafka } from 'kafkajs';
import { SqliteReadStore } from '../../adapters/embedded/sqlite-read-store';
import { advanceCheckpoint, type CheckpointDoc } from '../../adapters/kafka/checkpoints';
import { RELAY_CHECKPOINTS } from '../../adapters/kafka/event-relay';
import { SafePositionTracker } from '../../adapters/kafka/safe-position';
import { CHECKPOINTS } from '../../kernel/projections/projection';

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
  const idle = () => (tracker as unknown as { running?: Promise<void> }).running;
  /** One check, run to completion (nudge, then wait until the tracker is idle again). */
  const check = async () => {
    tracker.nudge();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await idle();
  };
  /**
   * The relay checkpoint moves to `relay` and Kafka shows `ends` and `committed` (each only if given), then one
   * check: what Kafka was asked during it, and the safe position after it.
   */
  const checkAfter = async (change: { relay?: number; ends?: number[]; committed?: number[] } = {}) => {
    if (change.relay !== undefined) await relayAt(change.relay);
    if (change.ends) ends = change.ends;
    if (change.committed) committed = change.committed;
    calls.length = 0;
    await check();
    return { asked: [...calls], safe: await safe() };
  };
  const startTracker = async (onAdvanced?: (projection: string, position: number) => void, projections = ['p']) => {
    tracker = new SafePositionTracker({
      kafka,
      store,
      relayName: 'relay',
      groups: projections.map((projection) => ({ projection, groupId: 'g', topics: ['t'] })),
      intervalMs: 60_000,
      onAdvanced,
    });
    await tracker.start();
    await idle();
  };

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safe-position-'));
    store = SqliteReadStore.open(path.join(dir, 'read.sqlite'));
    calls.length = 0;
    await startTracker();
  });

  afterEach(async () => {
    await tracker.stop();
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('zero lag on every partition after reading the relay checkpoint R: R is safe', async () => {
    expect((await checkAfter({ relay: 10, ends: [4, 3, 0], committed: [4, 3, -1] })).safe).toBe(10);
  });

  it('one partition behind: not safe, whatever the others applied', async () => {
    expect((await checkAfter({ relay: 10, ends: [4, 3, 2], committed: [4, 3, 1] })).safe).toBe(0);
  });

  it('never at zero lag: a snapshot (R, watermarks) becomes safe once the committed offsets pass its watermarks', async () => {
    // snapshot (10, [5, 5]); lag 2
    expect((await checkAfter({ relay: 10, ends: [5, 5], committed: [3, 5] })).safe).toBe(0);
    // committed [6, 5] >= [5, 5]: 10 is safe; snapshot (20, [9, 8]); lag 3 + 3
    expect((await checkAfter({ relay: 20, ends: [9, 8], committed: [6, 5] })).safe).toBe(10);
    // [9, 9] >= [9, 8]: 20 is safe; still behind 30
    expect((await checkAfter({ relay: 30, ends: [12, 12], committed: [9, 9] })).safe).toBe(20);
    expect((await checkAfter({ committed: [12, 12] })).safe).toBe(30);
  });

  it('asks Kafka nothing while the safe position is already at the relay checkpoint', async () => {
    await checkAfter({ relay: 10, ends: [1], committed: [1] });
    expect(await checkAfter()).toEqual({ asked: [], safe: 10 });
  });

  it('a group whose topics received nothing since its offsets last reached them is not asked again', async () => {
    expect((await checkAfter({ relay: 10, ends: [4, 3], committed: [4, 3] })).safe).toBe(10);
    // The relay published to another category only: same watermarks here, no need for the group's offsets.
    expect(await checkAfter({ relay: 20 })).toEqual({ asked: ['ends t'], safe: 20 });
    // Its topic moved: the group is asked again, and holds the position until it has applied the new record.
    expect(await checkAfter({ relay: 30, ends: [5, 3], committed: [4, 3] })).toEqual({ asked: ['ends t', 'offsets g'], safe: 20 });
  });

  it("after this process's projector committed, the relay checkpoint unchanged: safe without asking Kafka anything", async () => {
    // the check after the relay's publish: partition 0 behind
    expect((await checkAfter({ relay: 10, ends: [4, 3], committed: [2, 3] })).safe).toBe(0);
    tracker.noteCommitted('p', 't', 0, 4); // the projector's commit, then its nudge
    // the watermarks read for R = 10 still cover it; the committed offsets are known
    expect(await checkAfter()).toEqual({ asked: [], safe: 10 });
  });

  it("after this process's relay published to other topics only, the watermarks read before still serve: no Kafka request", async () => {
    expect((await checkAfter({ relay: 10, ends: [4, 3], committed: [4, 3] })).safe).toBe(10);
    // Events 11..20 went to topic u only (the relay tells so): t's watermarks read for 10 cover 20.
    await relayAt(20);
    tracker.notePublished(10, 20, ['u']);
    expect(await checkAfter()).toEqual({ asked: [], safe: 20 });
    // Events 21..30 went to t: its watermarks are read again, and the group's new record holds the position.
    await relayAt(30);
    tracker.notePublished(20, 30, ['t']);
    expect(await checkAfter({ ends: [5, 3], committed: [4, 3] })).toEqual({ asked: ['ends t', 'offsets g'], safe: 20 });
    // A range this process did not publish (another relay process, or a gap): everything is read again.
    expect(await checkAfter({ relay: 40, ends: [5, 3], committed: [5, 3] })).toEqual({ asked: ['ends t', 'offsets g'], safe: 40 });
  });

  it('tells of each position it stored, so waiters in the process wake at once', async () => {
    const told: [string, number][] = [];
    await tracker.stop();
    await startTracker((projection, position) => told.push([projection, position]));
    expect((await checkAfter({ relay: 10, ends: [4], committed: [4] })).safe).toBe(10);
    expect(told).toEqual([['p', 10]]);
  });

  it('tells the waiters in the process before it writes the position for the others, and writes it again after a failed write', async () => {
    const told: number[] = [];
    await tracker.stop();
    await startTracker((_, position) => told.push(position));
    const batch = store.batch.bind(store);
    let failWrites = true;
    jest.spyOn(store, 'batch').mockImplementation((async (work: Parameters<typeof store.batch>[0]) => {
      if (failWrites) throw new Error('store unreachable');
      return batch(work);
    }) as typeof store.batch);
    expect((await checkAfter({ relay: 10, ends: [4], committed: [4] })).safe).toBe(0);
    expect(told).toEqual([10]);
    failWrites = false;
    expect((await checkAfter()).safe).toBe(10);
    jest.restoreAllMocks();
  });

  it('projections fed by one consumer group cost one request for its offsets per check, not one each', async () => {
    await tracker.stop();
    await startTracker(undefined, ['p', 'q']);
    expect(await checkAfter({ relay: 10, ends: [4, 3], committed: [4, 2] })).toEqual({ asked: ['ends t', 'offsets g'], safe: 0 });
    expect(await checkAfter({ committed: [4, 3] })).toEqual({ asked: ['offsets g'], safe: 10 });
    expect(tracker.positionOf('q')).toBe(10);
  });

  it('the safe positions one check moved are written together, in one batch of the store', async () => {
    await tracker.stop();
    await startTracker(undefined, ['p', 'q', 'r']);
    const batches = jest.spyOn(store, 'batch');
    expect((await checkAfter({ relay: 10, ends: [4], committed: [4] })).safe).toBe(10);
    expect(batches).toHaveBeenCalledTimes(1);
    const stored = await store.collection<CheckpointDoc>(CHECKPOINTS).find({ _id: { $in: ['p', 'q', 'r'] } }, { sort: { _id: 1 } });
    expect(stored.map((doc) => [doc._id, doc.safePosition])).toEqual([
      ['p', 10],
      ['q', 10],
      ['r', 10],
    ]);
    jest.restoreAllMocks();
  });

  it('never moves back, even if another process wrote a higher safe position', async () => {
    await store.collection<CheckpointDoc>(CHECKPOINTS).insertOne({ _id: 'p', safePosition: 50, updatedAt: '' });
    expect((await checkAfter({ relay: 40, ends: [1], committed: [1] })).safe).toBe(50);
  });
});
