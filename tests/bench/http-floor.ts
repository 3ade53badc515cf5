import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LeanReader } from './lean-client';
import { serverTime, startEntryPoint } from './server';
import { cpuMsOf, fmt, percentile } from './stats';

/**
 * The fixed cost of one API request: the platform's server CPU per request (from /proc: every thread, GC and
 * compiler included) for a trivial GET and the demo's catalogue page, beside the raw engine answering the very same
 * bytes: Node's http alone, and one Express route served as the platform serves its app. Sequential requests over
 * one kept-alive node:http connection from this process. Server-Timing alone hid most of this cost: in 2026-11-29's
 * first measurement GET /csrf/token read 0.3-0.4 ms there for ~1 ms of CPU (Express's per-request prototypes kept
 * each request's garbage past V8's scavenges; see adapters/http/express-server.ts).
 */
const PATHS = ['/api/v1/csrf/token', '/api/v1/projects'] as const;
const WARM_UP = 1_000;
const REQUESTS = 4_000;

type Answer = { status: number; headers: Record<string, string>; body: string };

/** utime + stime of a process, in ms. */
const cpuMs = (pid: number): number => cpuMsOf(`/proc/${pid}/stat`);

/** Sequential GETs of `path`: server CPU per request (µs), Server-Timing and client latency. */
const measure = async (url: string, pid: number, path: string) => {
  const reader = new LeanReader(url);
  try {
    for (let i = 0; i < WARM_UP; i++) await reader.get(path);
    const client: number[] = [];
    const server: number[] = [];
    const before = cpuMs(pid);
    for (let i = 0; i < REQUESTS; i++) {
      const started = process.hrtime.bigint();
      const res = await reader.get(path);
      client.push(Number(process.hrtime.bigint() - started) / 1e6);
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      server.push(serverTime(res.headers));
    }
    return { cpuUs: ((cpuMs(pid) - before) * 1000) / REQUESTS, client, server };
  } finally {
    reader.close();
  }
};

/** The platform's answer to `path` as the raw servers replay it (no date or connection headers: Node sets its own). */
const record = async (url: string, path: string): Promise<Answer> => {
  const reader = new LeanReader(url);
  try {
    const res = await reader.get(path);
    const headers = Object.fromEntries(
      Object.entries(res.headers).filter(([name, value]) => typeof value === 'string' && !['date', 'connection', 'keep-alive'].includes(name)),
    ) as Record<string, string>;
    return { status: res.status, headers, body: res.body };
  } finally {
    reader.close();
  }
};

/** tests/bench/replay-server.ts in a process of its own, with the recorded answers. */
const startReplay = (kind: 'node' | 'express', answers: Record<string, Answer>): Promise<{ url: string; pid: number; stop: () => void }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'replay-server.ts'), JSON.stringify({ kind, answers })], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      const port = /PORT (\d+)/.exec(chunk.toString())?.[1];
      if (port) resolve({ url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => child.kill('SIGTERM') });
    });
    child.once('exit', (code) => reject(new Error(`replay server exited (${code})`)));
  });

export const httpFloorBench = async (): Promise<string[]> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-floor-'));
  const rows: string[] = [];
  try {
    const platform = await startEntryPoint({ DATA_DIR: dataDir });
    const answers: Record<string, Answer> = {};
    const measured: Record<string, Awaited<ReturnType<typeof measure>>> = {};
    try {
      for (const p of PATHS) {
        answers[p] = await record(platform.url, p);
        measured[p] = await measure(platform.url, platform.pid, p);
      }
    } finally {
      await platform.stop();
    }
    const raws: Record<string, Record<string, number>> = {};
    for (const kind of ['node', 'express'] as const) {
      const replay = await startReplay(kind, answers);
      try {
        raws[kind] = {};
        for (const p of PATHS) raws[kind][p] = (await measure(replay.url, replay.pid, p)).cpuUs;
      } finally {
        replay.stop();
      }
    }
    for (const p of PATHS) {
      const m = measured[p];
      const bytes = Buffer.byteLength(answers[p].body);
      rows.push(
        `| GET ${p} over HTTP (${bytes.toLocaleString('en-US')}-byte body), sequential on one kept-alive connection, client in another process: server CPU per request (all threads, /proc) | ${fmt(m.cpuUs, 0)} µs of server CPU a request | p50 ${fmt(percentile(m.client, 50))} ms · p99 ${fmt(percentile(m.client, 99))} ms (Server-Timing p50 ${fmt(percentile(m.server, 50))} ms) | ${REQUESTS} requests |`,
      );
      rows.push(
        `| ... raw engine in the same run: Node's http alone answering the same bytes | ${fmt(raws.node[p], 0)} µs a request (the platform: ${fmt(m.cpuUs / raws.node[p])} ×) | | ${REQUESTS} requests |`,
      );
      rows.push(
        `| ... one Express route answering the same bytes, served as the platform serves its app (createExpressServer) | ${fmt(raws.express[p], 0)} µs a request | | ${REQUESTS} requests |`,
      );
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
};
