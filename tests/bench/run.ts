import 'reflect-metadata';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteEventStore } from '../../adapters/embedded/sqlite-event-store';
import type { EventStore } from '../../kernel/ports/event-store';
import { catalogBench } from './catalog';
import { dashboardsBench } from './dashboards';
import { distributedBench } from './distributed';
import { httpFloorBench } from './http-floor';
import { httpLoadBench } from './http-load';
import { journeyBench } from './journey';
import { projectImportBench } from './project-import';
import { rawCommitsPerSecond } from './raw-sqlite';
import { startFlags } from './server';
import { fmt, percentile, timed } from './stats';

/**
 * `npm run bench`: measures the embedded mode on this machine, and the distributed mode beside it when the
 * engines of `npm run engines:up` answer (tests/bench/distributed.ts), and writes docs/benchmarks.md.
 * Figures are measurements of one run; timings never gate a test.
 *
 * `npm run bench -- <scenario> [<scenario> ...]` runs only the scenarios named (see SCENARIOS). A section is
 * rewritten whole, so a partial run writes the sections whose scenarios it ran all of (Foundation: appends,
 * read-your-writes, logins; Buyer journey: journey, reservations; the HTTP floor, catalogue, import, dashboards
 * and distributed sections are their own) and only prints the others' rows.
 */
const SCENARIOS = [
  'appends',
  'reservations',
  'read-your-writes',
  'logins',
  'http-floor',
  'journey',
  'catalogue',
  'import',
  'dashboards',
  'distributed',
] as const;
type Scenario = (typeof SCENARIOS)[number];
const machine = () =>
  `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, ${os.platform()} ${os.release()}, Node ${process.version}`;

const meta = { correlationId: 'bench', actorId: 'bench', actorRoles: [], occurredAt: new Date().toISOString(), schemaVersion: 1 };

const appendBench = async (store: EventStore, writers: number, perWriter: number, streams = 'bench') => {
  const latencies: number[] = [];
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let i = 0; i < perWriter; i++) {
        const [, ms] = await timed(() =>
          store.append(`${streams}-${writers}-${w}`, [{ type: 'BenchHappened', data: { i, w }, metadata: meta }], i === 0 ? 'no_stream' : i - 1),
        );
        latencies.push(ms);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { perSecond: (writers * perWriter) / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), count: latencies.length };
};

const main = async () => {
  const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const unknown = asked.filter((a) => !(SCENARIOS as readonly string[]).includes(a));
  if (unknown.length) throw new Error(`unknown scenario(s) ${unknown.join(', ')}; choose among ${SCENARIOS.join(', ')}`);
  const full = asked.length === 0;
  const runs = (s: Scenario) => full || asked.includes(s);
  /** Writes the section when this run measured every scenario of it, else prints its rows. */
  const write = (title: string, rows: readonly string[], scenarios: readonly Scenario[]) => (scenarios.every(runs) ? writeSection : printSection)(title, rows);
  const rows = runs('appends') ? await appendRows() : [];
  const http =
    runs('reservations') || runs('read-your-writes') || runs('logins')
      ? await httpLoadBench({ reservations: runs('reservations'), readYourWrites: runs('read-your-writes'), logins: runs('logins') })
      : { foundation: [], journey: [] };
  if (rows.length || http.foundation.length) write('Foundation (embedded mode)', [...rows, ...http.foundation], ['appends', 'read-your-writes', 'logins']);
  // Its section is its own: `npm run bench -- http-floor` writes it.
  if (runs('http-floor')) writeSection("HTTP floor: one request's fixed cost (embedded mode)", await httpFloorBench());
  if (runs('journey') || http.journey.length)
    write('Buyer journey (embedded mode)', [...(runs('journey') ? await journeyBench() : []), ...http.journey], ['journey', 'reservations']);
  if (runs('catalogue')) writeSection('Catalogue at 10x: explore query on its index (embedded, beside the raw indexed query)', await catalogBench());
  // The import's section is its own: `npm run bench -- import` writes it too.
  if (runs('import')) writeSection('Catalogue operations: bulk project upload (embedded mode)', await projectImportBench());
  // So is the dashboards': `npm run bench -- dashboards` writes it (1,000,000 events take minutes to prepare).
  if (runs('dashboards')) writeSection(DASHBOARDS_TITLE, [...(await dashboardsBench()), ...DASHBOARDS_NOTES]);
  if (runs('distributed')) {
    const distributed = await distributedBench();
    if ('skipped' in distributed) console.log(`Distributed mode benchmarks SKIPPED: ${distributed.skipped}`);
    // Its section is its own (like the import's): `npm run bench -- distributed` writes it too.
    else writeSection('Distributed mode beside embedded (Kafka, MongoDB protocol)', distributed.rows);
  }
};

const DASHBOARDS_TITLE = 'Dashboards with 1,000,000 events (embedded mode)';
/** What the figures need beside them (rows of the same table, so a rerun rewrites them with the section). */
const DASHBOARDS_NOTES = [
  `| Note: 2 cores shared by the benchmark's client, its server and the load average at the start (${os.loadavg()[0].toFixed(1)}); compare the HTTP figures with the raw engine's measured in the same run, not across runs | | | |`,
];

const appendRows = async (): Promise<string[]> => {
  const rows: string[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  // As embedded mode opens it: the file's sole writer.
  const store = SqliteEventStore.open(path.join(dir, 'events.sqlite'), { soleWriter: true });
  try {
    for (const writers of [1, 32]) {
      // Warm, as a running server is: the first appends to a new file grow its WAL and run before the JIT has
      // compiled the path (a cold single writer measured at half its warm rate). The raw loop runs 1 s of commits.
      await appendBench(store, writers, writers === 1 ? 1000 : 100, `warm-${writers}`);
      const raw = rawCommitsPerSecond();
      const r = await appendBench(store, writers, writers === 1 ? 2000 : 300);
      rows.push(
        `| Event store append (SQLite file, WAL, synchronous=FULL, group commit), ${writers} concurrent writer(s), one event each | ${fmt(r.perSecond, 0)} appends/s = ${fmt(r.perSecond / raw, 2)} × the raw commit rate (${fmt(raw, 0)} fsync'd commits/s, measured just before) | p50 ${fmt(r.p50)} ms · p99 ${fmt(r.p99)} ms | ${r.count} appends |`,
      );
    }
  } finally {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return rows;
};

/** The rows of a section this run measured only part of, printed: docs/benchmarks.md keeps the section whole. */
const printSection = (title: string, rows: readonly string[]) => {
  console.log(
    [
      `## ${title} (partial run: ${process.argv.slice(2).join(' ')})`,
      '',
      `Measured ${new Date().toISOString()} on ${machine()}.`,
      '',
      '| What | Throughput | Latency | Sample |',
      '| --- | --- | --- | --- |',
      ...rows,
      '',
    ].join('\n'),
  );
};

/** Replaces (or appends) one `## title` section of docs/benchmarks.md with this run's table. */
const writeSection = (title: string, rows: readonly string[]) => {
  const section = [
    `## ${title}`,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}.`,
    '',
    '| What | Throughput | Latency | Sample |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
  const file = path.resolve(__dirname, '../../docs/benchmarks.md');
  const header =
    '# Benchmarks\n\nWritten by `npm run bench`. Each section is replaced by its latest run; figures are single-run measurements on the machine named.\n';
  const existing = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : header;
  const marker = `## ${title}`;
  const kept = existing.includes(marker)
    ? existing.replace(new RegExp(`${marker.replace(/[()]/g, '\\$&')}[\\s\\S]*?(?=\\n## |$)`), '').trimEnd()
    : existing.trimEnd();
  fs.writeFileSync(file, `${kept}\n\n${section}`.replace(/\n{3,}/g, '\n\n'));
  console.log(section);
};

/**
 * The benchmark's own process (the buyers' HTTP clients, the in-process event store of the append rows, the raw
 * engine) runs with the V8 flags the server gets from `npm start`, however it was started: the clients share this
 * 2-core machine with the server, and under V8's default interrupt budget and young generation they spent
 * 0.47-0.49 ms of CPU per reservation, against 0.20-0.23 ms with the server's flags (runs in turns), CPU the
 * server then lacked. Buyers' browsers cost the server's machine nothing. Not its single-threaded GC: the server's
 * event loop gains by it (see docs/architecture.md), while the clients' process, with it, took 0.17-0.20 ms of CPU
 * a reservation against 0.11-0.16 and added its own pauses to the clients' latency.
 */
const SERVER_ONLY_FLAG = '--single-threaded-gc';
const missingFlags = startFlags().filter((flag) => flag !== SERVER_ONLY_FLAG && !process.execArgv.includes(flag));
if (missingFlags.length > 0) {
  const child = spawnSync(process.execPath, [...process.execArgv, ...missingFlags, __filename, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(child.status ?? 1);
} else {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
