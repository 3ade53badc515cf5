import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteEventStore } from '../../adapters/embedded/sqlite-event-store';
import { WrongExpectedRevisionError, type EventToAppend } from '../../kernel/ports/event-store';

/**
 * Distributed mode without EventStoreDB runs several API processes over ONE SQLite event store file.
 * Optimistic concurrency must hold across processes, not only across the async callers of one.
 */
const ROOT = path.resolve(__dirname, '../..');
const FIXTURE = path.join(__dirname, 'fixtures/race-appender.ts');

const event = (n: number): EventToAppend => ({
  type: 'Numbered',
  data: { n },
  metadata: { correlationId: `c${n}`, actorId: 'test', actorRoles: [], occurredAt: new Date(0).toISOString(), schemaVersion: 1 },
});

describe('SQLite event store file shared by several processes', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-sqlite-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a revision taken by another connection since the read is refused by UNIQUE(stream, revision) as WrongExpectedRevisionError', async () => {
    const file = path.join(dir, 'events.sqlite');
    const mine = SqliteEventStore.open(file);
    // Appending on its own event loop: the stale read below is faked on this connection's statements (the
    // writer thread runs the same check and the same UNIQUE fallback, event-writer-thread.ts).
    const theirs = SqliteEventStore.open(file, { writerThread: false });
    try {
      await mine.append('unit-1', [event(0)], 'no_stream');
      // Their connection reads the stream as empty (a stale read), so its own revision check passes:
      // only the unique constraint can catch the lost race.
      const internals = theirs as unknown as { statements: { lastRevision: { get(stream: string): { revision: number | null } } } };
      const real = internals.statements.lastRevision;
      internals.statements.lastRevision = { get: () => ({ revision: null }) };
      const error = await theirs.append('unit-1', [event(1)], 'no_stream').catch((e: unknown) => e);
      internals.statements.lastRevision = real;
      expect([error instanceof WrongExpectedRevisionError, String(error)]).toEqual([true, expect.stringContaining('WrongExpectedRevisionError')]);
      expect(error).toMatchObject({ streamId: 'unit-1', expected: 'no_stream' });
      expect((await theirs.readStream('unit-1')).map((e) => e.data.n)).toEqual([0]);
    } finally {
      await mine.close();
      await theirs.close();
    }
  });

  it('four processes racing: one winner per new stream, no revision written twice, only WrongExpectedRevisionError as refusal', async () => {
    const file = path.join(dir, 'events.sqlite');
    const start = path.join(dir, 'start');
    const rounds = 60;
    // Create the file (and its schema) before the racers open it.
    await SqliteEventStore.open(file).close();
    const racers = ['a', 'b', 'c', 'd'].map(
      (worker) =>
        new Promise<{ worker: string; claims: number; appends: number; conflicts: number; otherErrors: string[] }>((resolve, reject) => {
          const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, file, start, worker, String(rounds)], {
            cwd: ROOT,
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          let out = '';
          child.stdout.on('data', (c: Buffer) => (out += c.toString()));
          child.stderr.on('data', (c: Buffer) => (out += c.toString()));
          child.once('exit', (code) =>
            code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error(`racer ${worker} exited ${code}: ${out}`)),
          );
        }),
    );
    // Each racer waits for this file: they start together, after their (slow) module loading.
    setTimeout(() => fs.writeFileSync(start, 'go'), 2_500);
    const results = await Promise.all(racers);

    expect(results.flatMap((r) => r.otherErrors)).toEqual([]);
    const store = SqliteEventStore.open(file);
    try {
      // Each claim stream was created by exactly one process.
      expect(results.reduce((n, r) => n + r.claims, 0)).toBe(rounds);
      for (let i = 0; i < rounds; i++) expect((await store.readStream(`claim-${i}`)).length).toBe(1);
      // The shared stream holds exactly the acknowledged appends, with gap-free revisions.
      const shared = await store.readStream('shared-1');
      expect(shared.length).toBe(results.reduce((n, r) => n + r.appends, 0));
      expect(shared.map((e) => e.revision)).toEqual(shared.map((_, i) => i));
      // Every attempt either won or was refused as a conflict.
      expect(results.reduce((n, r) => n + r.claims + r.appends + r.conflicts, 0)).toBe(4 * rounds * 2);
      // The race was real: several processes won appends, and some lost.
      expect(results.filter((r) => r.appends > 0).length).toBeGreaterThan(1);
      expect(results.reduce((n, r) => n + r.conflicts, 0)).toBeGreaterThan(0);
      const positions = (await store.readAll({ fromPosition: 0, limit: 10_000 })).map((e) => e.globalPosition);
      expect(new Set(positions).size).toBe(positions.length);
      expect([...positions].sort((x, y) => x - y)).toEqual(positions);
    } finally {
      await store.close();
    }
  });
});
