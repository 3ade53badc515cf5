import { randomUUID } from 'node:crypto';
import { WrongExpectedRevisionError, type EventStore, type EventToAppend, type RecordedEvent, type Subscription } from '../../kernel/ports/event-store';
import { Deferred } from './deferred';

/**
 * The EventStore port's behaviour, run against every adapter.
 * The factory may hand out a store that already holds events (an EventStoreDB server cannot be emptied
 * between tests), so every test writes to streams of its own and reads the global log from the head it saw.
 */
export function describeEventStoreContract(name: string, factory: () => Promise<{ store: EventStore; cleanup(): Promise<void> }>): void {
  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore;
    let cleanup: () => Promise<void>;
    const subscriptions: Subscription[] = [];

    beforeEach(async () => {
      ({ store, cleanup } = await factory());
    });

    afterEach(async () => {
      await Promise.all(subscriptions.splice(0).map((subscription) => subscription.stop()));
      await cleanup();
    });

    const newStream = (category = 'unit') => `${category}-${randomUUID()}`;

    const event = (type: string, data: Record<string, unknown> = {}): EventToAppend => ({
      type,
      data,
      metadata: {
        correlationId: 'corr-1',
        causationId: 'cause-1',
        actorId: 'user-1',
        actorRoles: ['admin'],
        occurredAt: '2025-01-02T03:04:05.000Z',
        schemaVersion: 1,
      },
    });

    const numbered = (count: number, from = 0) => Array.from({ length: count }, (_, i) => event('Numbered', { n: from + i }));

    /** Every event after `fromPosition` that belongs to one of `streams`, paging through the global log. */
    async function readAllOf(streams: readonly string[], fromPosition: number, pageSize = 100): Promise<RecordedEvent[]> {
      const found: RecordedEvent[] = [];
      let position = fromPosition;
      for (;;) {
        const page = await store.readAll({ fromPosition: position, limit: pageSize });
        if (page.length === 0) return found;
        found.push(...page.filter((e) => streams.includes(e.streamId)));
        position = page[page.length - 1].globalPosition;
      }
    }

    /** Subscribes and records what arrives; `until` resolves once the recorded events satisfy a condition. */
    function subscribe(fromPosition: number, streams: readonly string[], handler?: (events: readonly RecordedEvent[]) => Promise<void>) {
      const received: RecordedEvent[] = [];
      const positions: number[] = [];
      const batchSizes: number[] = [];
      const errors: unknown[] = [];
      let waiter: { condition: () => boolean; done: Deferred<void> } | undefined;
      const check = () => {
        if (waiter?.condition()) waiter.done.resolve();
      };
      const subscription = store.subscribeToAll({
        fromPosition,
        batchSize: 3,
        onEvents: async (events) => {
          await handler?.(events);
          batchSizes.push(events.length);
          positions.push(...events.map((e) => e.globalPosition));
          received.push(...events.filter((e) => streams.includes(e.streamId)));
          check();
        },
        onError: (error) => {
          errors.push(error);
          check();
        },
      });
      subscriptions.push(subscription);
      return {
        subscription,
        received,
        positions,
        batchSizes,
        errors,
        until(condition: () => boolean): Promise<void> {
          waiter = { condition, done: new Deferred<void>() };
          check();
          return waiter.done.promise;
        },
      };
    }

    describe('expected revision', () => {
      it('no_stream: creates a stream, refuses an existing one', async () => {
        const stream = newStream();
        await expect(store.append(stream, [event('A')], 'no_stream')).resolves.toMatchObject({ nextExpectedRevision: 0 });
        const conflict = store.append(stream, [event('B')], 'no_stream');
        await expect(conflict).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        await expect(conflict).rejects.toMatchObject({ streamId: stream, expected: 'no_stream', actual: 0 });
        expect(await store.readStream(stream)).toHaveLength(1);
      });

      it('any: appends whether or not the stream exists', async () => {
        const stream = newStream();
        await expect(store.append(stream, [event('A')], 'any')).resolves.toMatchObject({ nextExpectedRevision: 0 });
        await expect(store.append(stream, [event('B')], 'any')).resolves.toMatchObject({ nextExpectedRevision: 1 });
      });

      it('stream_exists: appends to an existing stream, refuses a missing one', async () => {
        const stream = newStream();
        const missing = store.append(stream, [event('A')], 'stream_exists');
        await expect(missing).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        await expect(missing).rejects.toMatchObject({ actual: 'no_stream' });
        await store.append(stream, [event('A')], 'no_stream');
        await expect(store.append(stream, [event('B')], 'stream_exists')).resolves.toMatchObject({ nextExpectedRevision: 1 });
      });

      it('exact revision: appends after the stream’s last event, refuses a stale or future one', async () => {
        const stream = newStream();
        await store.append(stream, numbered(2), 'no_stream');
        await expect(store.append(stream, [event('Stale')], 0)).rejects.toMatchObject({ expected: 0, actual: 1 });
        await expect(store.append(stream, [event('Future')], 2)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        await expect(store.append(stream, [event('C')], 1)).resolves.toMatchObject({ nextExpectedRevision: 2 });
        await expect(store.append(newStream(), [event('A')], 0)).rejects.toMatchObject({ actual: 'no_stream' });
        expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['Numbered', 'Numbered', 'C']);
      });

      it('an empty append checks the revision and reports the stream’s revision and the head position', async () => {
        const stream = newStream();
        expect((await store.append(stream, [], 'no_stream')).nextExpectedRevision).toBe(-1);
        await store.append(stream, numbered(2), 'no_stream');
        const result = await store.append(stream, [], 1);
        expect(result).toEqual({ nextExpectedRevision: 1, lastGlobalPosition: await store.headPosition() });
        await expect(store.append(stream, [], 0)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        expect(await store.readStream(stream)).toHaveLength(2);
      });

      it('of 20 concurrent appends with the same expected revision, exactly one wins', async () => {
        const stream = newStream();
        await store.append(stream, [event('Created')], 'no_stream');
        const outcomes = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => store.append(stream, [event('Held', { by: i })], 0)));
        const won = outcomes.filter((o) => o.status === 'fulfilled');
        const lost = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(19);
        for (const reason of lost) expect(reason).toBeInstanceOf(WrongExpectedRevisionError);
        expect(await store.readStream(stream)).toHaveLength(2);
      });

      it('appends made at once to many streams are each written and answered; a conflict among them fails only its caller', async () => {
        const streams = Array.from({ length: 24 }, () => newStream());
        const stale = newStream();
        await store.append(stale, [event('Created')], 'no_stream');
        const outcomes = await Promise.allSettled([
          ...streams.map((s, i) => store.append(s, [event('Opened', { i }), event('Priced', { i })], 'no_stream')),
          store.append(stale, [event('Late')], 'no_stream'),
        ]);
        const results = outcomes.slice(0, streams.length).map((o) => (o.status === 'fulfilled' ? o.value : o.reason));
        for (const result of results) expect(result).toMatchObject({ nextExpectedRevision: 1 });
        expect(outcomes[streams.length]).toMatchObject({ status: 'rejected', reason: { streamId: stale, actual: 0 } });
        for (const [i, s] of streams.entries()) {
          const recorded = await store.readStream(s);
          expect(recorded.map((e) => [e.type, e.data.i])).toEqual([
            ['Opened', i],
            ['Priced', i],
          ]);
          expect(results[i].lastGlobalPosition).toBe(recorded[1].globalPosition);
        }
        expect(await store.readStream(stale)).toHaveLength(1);
      });
    });

    describe('reading', () => {
      it('records the event as appended, with revision, position and commit time', async () => {
        const stream = newStream();
        const appended = event('UnitPriced', { uf: 3150.5, tags: ['a'], nested: { ok: true } });
        const result = await store.append(stream, [appended], 'no_stream');
        const [recorded] = await store.readStream(stream);
        expect(recorded).toMatchObject({
          streamId: stream,
          revision: 0,
          globalPosition: result.lastGlobalPosition,
          type: 'UnitPriced',
          data: appended.data,
          metadata: appended.metadata,
        });
        expect(new Date(recorded.recordedAt).toISOString()).toBe(recorded.recordedAt);
      });

      it('numbers a stream’s events 0..n and reads them from a revision', async () => {
        const stream = newStream();
        await store.append(stream, numbered(3), 'no_stream');
        const result = await store.append(stream, numbered(2, 3), 2);
        expect(result.nextExpectedRevision).toBe(4);
        const events = await store.readStream(stream);
        expect(events.map((e) => [e.revision, e.data.n])).toEqual([
          [0, 0],
          [1, 1],
          [2, 2],
          [3, 3],
          [4, 4],
        ]);
        expect((await store.readStream(stream, { fromRevision: 3 })).map((e) => e.revision)).toEqual([3, 4]);
        expect(result.lastGlobalPosition).toBe(events[4].globalPosition);
      });

      it('reads a missing stream as empty', async () => {
        expect(await store.readStream(newStream())).toEqual([]);
      });

      it('gives strictly increasing global positions across streams, up to the head', async () => {
        const [a, b] = [newStream(), newStream('project')];
        const head = await store.headPosition();
        await store.append(a, [event('A1')], 'no_stream');
        await store.append(b, [event('B1')], 'no_stream');
        const last = await store.append(a, [event('A2')], 0);
        const events = await readAllOf([a, b], head);
        expect(events.map((e) => e.type)).toEqual(['A1', 'B1', 'A2']);
        const positions = events.map((e) => e.globalPosition);
        expect(positions[0]).toBeGreaterThan(head);
        expect(positions[1]).toBeGreaterThan(positions[0]);
        expect(positions[2]).toBeGreaterThan(positions[1]);
        expect(await store.headPosition()).toBeGreaterThanOrEqual(last.lastGlobalPosition);
      });

      it('pages through the global log: fromPosition is exclusive, limit caps the page', async () => {
        const stream = newStream();
        const head = await store.headPosition();
        await store.append(stream, numbered(5), 'no_stream');
        const firstPage = await store.readAll({ fromPosition: head, limit: 2 });
        expect(firstPage).toHaveLength(2);
        expect(firstPage[0].globalPosition).toBeGreaterThan(head);
        const nextPage = await store.readAll({ fromPosition: firstPage[0].globalPosition, limit: 2 });
        expect(nextPage[0]).toEqual(firstPage[1]);
        expect((await readAllOf([stream], head, 2)).map((e) => e.data.n)).toEqual([0, 1, 2, 3, 4]);
      });
    });

    describe('subscribeToAll', () => {
      it('catches up, then follows live appends, in order, with no gaps or duplicates', async () => {
        const [a, b] = [newStream(), newStream()];
        const head = await store.headPosition();
        await store.append(a, numbered(4), 'no_stream');
        await store.append(b, numbered(2), 'no_stream');
        const subscriber = subscribe(head, [a, b]);
        await subscriber.until(() => subscriber.received.length === 6);
        await store.append(a, numbered(3, 4), 3);
        await store.append(b, numbered(1, 2), 1);
        await subscriber.until(() => subscriber.received.length === 10);
        expect(subscriber.received).toEqual(await readAllOf([a, b], head));
        expect(subscriber.positions).toEqual([...subscriber.positions].sort((x, y) => x - y));
        expect(new Set(subscriber.positions).size).toBe(subscriber.positions.length);
        expect(Math.max(...subscriber.batchSizes)).toBeLessThanOrEqual(3);
      });

      it('never calls the handler before subscribeToAll has returned', async () => {
        const stream = newStream();
        const head = await store.headPosition();
        await store.append(stream, [event('A')], 'no_stream');
        let returned = false;
        const calledAfterReturn = new Deferred<boolean>();
        const subscription = store.subscribeToAll({
          fromPosition: head,
          onEvents: async () => calledAfterReturn.resolve(returned),
        });
        returned = true;
        subscriptions.push(subscription);
        expect(await calledAfterReturn.promise).toBe(true);
      });

      it('resumes after a checkpoint', async () => {
        const stream = newStream();
        await store.append(stream, numbered(5), 'no_stream');
        const checkpoint = (await store.readStream(stream))[1].globalPosition;
        const subscriber = subscribe(checkpoint, [stream]);
        await subscriber.until(() => subscriber.received.length === 3);
        expect(subscriber.received.map((e) => e.data.n)).toEqual([2, 3, 4]);
      });

      it('redelivers a batch whose handler failed, reports the error, then carries on', async () => {
        const stream = newStream();
        const head = await store.headPosition();
        await store.append(stream, numbered(2), 'no_stream');
        const attempts: number[][] = [];
        const failure = new Error('projection down');
        const subscriber = subscribe(head, [stream], async (events) => {
          attempts.push(events.map((e) => e.globalPosition));
          if (attempts.length === 1) throw failure;
        });
        await subscriber.until(() => subscriber.received.length === 2);
        await store.append(stream, numbered(1, 2), 1);
        await subscriber.until(() => subscriber.received.length === 3);
        expect(subscriber.errors).toEqual([failure]);
        expect(attempts[1]).toEqual(attempts[0]);
        expect(subscriber.received.map((e) => e.data.n)).toEqual([0, 1, 2]);
      });

      it('stop() waits for the handler in flight, and nothing is delivered afterwards', async () => {
        const stream = newStream();
        const head = await store.headPosition();
        await store.append(stream, [event('First')], 'no_stream');
        const handlerEntered = new Deferred<void>();
        const release = new Deferred<void>();
        const subscriber = subscribe(head, [stream], async (events) => {
          if (events.some((e) => e.streamId === stream)) {
            handlerEntered.resolve();
            await release.promise;
          }
        });
        await handlerEntered.promise;
        let stopped = false;
        const stopping = subscriber.subscription.stop().then(() => (stopped = true));
        await new Promise((resolve) => setImmediate(resolve));
        expect(stopped).toBe(false);
        release.resolve();
        await stopping;
        expect(subscriber.received.map((e) => e.type)).toEqual(['First']);

        // A witness started after the stop sees the next event; by then a live subscription would have too.
        await store.append(stream, [event('AfterStop')], 0);
        const witness = subscribe(head, [stream]);
        await witness.until(() => witness.received.length === 2);
        expect(subscriber.received.map((e) => e.type)).toEqual(['First']);
      });
    });
  });
}
