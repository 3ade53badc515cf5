import type { IncomingHttpHeaders } from 'node:http';
import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Counters of the server process; the event-loop delay is since the previous call. */
export interface ServerStats {
  readonly connections: number;
  readonly closedByClient: number;
  readonly closedByServer: number;
  readonly loopDelayP99Ms: number;
  readonly loopDelayMaxMs: number;
  readonly commits?: number;
  /** CPU time so far (Linux /proc, 10 ms ticks): the event loop's thread, and the whole process. */
  readonly mainMs?: number;
  readonly processMs?: number;
  readonly appends?: number;
  /** Stream reads the embedded event store answered (a command's "anything after revision n?"), and how many from memory. */
  readonly reads?: number;
  readonly answeredFromMemory?: number;
}

/** The platform started in a child process (tests/bench/server-process.ts), driven over HTTP from this one. */
export interface ServerProcess {
  readonly url: string;
  readonly pid: number;
  /** Verified buyer accounts (email, password), made inside the server process. */
  buyers(count: number): Promise<{ email: string; password: string }[]>;
  /** Starts, or stops and writes to `file`, a CPU profile of the server process. */
  profile(action: 'start' | 'stop', file?: string): Promise<void>;
  /** Resolves once every read model reached the store's head, and whatever the handlers appended after it (TestApp.settled). */
  settled(): Promise<void>;
  /** Connections accepted so far, and the embedded event store's group commits (absent in other modes). */
  commitStats(): Promise<ServerStats>;
  stop(): Promise<void>;
}

/**
 * The V8 flags of `npm run start:tuned` (package.json; docs/operations.md, "V8 tuning"), so the benchmark measures
 * the server as a tuned deployment runs it: a larger young generation (--max-semi-space-size) halved the scavenges
 * of a reservation's short-lived objects, a quarter of V8's default interrupt budget (--interrupt-budget) has the
 * hot paths optimised, and optimised again after a deoptimisation, after a quarter of the bytecode run, and the
 * garbage collector's work stays on the event loop's thread (--single-threaded-gc) rather than in helper threads
 * contending for the two cores (docs/architecture.md).
 */
export const startFlags = (): string[] => {
  const tuned = (JSON.parse(fs.readFileSync(path.join(__dirname, '../../package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts['start:tuned'];
  // The flags between `node` and the launcher.
  const node = /\bnode((?:\s+--[a-z-]+(?:=\d+)?)*)\s+scripts\/start\.mjs\b/.exec(tuned ?? '');
  return node?.[1].trim().split(/\s+/).filter(Boolean) ?? [];
};

/** Extra Node flags for the server under measurement (e.g. `BENCH_SERVER_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/p"`). */
const benchServerFlags = (): string[] => process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? [];

/** `npm start`'s entry point (adapters/main.ts) in a process of its own, with its V8 flags; `stop` ends it. */
export interface EntryPoint {
  readonly url: string;
  /** The server's process id (its CPU time is read from /proc). */
  readonly pid: number;
  stop(): Promise<void>;
}

/**
 * Starts `npm start`'s entry point on a prepared DATA_DIR (the catalogue at 10x, the dashboards' million events):
 * the server as it runs, flags included (the dashboards were measured without them until 2026-11-28).
 */
export const startEntryPoint = (env: Record<string, string>): Promise<EntryPoint> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...startFlags(), ...benchServerFlags(), 'adapters/main.ts'], {
      cwd: path.resolve(__dirname, '../..'),
      env: { ...process.env, MODE: 'embedded', PORT: '0', SMTP_SINK_PORT: '0', NODE_ENV: 'development', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const stop = (): Promise<void> =>
      new Promise((stopped) => {
        child.once('exit', () => stopped());
        child.kill('SIGTERM');
      });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /Plataforma lista en (\S+)/.exec(output)?.[1];
      if (url) resolve({ url, pid: child.pid!, stop });
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before it was ready: ${output}`)));
  });

/** The server's own time for an answer, from its `Server-Timing: app;dur=<ms>` header (NaN without it). */
export const serverTime = (headers: Headers | IncomingHttpHeaders): number => {
  const timing = headers instanceof Headers ? headers.get('server-timing') : headers['server-timing'];
  return Number(/app;dur=([\d.]+)/.exec(typeof timing === 'string' ? timing : '')?.[1] ?? NaN);
};

export const startServerProcess = async (env: Record<string, string> = {}): Promise<ServerProcess> => {
  const child: ChildProcess = fork(path.join(__dirname, 'server-process.ts'), [JSON.stringify(env)], {
    execArgv: ['--import', 'tsx', ...startFlags(), ...benchServerFlags()],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code} before it was ready`)));
    child.on('message', (message: { type?: string; url?: string; id?: number; result?: unknown; error?: string }) => {
      if (message.type === 'ready') resolve(message.url!);
      const waiter = message.id === undefined ? undefined : pending.get(message.id);
      if (!waiter) return;
      pending.delete(message.id!);
      if (message.error) waiter.reject(new Error(message.error));
      else waiter.resolve(message.result);
    });
  });
  const ask = <T>(request: Record<string, unknown>): Promise<T> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.send({ id, ...request });
    });
  return {
    url,
    pid: child.pid!,
    buyers: (count) => ask({ type: 'buyers', count }),
    profile: (action, file) => ask({ type: 'profile', action, file }),
    commitStats: () => ask({ type: 'stats' }),
    settled: () => ask({ type: 'settled' }),
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await ask({ type: 'stop' }).catch(() => undefined);
      await exited;
    },
  };
};
