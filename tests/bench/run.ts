import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteEventStore } from '../../adapters/embedded/sqlite-event-store';
import { ScryptPasswordHasher } from '../../adapters/crypto/scrypt-password-hasher';
import type { EventStore } from '../../application/ports/event-store';
import { startTestApp } from '../support/test-app';
import { catalogBench } from './catalog';
import { distributedBench } from './distributed';
import { journeyBench } from './journey';
import { fmt, percentile, timed } from './stats';

/**
 * `npm run bench`: measures the embedded mode on this machine, and the distributed mode beside it when the
 * engines of `npm run engines:up` answer (tests/bench/distributed.ts), and writes docs/benchmarks.md.
 * Figures are measurements of one run; timings never gate a test.
 */
const machine = () => `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, ${os.platform()} ${os.release()}, Node ${process.version}`;

const meta = { correlationId: 'bench', actorId: 'bench', actorRoles: [], occurredAt: new Date().toISOString(), schemaVersion: 1 };

const appendBench = async (store: EventStore, writers: number, perWriter: number) => {
  const latencies: number[] = [];
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let i = 0; i < perWriter; i++) {
        const [, ms] = await timed(() => store.append(`bench-${writers}-${w}`, [{ type: 'BenchHappened', data: { i, w }, metadata: meta }], i === 0 ? 'no_stream' : i - 1));
        latencies.push(ms);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { perSecond: (writers * perWriter) / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), count: latencies.length };
};

const main = async () => {
  const rows: string[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const store = SqliteEventStore.open(path.join(dir, 'events.sqlite'));
  for (const writers of [1, 32]) {
    const r = await appendBench(store, writers, writers === 1 ? 2000 : 100);
    rows.push(`| Event store append (SQLite file, WAL, synchronous=FULL), ${writers} concurrent writer(s) | ${fmt(r.perSecond, 0)} appends/s | p50 ${fmt(r.p50)} ms · p99 ${fmt(r.p99)} ms | ${r.count} appends |`);
  }
  await store.close();

  const app = await startTestApp({ KDF_SCRYPT_N: String(2 ** 14), LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_ADDRESS: '100000' });
  try {
    const admin = app.client();
    await admin.login('admin@demo.cl');
    const users = await admin.get('/api/v1/users?search=usuario@demo.cl');
    const target = users.body.items[0].id;
    const ryw: number[] = [];
    let tag = (await admin.get(`/api/v1/users/${target}`)).headers.get('etag')!; // role changes need If-Match
    for (let i = 0; i < 200; i++) {
      const roles = i % 2 === 0 ? ['user', 'collaborator'] : ['user'];
      const [, ms] = await timed(async () => {
        const res = await admin.put(`/api/v1/users/${target}/roles`, { roles, reason: `bench ${i}` }, { 'if-match': tag });
        tag = res.headers.get('etag')!;
        const seen = await admin.get(`/api/v1/users/${target}`, { 'x-min-position': res.headers.get('x-event-position')! });
        if (JSON.stringify(seen.body.roles) !== JSON.stringify([...roles].sort())) throw new Error('read-your-writes violated');
      });
      ryw.push(ms);
    }
    rows.push(`| Command → query read-your-writes over HTTP (PUT roles, then GET with X-Min-Position) | ${fmt(1000 / (ryw.reduce((a, b) => a + b, 0) / ryw.length), 0)} round trips/s | p50 ${fmt(percentile(ryw, 50))} ms · p99 ${fmt(percentile(ryw, 99))} ms | ${ryw.length} pairs |`);

    const hasher = new ScryptPasswordHasher({ N: 2 ** 14, r: 8, p: 1 });
    const logins: number[] = [];
    for (let i = 0; i < 100; i++) {
      const c = app.client();
      await c.csrf();
      const [res, ms] = await timed(() => c.post('/api/v1/auth/cookie/login', { email: 'colaborador@demo.cl', password: 'Demo2026!' }));
      if (res.status !== 200) throw new Error(`login failed ${res.status}`);
      logins.push(ms);
    }
    rows.push(`| Login over HTTP (cookie mode), KDF ${hasher.description} | ${fmt(1000 / (logins.reduce((a, b) => a + b, 0) / logins.length), 0)} logins/s (sequential) | p50 ${fmt(percentile(logins, 50))} ms · p99 ${fmt(percentile(logins, 99))} ms | ${logins.length} logins |`);
  } finally {
    await app.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }

  writeSection('Foundation (embedded mode)', rows);
  writeSection('Buyer journey (embedded mode)', await journeyBench());
  writeSection('Catalogue at 10x: explore query on its index (embedded, beside the raw indexed query)', await catalogBench());
  const distributed = await distributedBench();
  if ('skipped' in distributed) console.log(`Distributed mode benchmarks SKIPPED: ${distributed.skipped}`);
  else writeSection('Distributed mode beside embedded (Kafka, MongoDB protocol)', distributed.rows);
};

/** Replaces (or appends) one `## title` section of docs/benchmarks.md with this run's table. */
const writeSection = (title: string, rows: readonly string[]) => {
  const section = [`## ${title}`, '', `Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}.`, '', '| What | Throughput | Latency | Sample |', '| --- | --- | --- | --- |', ...rows, ''].join('\n');
  const file = path.resolve(__dirname, '../../docs/benchmarks.md');
  const header = '# Benchmarks\n\nWritten by `npm run bench`. Each section is replaced by its latest run; figures are single-run measurements on the machine named.\n';
  const existing = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : header;
  const marker = `## ${title}`;
  const kept = existing.includes(marker) ? existing.replace(new RegExp(`${marker.replace(/[()]/g, '\\$&')}[\\s\\S]*?(?=\\n## |$)`), '').trimEnd() : existing.trimEnd();
  fs.writeFileSync(file, `${kept}\n\n${section}`);
  console.log(section);
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
