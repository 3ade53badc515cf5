import { SqliteEventStore } from '../../adapters/embedded/sqlite-event-store';
import { handleCommand, StaleRevisionError } from '../../kernel/command-handling/handle-command';
import { WrongExpectedRevisionError, type EventStore } from '../../kernel/ports/event-store';
import type { CommandMetadata, Decider, DomainEvent } from '../../domain/shared/event';
import { DomainError } from '../../domain/shared/errors';
import { ApiError, statusOf } from '../../adapters/http/errors';
import { etag, requireIfMatch } from '../../adapters/http/routes/route-helpers';

/**
 * The application tier: the one command handler on a real event store (SQLite in memory), with a tiny
 * decider (a counter with a ceiling) so each rule of handleCommand shows on its own.
 */
type Incremented = DomainEvent<'Incremented', { by: number }>;
type Increment = { type: 'Increment'; by: number };
const CEILING = 3;
const counter: Decider<Increment, number, Incremented> = {
  initialState: () => 0,
  evolve: (total, event) => total + event.data.by,
  decide: (command, total) => {
    if (total + command.by > CEILING) throw new DomainError('BUSINESS_RULE_VIOLATION', 'over the ceiling');
    return command.by === 0 ? [] : [{ type: 'Incremented', data: { by: command.by } }];
  },
};

const meta: CommandMetadata = { now: new Date('2026-03-01T12:00:00Z'), actorId: 'u-1', actorRoles: [], correlationId: 'corr-0001' };
const inc = (by: number): Increment => ({ type: 'Increment', by });

/** A store that lets another writer win the race once, right before this writer's append. */
const racing = (inner: EventStore, rival: () => Promise<unknown>): EventStore & { appends: number } => {
  let raced = false;
  const proxy = Object.create(inner) as EventStore & { appends: number };
  proxy.appends = 0;
  proxy.append = async (...args: Parameters<EventStore['append']>) => {
    proxy.appends++;
    if (!raced) {
      raced = true;
      await rival();
    }
    return inner.append(...args);
  };
  return proxy;
};

describe('handleCommand on SQLite in memory', () => {
  let store: SqliteEventStore;
  beforeEach(() => {
    store = SqliteEventStore.open(':memory:');
  });
  afterEach(async () => {
    await store.close();
  });

  it('appends what the decider decides, with the metadata, and answers the new revision', async () => {
    const first = await handleCommand(store, 'counter-a', counter, inc(1), meta);
    const second = await handleCommand(store, 'counter-a', counter, inc(1), meta);
    expect([first.revision, second.revision]).toEqual([0, 1]);
    const events = await store.readStream('counter-a');
    expect(events.map((e) => [e.type, e.data.by, e.metadata.actorId, e.metadata.occurredAt])).toEqual([
      ['Incremented', 1, 'u-1', '2026-03-01T12:00:00.000Z'],
      ['Incremented', 1, 'u-1', '2026-03-01T12:00:00.000Z'],
    ]);
  });

  it('writes nothing when the decider decides nothing', async () => {
    const result = await handleCommand(store, 'counter-b', counter, inc(0), meta);
    expect(result).toMatchObject({ events: [], revision: -1 });
    expect(await store.readStream('counter-b')).toEqual([]);
  });

  it("retries a concurrency conflict against the winner's events", async () => {
    const rivalWins = () => handleCommand(store, 'counter-c', counter, inc(1), { ...meta, actorId: 'rival' });
    const contested = racing(store, rivalWins);
    const result = await handleCommand(contested, 'counter-c', counter, inc(2), meta);
    expect(contested.appends).toBe(2);
    expect(result.revision).toBe(1);
    expect((await store.readStream('counter-c')).map((e) => [e.metadata.actorId, e.data.by])).toEqual([
      ['rival', 1],
      ['u-1', 2],
    ]);
  });

  it('refuses with the business error when the rule no longer holds after the retry', async () => {
    const rivalWins = () => handleCommand(store, 'counter-d', counter, inc(2), { ...meta, actorId: 'rival' });
    await expect(handleCommand(racing(store, rivalWins), 'counter-d', counter, inc(2), meta)).rejects.toMatchObject({ code: 'BUSINESS_RULE_VIOLATION' });
    expect(await store.readStream('counter-d')).toHaveLength(1);
  });

  it('lets concurrent writers of one stream all through, each on the revision the others left', async () => {
    const writers = ['w1', 'w2', 'w3'].map((actorId) => handleCommand(store, 'counter-i', counter, inc(1), { ...meta, actorId }, { retries: 5 }));
    const results = await Promise.all(writers);
    expect(results.map((r) => r.revision).sort()).toEqual([0, 1, 2]);
    expect((await store.readStream('counter-i')).map((e) => e.revision)).toEqual([0, 1, 2]);
  });

  it('concurrent writers past the rule: exactly the ones that fit win, the others get the business error', async () => {
    const writers = ['w1', 'w2', 'w3'].map((actorId) => handleCommand(store, 'counter-j', counter, inc(2), { ...meta, actorId }, { retries: 5 }));
    const outcomes = await Promise.allSettled(writers);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes.filter((o) => o.status === 'rejected'))
      expect((o as PromiseRejectedResult).reason).toMatchObject({ code: 'BUSINESS_RULE_VIOLATION' });
    expect(await store.readStream('counter-j')).toHaveLength(1);
  });

  it('gives up after the bounded retries', async () => {
    const alwaysConflicting = Object.create(store) as EventStore;
    alwaysConflicting.append = async (streamId) => {
      throw new WrongExpectedRevisionError(streamId, 'no_stream', 0);
    };
    await expect(handleCommand(alwaysConflicting, 'counter-e', counter, inc(1), meta, { retries: 1 })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
  });

  describe('a stream the caller has just made (newStream)', () => {
    it('decides on the initial state without reading the stream first', async () => {
      const reads: string[] = [];
      const counting = Object.create(store) as EventStore;
      counting.readStream = async (streamId, options) => (reads.push(streamId), store.readStream(streamId, options));
      await expect(handleCommand(counting, 'counter-n', counter, inc(2), meta, { newStream: true })).resolves.toMatchObject({ revision: 0 });
      expect(reads).toEqual([]);
      // The state kept for it then serves the next command.
      await expect(handleCommand(counting, 'counter-n', counter, inc(2), meta)).rejects.toMatchObject({ code: 'BUSINESS_RULE_VIOLATION' });
      expect(await store.readStream('counter-n')).toHaveLength(1);
    });

    it('should the stream exist after all, the append refuses and the retry decides on what it holds', async () => {
      await handleCommand(store, 'counter-o', counter, inc(2), meta);
      await expect(handleCommand(store, 'counter-o', counter, inc(2), meta, { newStream: true })).rejects.toMatchObject({ code: 'BUSINESS_RULE_VIOLATION' });
      await expect(handleCommand(store, 'counter-o', counter, inc(1), meta, { newStream: true })).resolves.toMatchObject({ revision: 1 });
      expect((await store.readStream('counter-o')).map((e) => e.data.by)).toEqual([2, 1]);
    });
  });

  describe('If-Match (the HTTP layer answers 412 for StaleRevisionError)', () => {
    it('runs the command when the revision matches', async () => {
      await handleCommand(store, 'counter-f', counter, inc(1), meta);
      await expect(handleCommand(store, 'counter-f', counter, inc(1), meta, { ifMatch: 0 })).resolves.toMatchObject({ revision: 1 });
    });

    it('refuses a stale revision without deciding', async () => {
      await handleCommand(store, 'counter-g', counter, inc(1), meta);
      await handleCommand(store, 'counter-g', counter, inc(1), meta);
      const error = await handleCommand(store, 'counter-g', counter, inc(1), meta, { ifMatch: 0 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StaleRevisionError);
      expect(error).toMatchObject({ expected: 0, actual: 1 });
      expect(await store.readStream('counter-g')).toHaveLength(2);
    });

    it('never retries a conflict when the caller named the revision: the rival made it stale', async () => {
      const rivalWins = () => handleCommand(store, 'counter-h', counter, inc(1), { ...meta, actorId: 'rival' });
      const error = await handleCommand(racing(store, rivalWins), 'counter-h', counter, inc(1), meta, { ifMatch: -1 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StaleRevisionError);
      expect((await store.readStream('counter-h')).map((e) => e.metadata.actorId)).toEqual(['rival']);
    });
  });

  describe('a conditional write as HTTP carries it (ETag W/"n" out, If-Match in)', () => {
    /** What a route that requires If-Match does: read the header, then run the command on that revision. */
    const conditionalWrite = (streamId: string, ifMatch: string | undefined) =>
      handleCommand(store, streamId, counter, inc(1), meta, { ifMatch: requireIfMatch(ifMatch) });
    const statusOfFailure = async (write: () => Promise<unknown>) => {
      const error = await Promise.resolve()
        .then(write)
        .catch((e: unknown) => e);
      if (error instanceof ApiError) return error.status ?? statusOf(error.code);
      if (error instanceof StaleRevisionError) return statusOf('PRECONDITION_FAILED');
      throw new Error(`not a precondition failure: ${String(error)}`);
    };

    it('runs when If-Match carries the ETag last answered', async () => {
      const first = await handleCommand(store, 'counter-k', counter, inc(1), meta);
      await expect(conditionalWrite('counter-k', etag(first.revision))).resolves.toMatchObject({ revision: 1 });
    });

    it('is 412 when the ETag is stale, and writes nothing', async () => {
      const first = await handleCommand(store, 'counter-l', counter, inc(1), meta);
      await handleCommand(store, 'counter-l', counter, inc(1), { ...meta, actorId: 'someone-else' });
      expect(await statusOfFailure(() => conditionalWrite('counter-l', etag(first.revision)))).toBe(412);
      expect(await store.readStream('counter-l')).toHaveLength(2);
    });

    it('is 428 when the route requires If-Match and none came, and writes nothing', async () => {
      await handleCommand(store, 'counter-m', counter, inc(1), meta);
      expect(await statusOfFailure(() => conditionalWrite('counter-m', undefined))).toBe(428);
      expect(await statusOfFailure(() => conditionalWrite('counter-m', '  '))).toBe(428);
      expect(await store.readStream('counter-m')).toHaveLength(1);
    });
  });
});
