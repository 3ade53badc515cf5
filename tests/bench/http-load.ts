import path from 'node:path';
import { ApiClient } from '../support/api-client';
import { rawCommitsPerSecond } from './raw-sqlite';
import { startServerProcess, type ServerProcess } from './server';
import { fmt, percentile, timed } from './stats';

/** The server's own time for a request, from its `Server-Timing: app;dur=<ms>` header. */
export const serverTimeOf = (headers: Headers): number => Number(/app;dur=([\d.]+)/.exec(headers.get('server-timing') ?? '')?.[1] ?? NaN);

const latencyCell = (values: readonly number[]) => `p50 ${fmt(percentile(values, 50))} ms · p99 ${fmt(percentile(values, 99))} ms`;

const rawRow = (raw: number) =>
  `| ... raw engine in the same run: better-sqlite3, one small insert per transaction, WAL, synchronous=FULL, same disk | ${fmt(raw, 0)} fsync'd commits/s | | 1 s of commits |`;

/**
 * The HTTP hot paths with the clients in THIS process and the platform in another
 * (tests/bench/server-process.ts), as buyers' browsers would be: an in-process benchmark shares one event
 * loop between clients and server and hides the queue in front of the server. Each path is measured beside
 * the raw engine (fsync'd SQLite commits) just before it, so a busy disk or CPU shows in both.
 * BENCH_PROFILE=<dir> writes a CPU profile of the server during the reservations.
 */
export const httpLoadBench = async (
  parts: { reservations?: boolean; readYourWrites?: boolean; logins?: boolean } = { reservations: true, readYourWrites: true, logins: true },
): Promise<{ foundation: string[]; journey: string[] }> => {
  const server = await startServerProcess({ LOGIN_LIMIT_PER_ADDRESS: '100000', LOGIN_LIMIT_PER_ACCOUNT: '100000', KDF_SCRYPT_N: String(2 ** 14) });
  try {
    const journey = parts.reservations ? await reservations(server) : [];
    const foundation = [...(parts.readYourWrites ? await readYourWrites(server) : []), ...(parts.logins ? await logins(server) : [])];
    return { foundation, journey };
  } finally {
    await server.stop();
  }
};

const reservations = async (server: ServerProcess): Promise<string[]> => {
  const concurrency = 64;
  const visitor = new ApiClient(server.url);
  const units: string[] = [];
  for (const card of (await visitor.get('/api/v1/projects?limit=50')).body.items) {
    const table = await visitor.get(`/api/v1/projects/${card.id}/units?available=true`);
    units.push(...table.body.items.map((u: { id: string }) => u.id));
  }
  const buyers = await Promise.all(
    (await server.buyers(concurrency)).map(async ({ email, password }) => {
      const c = new ApiClient(server.url);
      await c.login(email, password);
      return c;
    }),
  );
  const reserve = async (buyer: ApiClient, unitId: string) => {
    const [res, ms] = await timed(() => buyer.post('/api/v1/reservations', { unitId }));
    if (res.status !== 201) throw new Error(`reservation: ${res.status} ${JSON.stringify(res.body)}`);
    return { ms, server: serverTimeOf(res.headers) };
  };
  // One untimed round first: the server's code paths are compiled before the clock runs.
  await Promise.all(buyers.map((buyer, b) => reserve(buyer, units[b])));
  const perBuyer = Math.floor((units.length - concurrency) / concurrency);
  const raw = rawCommitsPerSecond();
  const latencies: number[] = [];
  const serverMs: number[] = [];
  const before = await server.commitStats();
  if (process.env.BENCH_PROFILE) await server.profile('start');
  const started = process.hrtime.bigint();
  await Promise.all(
    buyers.map(async (buyer, b) => {
      for (let k = 0; k < perBuyer; k++) {
        const r = await reserve(buyer, units[concurrency + b * perBuyer + k]);
        latencies.push(r.ms);
        serverMs.push(r.server);
      }
    }),
  );
  const perSecond = latencies.length / (Number(process.hrtime.bigint() - started) / 1e9);
  if (process.env.BENCH_PROFILE) await server.profile('stop', path.join(process.env.BENCH_PROFILE, 'reservations.cpuprofile'));
  const after = await server.commitStats();
  const outside = latencies.map((ms, i) => ms - serverMs[i]);
  const grouped =
    after.commits !== undefined ? `; ${fmt((after.appends! - before.appends!) / (after.commits - before.commits!), 1)} appends per fsync'd commit` : '';
  return [
    `| Reservation command over HTTP (hold + payment start), distinct units, ${concurrency} concurrent buyers, clients in a separate process | ${fmt(perSecond, 0)} reservations/s = ${fmt(perSecond / raw, 2)} × the raw commit rate | ${latencyCell(latencies)} | ${latencies.length} reservations |`,
    `| ... the same reservations, time inside the server (Server-Timing)${grouped} | | ${latencyCell(serverMs)} | ${serverMs.length} reservations |`,
    `| ... the same reservations, time outside the server (client latency − Server-Timing: queue, transfer, client); ${outside.filter((ms) => ms > 900).length} over 900 ms; ${after.connections - before.connections} new connections (closed meanwhile by the client ${after.closedByClient - before.closedByClient}, by the server ${after.closedByServer - before.closedByServer}); server event loop held p99 ${fmt(after.loopDelayP99Ms)} ms, max ${fmt(after.loopDelayMaxMs)} ms | | ${latencyCell(outside)} | ${outside.length} reservations |`,
    rawRow(raw),
  ];
};

/** PUT roles then GET the user with X-Min-Position, on a short and then on a long user-roles stream. */
const readYourWrites = async (server: ServerProcess): Promise<string[]> => {
  const admin = new ApiClient(server.url);
  await admin.login('admin@demo.cl');
  const target = (await admin.get('/api/v1/users?search=usuario@demo.cl')).body.items[0].id;
  let changes = 0;
  // Role changes are conditional writes: each sends the revision the previous answer gave (If-Match).
  let tag = (await admin.get(`/api/v1/users/${target}`)).headers.get('etag')!;
  const roundTrips = async (count: number, measured: boolean) => {
    const latencies: number[] = [];
    const serverMs: number[] = [];
    for (let n = 0; n < count; n++, changes++) {
      const roles = changes % 2 === 0 ? ['user', 'collaborator'] : ['user'];
      const [, ms] = await timed(async () => {
        const res = await admin.put(`/api/v1/users/${target}/roles`, { roles, reason: `bench ${changes}` }, { 'if-match': tag });
        if (res.status !== 200) throw new Error(`role change: ${res.status} ${JSON.stringify(res.body)}`);
        tag = res.headers.get('etag')!;
        if (!measured) return;
        const seen = await admin.get(`/api/v1/users/${target}`, { 'x-min-position': res.headers.get('x-event-position')! });
        if (JSON.stringify(seen.body.roles) !== JSON.stringify([...roles].sort())) throw new Error('read-your-writes violated');
        serverMs.push(serverTimeOf(res.headers) + serverTimeOf(seen.headers));
      });
      if (measured) latencies.push(ms);
    }
    return { latencies, serverMs };
  };
  await roundTrips(20, false);
  const raw = rawCommitsPerSecond();
  const short = await roundTrips(200, true);
  await roundTrips(1_500, false);
  const long = await roundTrips(200, true);
  const row = (r: { latencies: number[]; serverMs: number[] }, length: string) =>
    `| Command → query read-your-writes over HTTP (PUT roles, then GET with X-Min-Position), user-roles stream of ${length} events; time inside the server ${latencyCell(r.serverMs)} | ${fmt(1000 / (r.latencies.reduce((a, b) => a + b, 0) / r.latencies.length), 0)} round trips/s (raw: one fsync'd commit takes ${fmt(1000 / raw)} ms) | ${latencyCell(r.latencies)} | ${r.latencies.length} pairs |`;
  return [row(short, '~20-220'), row(long, `~${changes - 200}-${changes}`), rawRow(raw)];
};

const logins = async (server: ServerProcess): Promise<string[]> => {
  const latencies: number[] = [];
  for (let i = 0; i < 100; i++) {
    const c = new ApiClient(server.url);
    await c.csrf();
    const [res, ms] = await timed(() => c.post('/api/v1/auth/cookie/login', { email: 'colaborador@demo.cl', password: 'Demo2026!' }));
    if (res.status !== 200) throw new Error(`login failed ${res.status}`);
    latencies.push(ms);
  }
  return [
    `| Login over HTTP (cookie mode), KDF scrypt N=16384 r=8 p=1 (16 MiB), clients in a separate process | ${fmt(1000 / (latencies.reduce((a, b) => a + b, 0) / latencies.length), 0)} logins/s (sequential) | ${latencyCell(latencies)} | ${latencies.length} logins |`,
  ];
};
